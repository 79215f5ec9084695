import { expect, test, vi } from 'vitest';

// CONVENTIONS.md item 1: the core entries must not import React. With 'react' mocked
// to a module that fails as soon as it is loaded, any React import in them makes
// these imports, and so this test, fail.
vi.mock('react', () => {
  throw new Error('A cart-queue core entry imported react; React belongs in src/react/.');
});

test('the core, ./controller, ./store-api and ./sync entries load and work without React', async () => {
  const core = await import('./index');
  const { createCartController } = await import('./controller');
  const { createStoreApiTransport } = await import('./store-api');
  const { createApiFetch } = await import('@cartwright/store-api-client');
  const { createStoreApi } = await import('@cartwright/store-api-client/store');
  const { storeCart } = await import('./test/store-cart');
  const { createCartSync } = await import('./sync');
  expect(core.createCartQueue).toBeTypeOf('function');
  const cart = createCartController({
    transport: createStoreApiTransport({
      store: createStoreApi(createApiFetch({ fetch: () => Promise.reject(new Error('offline')) })),
    }),
    cartUrl: '/cart/',
    initialCart: storeCart(),
  });
  const sync = createCartSync({
    controller: cart,
    readCookie: () => undefined,
    localStorage: null,
    sessionStorage: null,
    listen: () => () => undefined,
  });
  await expect(sync.start()).resolves.toEqual({ type: 'unchanged' });
  expect(cart.getSnapshot().itemCount).toBe(0);
});
