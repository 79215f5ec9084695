// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT, createScriptLoader } from './script-loader';

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
});

const scripts = () => [...document.head.querySelectorAll('script')];

describe('createScriptLoader', () => {
  test('times a chunk out after 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT).toBe(120_000);
  });

  test('adds one async script per URL and shares the load', async () => {
    const loader = createScriptLoader();
    const first = loader.load('https://shop.example/a.js');
    const second = loader.load('https://shop.example/a.js');
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.async).toBe(true);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('loaded');
    await expect(second).resolves.toBe('loaded');
    await expect(loader.load('https://shop.example/a.js')).resolves.toBe('loaded');
    expect(scripts()).toHaveLength(1);
  });

  test('fails with script_timeout after 120 s, and the next load tries again', async () => {
    const loader = createScriptLoader();
    const loading = loader.load('https://shop.example/slow.js');
    const outcome = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(scripts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ name: 'ConsentAnalyticsError', code: 'script_timeout' });
    expect(scripts()).toHaveLength(0);

    const retry = loader.load('https://shop.example/slow.js');
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('loaded');
  });

  test('fails with script_error on a network error, without caching the failure', async () => {
    const loader = createScriptLoader();
    const loading = loader.load('https://shop.example/missing.js');
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toMatchObject({ code: 'script_error' });
    const retry = loader.load('https://shop.example/missing.js');
    expect(scripts()).toHaveLength(1);
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('loaded');
  });

  test('refuses an empty URL', async () => {
    await expect(createScriptLoader().load('')).rejects.toMatchObject({ code: 'invalid_options' });
  });
});
