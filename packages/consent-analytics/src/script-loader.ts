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
export type ChunkLoaderOptions = Omit<ScriptLoaderOptions, 'document'>;

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
      Promise.resolve()
        .then(load)
        .then(
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
