import { expect, test, vi } from 'vitest';

// CONVENTIONS.md item 1: the core entry must not import React. With 'react' mocked
// to a module that fails as soon as it is loaded, any React import in the core
// makes this import, and so this test, fail.
vi.mock('react', () => {
  throw new Error('The consent-analytics core imported react; React belongs in src/react/.');
});

test('the core entry loads and works without React', async () => {
  const core = await import('./index');
  const store = core.createConsentStore({ framework: true });
  store.set('statistics', 'granted');
  expect(core.canLoadAnalytics(store.getSnapshot())).toBe(true);
});
