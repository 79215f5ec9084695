import { expect, test } from 'vitest';
import { createChunkLoader, createScriptLoader } from './script-loader';

test('during server rendering a load does nothing and says so', async () => {
  expect(typeof document).toBe('undefined');
  await expect(createScriptLoader().load('/analytics.js')).resolves.toBe('skipped');
});

test('a chunk loads during server rendering too', async () => {
  await expect(createChunkLoader().load('answer', () => Promise.resolve(42))).resolves.toBe(42);
});
