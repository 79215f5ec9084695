import { ConsentAnalyticsError } from './errors';

/** How long a script chunk may take to load: webpack's `chunkLoadTimeout`, spec §9. */
export const CHUNK_LOAD_TIMEOUT = 120_000;

/** Options of {@link createScriptLoader}. */
export interface ScriptLoaderOptions {
  /**
   * Milliseconds before a load fails with `script_timeout`.
   * @default 120000
   */
  timeout?: number;
  /**
   * The document to add `<script>` elements to.
   * @default globalThis.document, looked up at each load (none during SSR)
   */
  document?: Document;
  /**
   * Timers (inject fakes in tests).
   * @default globalThis.setTimeout / clearTimeout
   */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout?: (id: unknown) => void;
}

/** Loads scripts once each; see {@link createScriptLoader}. */
export interface ScriptLoader {
  /**
   * Loads `src` once: later calls share the same promise. Resolves `'loaded'`, or
   * `'skipped'` when there is no document (server rendering: nothing happens).
   * A failure is not remembered: the next call tries again.
   * @throws {ConsentAnalyticsError} (rejects) `script_error` or `script_timeout`.
   */
  load: (src: string) => Promise<'loaded' | 'skipped'>;
}

/**
 * Creates a {@link ScriptLoader}: one `<script async>` per URL, a timeout per
 * load, and no failure cached (a flaky network gets another chance).
 *
 * @example
 * const loader = createScriptLoader();
 * consent.subscribe((snapshot) => {
 *   if (canLoadAnalytics(snapshot)) void loader.load('/analytics.js');
 * });
 */
export function createScriptLoader(options: ScriptLoaderOptions = {}): ScriptLoader {
  const { timeout = CHUNK_LOAD_TIMEOUT } = options;
  const set = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clear =
    options.clearTimeout ??
    ((id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>));
  const loads = new Map<string, Promise<'loaded'>>();

  return {
    load(src) {
      if (typeof src !== 'string' || !src) {
        return Promise.reject(
          new ConsentAnalyticsError('invalid_options', 'load() expects a script URL.'),
        );
      }
      const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
      if (!doc) return Promise.resolve('skipped');
      let loading = loads.get(src);
      if (!loading) {
        loading = new Promise<'loaded'>((resolve, reject) => {
          const script = doc.createElement('script');
          const settle = (error?: ConsentAnalyticsError) => {
            clear(timer);
            script.onload = script.onerror = null;
            if (!error) return resolve('loaded');
            // Forget the failure, and the element, so the next load() starts afresh.
            loads.delete(src);
            script.remove();
            reject(error);
          };
          const timer = set(
            () =>
              settle(
                new ConsentAnalyticsError(
                  'script_timeout',
                  `Loading ${src} timed out after ${timeout} ms.`,
                ),
              ),
            timeout,
          );
          script.onload = () => settle();
          script.onerror = (event) =>
            settle(
              new ConsentAnalyticsError('script_error', `Loading ${src} failed.`, {
                cause: event,
              }),
            );
          script.async = true;
          script.src = src;
          doc.head.append(script);
        });
        loads.set(src, loading);
      }
      return loading;
    },
  };
}

/** Options of {@link createChunkLoader}. */
export interface ChunkLoaderOptions extends Omit<ScriptLoaderOptions, 'document'> {
  /**
   * Imports a chunk by its URL: `(url) => import(/* @vite-ignore *\/ url)`, written in the page's
   * own code so that its bundler leaves it alone. With it, a chunk whose import failed is
   * imported again under a new URL (`?retry=1`, `?retry=2`, …) when importing it as before fails
   * again: some browsers remember a module they failed to fetch and never ask the network
   * for it again on that page (Chromium 150 does; 156 fetches it again), so without it one
   * lost request leaves that chunk unloadable until a reload. The URL is the one the failed
   * import's error names (Chromium and Firefox say it), on the page's origin only.
   * @default none: the next call runs the chunk's import again, as it is
   */
  importUrl?: (url: string) => Promise<unknown>;
}

/** Loads lazy module chunks once each; see {@link createChunkLoader}. */
export interface ChunkLoader {
  /**
   * Loads the chunk `name` once: `load` is its dynamic `import()`
   * (`() => import('./rest-client')`), which a bundler turns into a chunk request with no
   * timeout of its own. Later calls share the same promise. A chunk that has not arrived
   * within the timeout rejects, and a failure is not remembered: the next call imports again.
   * @throws {ConsentAnalyticsError} (rejects) `script_timeout`, or `script_error` with the
   *   import's error as `cause`; `invalid_options` for a missing name or import.
   */
  load: <T>(name: string, load: () => Promise<T>) => Promise<T>;
}

/**
 * Creates a {@link ChunkLoader}: a page's lazy chunks (dynamic `import()`s) with webpack's
 * `chunkLoadTimeout` of 120 s (spec §9), shared while loading, retried after a failure.
 * Unlike {@link createScriptLoader} it needs no document, so the same code runs during
 * server rendering (where the import simply runs).
 *
 * @example
 * const chunks = createChunkLoader();
 * const client = await chunks.load('rest-client', () => import('./rest-client'));
 */
export function createChunkLoader(options: ChunkLoaderOptions = {}): ChunkLoader {
  const { timeout = CHUNK_LOAD_TIMEOUT } = options;
  const set = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clear =
    options.clearTimeout ??
    ((id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>));
  const chunks = new Map<string, Promise<unknown>>();
  /** A failed chunk's URL, as its error named it, with the number of its last retry. */
  const failed = new Map<string, URL>();

  /**
   * The chunk's import. With `importUrl`, a failure keeps the URL its error ends with ("Failed
   * to fetch dynamically imported module: https://…/chunk.js") if it is on the page's origin,
   * and once that is known, an import that fails again is retried under that URL afresh.
   */
  const importChunk = <T>(name: string, load: () => Promise<T>): Promise<T> =>
    Promise.resolve()
      .then(load)
      .catch((error: unknown) => {
        if (!options.importUrl) throw error;
        const url = failed.get(name);
        if (!url) {
          try {
            const named = new URL((error as Error).message.split(' ').pop() as string);
            if (named.origin === location.origin) failed.set(name, named);
          } catch {
            // No URL in the error (or no page): the next call imports as before.
          }
          throw error;
        }
        url.searchParams.set('retry', String(Number(url.searchParams.get('retry')) + 1));
        return options.importUrl(url.href) as Promise<T>;
      });

  const start = <T>(name: string, load: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = set(
        () =>
          reject(
            new ConsentAnalyticsError(
              'script_timeout',
              `Loading ${name} timed out after ${timeout} ms.`,
            ),
          ),
        timeout,
      );
      importChunk(name, load).then(
        (module) => {
          clear(timer);
          resolve(module);
        },
        (error: unknown) => {
          clear(timer);
          reject(
            new ConsentAnalyticsError('script_error', `Loading ${name} failed.`, {
              cause: error,
            }),
          );
        },
      );
    });

  return {
    load<T>(name: string, load: () => Promise<T>) {
      if (typeof name !== 'string' || !name || typeof load !== 'function') {
        return Promise.reject(
          new ConsentAnalyticsError(
            'invalid_options',
            'load() expects a chunk name and an import.',
          ),
        );
      }
      let loading = chunks.get(name) as Promise<T> | undefined;
      if (!loading) {
        const started = start(name, load);
        // A failure is forgotten, so the next call imports afresh.
        started.catch(() => {
          if (chunks.get(name) === started) chunks.delete(name);
        });
        chunks.set(name, started);
        loading = started;
      }
      return loading;
    },
  };
}
