// Hydration after the first paint (decision 0027). The server renames React Router's module
// preloads and its entry module script (app/lib/deferred-scripts.server.ts) so the browser
// neither fetches nor runs them while the page paints; this inline script, first in <head>,
// turns them back into real ones once the page has painted its content and is parsed.

/** `rel` of a module preload held back until the first paint. */
export const DEFERRED_PRELOAD_REL = 'cw-modulepreload';

/** `type` of the entry module script held back until the first paint (a data block until then). */
export const DEFERRED_MODULE_TYPE = 'text/cw-module';

/**
 * How long to wait for a first contentful paint before loading the scripts anyway: a page that
 * never paints content (a tab opened in the background, a browser without paint timing) still
 * hydrates.
 */
export const PAINT_TIMEOUT_MS = 3000;

/**
 * The attribute the root sets on `<html>` once React has hydrated the page: until then the
 * inline loader answers what the page's forms would have done without JavaScript.
 */
export const HYDRATED_ATTRIBUTE = 'data-cw-hydrated';

/**
 * Marks the page hydrated ({@link HYDRATED_ATTRIBUTE}): from here on React handles the
 * ordering select (a client-side navigation) and the inline fallback stands aside.
 */
export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, '');
}

/**
 * The global where the inline loader keeps the selects changed before hydration (name → value),
 * for `takeEarlyChoices` (`lib/pre-hydration.ts`).
 */
export const EARLY_CHOICES_GLOBAL = '__cwEarlyChoices';
