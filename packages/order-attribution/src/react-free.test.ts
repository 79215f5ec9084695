import { expect, test, vi } from 'vitest';

// CONVENTIONS.md item 1: the core entries must not import React.
vi.mock('react', () => {
  throw new Error('The order-attribution core imported react; React belongs in src/react/.');
});

test('the core and extended entries load and work without React', async () => {
  const core = await import('./index');
  const { EXTENDED_CLASSIFIER } = await import('./extended');
  const tracker = core.createAttributionTracker({
    ...EXTENDED_CLASSIFIER,
    cookies: { get: () => '', set: () => undefined },
  });
  expect(
    tracker.pageView({ url: 'https://shop.example/?fbclid=1', referrer: '' }).values,
  ).toMatchObject({ source_type: 'utm', utm_source: 'facebook' });
});
