import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { defineAddressProvider } from './provider-helper';
import { suggestion } from './test-helpers';
import type { AddressSuggestion, SearchOptions } from './types';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function helper(options: { debounceMs?: number; cacheSize?: number } = {}) {
  const calls: string[] = [];
  const signals: Array<AbortSignal | undefined> = [];
  const provider = defineAddressProvider({
    id: 'p',
    canSearch: (country) => country === 'GB',
    search: (query: string, country: string, _type, { signal }: SearchOptions) => {
      calls.push(`${country}:${query}`);
      signals.push(signal);
      return Promise.resolve<AddressSuggestion[]>([suggestion(calls.length, query)]);
    },
    select: (id) => Promise.resolve({ address_1: id }),
    ...options,
  });
  return { provider, calls, signals };
}

describe('defineAddressProvider', () => {
  test('waits 300 ms of quiet, then looks up only the latest query; superseded calls get its answer', async () => {
    const { provider, calls } = helper();
    const first = provider.search('Dow', 'GB', 'billing');
    await vi.advanceTimersByTimeAsync(200);
    const second = provider.search('Down', 'GB', 'billing');
    await vi.advanceTimersByTimeAsync(299);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['GB:Down']);
    expect(await first).toEqual(await second);
  });

  test('debounces billing and shipping apart: each form gets the answer to its own query', async () => {
    const { provider, calls } = helper();
    const billing = provider.search('Dow', 'GB', 'billing');
    await vi.advanceTimersByTimeAsync(100);
    const shipping = provider.search('Hig', 'GB', 'shipping');
    await vi.advanceTimersByTimeAsync(300);
    expect(calls.sort()).toEqual(['GB:Dow', 'GB:Hig']);
    expect((await billing)[0]?.label).toBe('Dow');
    expect((await shipping)[0]?.label).toBe('Hig');
  });

  test('answers a cached query at once, without a lookup', async () => {
    const { provider, calls } = helper();
    const first = provider.search('Downing', 'GB', 'billing');
    await vi.advanceTimersByTimeAsync(300);
    const cached = provider.search('Downing', 'GB', 'shipping');
    expect(await cached).toBe(await first);
    expect(calls).toEqual(['GB:Downing']);
  });

  test('drops the least recently used entry when the cache is full', async () => {
    const { provider, calls } = helper({ cacheSize: 2, debounceMs: 0 });
    for (const query of ['aaa', 'bbb', 'aaa', 'ccc', 'aaa', 'bbb']) {
      const pending = provider.search(query, 'GB', 'billing');
      await vi.advanceTimersByTimeAsync(0);
      await pending;
    }
    // aaa was used again before ccc arrived, so bbb was the one dropped.
    expect(calls).toEqual(['GB:aaa', 'GB:bbb', 'GB:ccc', 'GB:bbb']);
  });

  test('keys the cache by country too', async () => {
    const { provider, calls } = helper({ debounceMs: 0 });
    for (const country of ['GB', 'US']) {
      const pending = provider.search('Main', country, 'billing');
      await vi.advanceTimersByTimeAsync(0);
      await pending;
    }
    expect(calls).toEqual(['GB:Main', 'US:Main']);
  });

  test('an aborted call rejects with the abort reason, and no lookup runs when nobody waits', async () => {
    const { provider, calls } = helper();
    const controller = new AbortController();
    const pending = provider.search('Downing', 'GB', 'billing', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
  });

  test('passes the signal of the call that triggered the lookup', async () => {
    const { provider, signals } = helper({ debounceMs: 0 });
    const controller = new AbortController();
    const pending = provider.search('Downing', 'GB', 'billing', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(0);
    await pending;
    expect(signals).toEqual([controller.signal]);
  });

  test('does not cache failures', async () => {
    let fail = true;
    const provider = defineAddressProvider({
      id: 'p',
      canSearch: () => true,
      search: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve([])),
      select: () => Promise.resolve({}),
      debounceMs: 0,
    });
    const first = provider.search('Main', 'GB', 'billing');
    const assertion = expect(first).rejects.toThrow('down');
    await vi.advanceTimersByTimeAsync(0);
    await assertion;
    fail = false;
    const second = provider.search('Main', 'GB', 'billing');
    await vi.advanceTimersByTimeAsync(0);
    await expect(second).resolves.toEqual([]);
  });

  test.each([
    ['a negative debounce', { debounceMs: -1 }],
    ['a negative cache size', { cacheSize: -5 }],
    ['NaN', { debounceMs: Number.NaN }],
  ])('refuses %s with invalid_options', (_title, options) => {
    expect(() => helper(options)).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });
});
