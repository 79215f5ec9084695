// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT, createChunkLoader, createScriptLoader } from './script-loader';

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

describe('createChunkLoader', () => {
  test('imports a chunk once and shares it', async () => {
    const loader = createChunkLoader();
    const module = { answer: 42 };
    const load = vi.fn(() => Promise.resolve(module));
    const first = loader.load('answers', load);
    const second = loader.load('answers', load);
    await expect(first).resolves.toBe(module);
    await expect(second).resolves.toBe(module);
    await expect(loader.load('answers', load)).resolves.toBe(module);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a chunk that has not arrived after 120 s fails with script_timeout; the next call imports again', async () => {
    const loader = createChunkLoader();
    const load = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockImplementationOnce(() => new Promise(() => undefined))
      .mockImplementationOnce(() => Promise.resolve({ ok: true }));
    const outcome = loader.load('slow', load).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({
      name: 'ConsentAnalyticsError',
      code: 'script_timeout',
      message: 'Loading slow timed out after 120000 ms.',
    });
    await expect(loader.load('slow', load)).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('an import that fails is script_error with the cause, and is not remembered', async () => {
    const loader = createChunkLoader({ timeout: 5000 });
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce('second time');
    await expect(loader.load('flaky', load)).rejects.toMatchObject({
      code: 'script_error',
      cause: failure,
    });
    await expect(loader.load('flaky', load)).resolves.toBe('second time');
  });

  describe('a browser that remembers a failed module (importUrl)', () => {
    // jsdom's page is on http://localhost:3000 (vitest's default URL).
    const chunkUrl = `${location.origin}/assets/suggestions-Ab12.js`;
    /** Chromium's error for an import whose fetch failed. */
    const fetchFailed = (url: string) =>
      new TypeError(`Failed to fetch dynamically imported module: ${url}`);

    test('the next call imports the chunk as before, and when that fails at once, its URL afresh', async () => {
      const importUrl = vi.fn((url: string) => Promise.resolve({ from: url }));
      const loader = createChunkLoader({ importUrl });
      // The browser answers every later import of the same URL with the same failure.
      const load = vi.fn(() => Promise.reject(fetchFailed(chunkUrl)));
      await expect(loader.load('suggestions', load)).rejects.toMatchObject({
        code: 'script_error',
      });
      expect(importUrl).not.toHaveBeenCalled();
      await expect(loader.load('suggestions', load)).resolves.toEqual({
        from: `${chunkUrl}?retry=1`,
      });
      expect(load).toHaveBeenCalledTimes(2);
      // Loaded: shared from now on.
      await loader.load('suggestions', load);
      expect(importUrl).toHaveBeenCalledTimes(1);
    });

    test('a browser that fetches the chunk again gets it under its own URL, not a second copy', async () => {
      const importUrl = vi.fn((url: string) => Promise.resolve({ from: url }));
      const loader = createChunkLoader({ importUrl });
      const load = vi
        .fn<() => Promise<{ from: string }>>()
        .mockRejectedValueOnce(fetchFailed(chunkUrl))
        .mockResolvedValueOnce({ from: chunkUrl });
      await expect(loader.load('suggestions', load)).rejects.toMatchObject({
        code: 'script_error',
      });
      await expect(loader.load('suggestions', load)).resolves.toEqual({ from: chunkUrl });
      expect(importUrl).not.toHaveBeenCalled();
    });

    test('each retry has a new URL; the error of a retry that failed is script_error with its cause', async () => {
      const offline = (url: string) => Promise.reject(fetchFailed(url));
      const importUrl = vi.fn(offline);
      const loader = createChunkLoader({ importUrl });
      const load = () => offline(chunkUrl);
      await expect(loader.load('suggestions', load)).rejects.toMatchObject({
        code: 'script_error',
      });
      const second = await loader.load('suggestions', load).catch((error: unknown) => error);
      expect(second).toMatchObject({
        code: 'script_error',
        cause: fetchFailed(`${chunkUrl}?retry=1`),
      });
      await expect(loader.load('suggestions', load)).rejects.toMatchObject({
        code: 'script_error',
      });
      expect(importUrl.mock.calls.map(([url]) => url)).toEqual([
        `${chunkUrl}?retry=1`,
        `${chunkUrl}?retry=2`,
      ]);
    });

    test('a URL on another origin, or an error that names none, is never imported', async () => {
      const importUrl = vi.fn(() => Promise.resolve('imported'));
      const loader = createChunkLoader({ importUrl });
      const foreign = () => Promise.reject(fetchFailed('https://evil.example/assets/x.js'));
      await expect(loader.load('foreign', foreign)).rejects.toMatchObject({ code: 'script_error' });
      await expect(loader.load('foreign', foreign)).rejects.toMatchObject({ code: 'script_error' });
      const nameless = () => Promise.reject(new TypeError('Importing a module script failed.'));
      await expect(loader.load('nameless', nameless)).rejects.toMatchObject({
        code: 'script_error',
      });
      await expect(loader.load('nameless', nameless)).rejects.toMatchObject({
        code: 'script_error',
      });
      expect(importUrl).not.toHaveBeenCalled();
    });
  });

  test('a loaded chunk clears its timer', async () => {
    const loader = createChunkLoader();
    await loader.load('quick', () => Promise.resolve(1));
    expect(vi.getTimerCount()).toBe(0);
  });

  test('refuses a missing name or import', async () => {
    const loader = createChunkLoader();
    await expect(loader.load('', () => Promise.resolve(1))).rejects.toMatchObject({
      code: 'invalid_options',
    });
    await expect(
      loader.load('x', undefined as unknown as () => Promise<number>),
    ).rejects.toMatchObject({ code: 'invalid_options' });
  });
});
