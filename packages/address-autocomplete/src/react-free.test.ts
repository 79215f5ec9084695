import { expect, test, vi } from 'vitest';

// CONVENTIONS.md item 1: the core entry must not import React. With 'react' mocked
// to a module that fails as soon as it is loaded, any React import in the core
// makes this import, and so this test, fail.
vi.mock('react', () => {
  throw new Error('The address-autocomplete core imported react; React belongs in src/react/.');
});

test('the core entry and the providers load and work without React', async () => {
  const core = await import('./index');
  await import('./providers/store');
  await import('./providers/photon');
  const registry = core.createAddressAutocompleteRegistry({ serverProviders: [] });
  expect(registry.findProvider('GB')).toBeNull();
  expect(core.toPlainText('<b>ok</b>')).toBe('ok');
});
