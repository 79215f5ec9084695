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
 * The inline loader. Waits for the first contentful paint (`paint` timing, or at most
 * {@link PAINT_TIMEOUT_MS}) and for the document to be parsed, then adds the module preloads
 * and runs the entry module, in the order the server wrote them, with the data block's
 * Content-Security-Policy nonce.
 */
export const DEFERRED_SCRIPTS_LOADER = `(function(){var d=document,p=0,s=0,done=0;function go(){if(done||!p||!s)return;done=1;d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){var n=d.createElement("link");n.rel="modulepreload";n.href=l.getAttribute("href");l.replaceWith(n)});d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(o){var n=d.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)})}function painted(){p=1;go()}try{new PerformanceObserver(function(l,o){l.getEntries().forEach(function(e){if(e.name==="first-contentful-paint"){o.disconnect();painted()}})}).observe({type:"paint",buffered:true})}catch(e){p=1}setTimeout(painted,${PAINT_TIMEOUT_MS});if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",function(){s=1;go()});else s=1}())`;
