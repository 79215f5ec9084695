import { expect, test } from 'vitest';
import { createScriptLoader } from './script-loader';

test('during server rendering a load does nothing and says so', async () => {
  expect(typeof document).toBe('undefined');
  await expect(createScriptLoader().load('/analytics.js')).resolves.toBe('skipped');
});
