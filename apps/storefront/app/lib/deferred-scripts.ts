import { ISLAND_PAGE_ATTRIBUTE } from './island-page';

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

/** WooCommerce's sort-by select, which a change submits natively when nothing else answers it. */
const ORDERING_SELECT = 'form.woocommerce-ordering select.orderby';

/**
 * The session storage key under which the inline loader notes the path of a sort it submitted
 * natively: the sorted page (a new document) puts the focus back on its sort-by select, where
 * the keyboard left it, rather than at the document's start. Read once, and only by a page at
 * that path.
 */
const REFOCUS_KEY = 'cw-refocus';

/** Puts the focus back on the sort-by select after a native sort (REFOCUS_KEY). */
const REFOCUS = `function refocus(){try{var v=sessionStorage.getItem("${REFOCUS_KEY}"),e;if(v===null)return;sessionStorage.removeItem("${REFOCUS_KEY}");e=v===location.pathname&&d.querySelector("${ORDERING_SELECT}");if(e)e.focus()}catch(x){}}`;

/**
 * No interaction lost before hydration (issue 16): until the page has hydrated, a change of
 * WooCommerce's sort-by select (`form.woocommerce-ordering select.orderby`, a GET form) submits
 * its form natively, as WooCommerce's own script does, so the sorted page loads. Without it the
 * change would do nothing and hydration would put the old choice back. Any other named select
 * changed meanwhile is remembered ({@link EARLY_CHOICES_GLOBAL}): hydration puts a controlled
 * select back to the page's state, and the page takes the shopper's choice from there
 * (decision 0064). On an island page (decision 0082) nothing hydrates the sort-by form, so its
 * change submits the form natively for the page's whole life.
 */
const PRE_HYDRATION_SUBMIT = `d.addEventListener("change",function(e){var t=e.target,h=d.documentElement;if(h.hasAttribute("${HYDRATED_ATTRIBUTE}")&&!h.hasAttribute("${ISLAND_PAGE_ATTRIBUTE}")||!(t instanceof HTMLSelectElement))return;if(t.form&&t.matches("${ORDERING_SELECT}")){try{sessionStorage.setItem("${REFOCUS_KEY}",location.pathname)}catch(e){}return t.form.submit()}if(t.name)(window.${EARLY_CHOICES_GLOBAL}||(window.${EARLY_CHOICES_GLOBAL}={}))[t.name]=t.value},true);`;

/**
 * The inline loader. Waits for the first contentful paint (`paint` timing, or at most
 * {@link PAINT_TIMEOUT_MS}) and for the document to be parsed, then adds the module preloads
 * and runs the entry module, in the order the server wrote them, with the data block's
 * Content-Security-Policy nonce. Until the page has hydrated, it submits the ordering form on
 * a change (PRE_HYDRATION_SUBMIT above).
 */
export const DEFERRED_SCRIPTS_LOADER = `(function(){var d=document,p=0,s=0,done=0;${PRE_HYDRATION_SUBMIT}${REFOCUS}function go(){if(done||!p||!s)return;done=1;d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){var n=d.createElement("link");n.rel="modulepreload";n.href=l.getAttribute("href");l.replaceWith(n)});d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(o){var n=d.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)})}function painted(){p=1;go()}try{new PerformanceObserver(function(l,o){l.getEntries().forEach(function(e){if(e.name==="first-contentful-paint"){o.disconnect();painted()}})}).observe({type:"paint",buffered:true})}catch(e){p=1}setTimeout(painted,${PAINT_TIMEOUT_MS});if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",function(){s=1;refocus();go()});else{s=1;refocus()}}())`;
