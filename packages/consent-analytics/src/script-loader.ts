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
