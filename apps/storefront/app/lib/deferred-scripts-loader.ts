/**
 * The inline loader's source (decision 0027), first in every page's `<head>`: a string only the
 * server writes. Kept apart from `lib/deferred-scripts` (whose constants the browser's code reads
 * too), so that none of it goes into a browser chunk: root.tsx imports it on the server only.
 */
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  EARLY_CHOICES_GLOBAL,
  HYDRATED_ATTRIBUTE,
  PAINT_TIMEOUT_MS,
} from './deferred-scripts';
import { ISLAND_PAGE_ATTRIBUTE } from './island-page';

/** WooCommerce's sort-by select, which a change submits natively when nothing else answers it. */
const ORDERING_SELECT = 'form.woocommerce-ordering select.orderby';

/**
 * The session storage key under which the inline loader notes where a GET form it saw leave the
 * page was sent from, on an island page (a sort, a price filter: decision 0083, 0084): the path
 * the form goes to and the name of the control the keyboard was on, as `path name`. The new page
 * (a new document) at that path puts the focus back on its control of that name in `main` (not
 * a hidden input of that name: the sort form carries the filters, the price filter the sort),
 * where the keyboard left it, rather than at the document's start. Read once.
 */
const REFOCUS_KEY = 'cw-refocus';

/** Notes a GET form's path and the control's name (REFOCUS_KEY). */
const NOTE = `function note(f,n){try{sessionStorage.setItem("${REFOCUS_KEY}",new URL(f.action,location.href).pathname+" "+n)}catch(x){}}`;

/** Puts the focus back on the control noted before the page was left (REFOCUS_KEY). */
const REFOCUS = `function refocus(){try{var v=sessionStorage.getItem("${REFOCUS_KEY}"),e,i;if(v===null)return;sessionStorage.removeItem("${REFOCUS_KEY}");i=v.indexOf(" ");e=v.slice(0,i)===location.pathname&&d.querySelector('main [name="'+CSS.escape(v.slice(i+1))+'"]:not([type=hidden])');if(e)e.focus()}catch(x){}}`;

/**
 * On an island page, a GET form in `main` that leaves the page (nothing prevented its submit: the
 * price filter, a search) notes the control the focus is on, if it has a name (REFOCUS_KEY).
 */
const NOTE_GET_SUBMIT = `d.addEventListener("submit",function(e){var f=e.target,a=d.activeElement;if(e.defaultPrevented||!d.documentElement.hasAttribute("${ISLAND_PAGE_ATTRIBUTE}")||!(f instanceof HTMLFormElement)||f.method!=="get"||!f.closest("main")||!a||!a.name||!f.contains(a))return;note(f,a.name)});`;

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
const PRE_HYDRATION_SUBMIT = `d.addEventListener("change",function(e){var t=e.target,h=d.documentElement;if(h.hasAttribute("${HYDRATED_ATTRIBUTE}")&&!h.hasAttribute("${ISLAND_PAGE_ATTRIBUTE}")||!(t instanceof HTMLSelectElement))return;if(t.form&&t.matches("${ORDERING_SELECT}")){note(t.form,t.name);return t.form.submit()}if(t.name)(window.${EARLY_CHOICES_GLOBAL}||(window.${EARLY_CHOICES_GLOBAL}={}))[t.name]=t.value},true);`;

/**
 * The inline loader. Waits for the first contentful paint (`paint` timing, or at most
 * {@link PAINT_TIMEOUT_MS}) and for the document to be parsed, then adds the module preloads
 * and runs the entry module, in the order the server wrote them, with the data block's
 * Content-Security-Policy nonce. Until the page has hydrated, it submits the ordering form on
 * a change (PRE_HYDRATION_SUBMIT above).
 */
export const DEFERRED_SCRIPTS_LOADER = `(function(){var d=document,p=0,s=0,done=0;${NOTE}${PRE_HYDRATION_SUBMIT}${NOTE_GET_SUBMIT}${REFOCUS}function go(){if(done||!p||!s)return;done=1;d.querySelectorAll('link[rel="${DEFERRED_PRELOAD_REL}"]').forEach(function(l){var n=d.createElement("link");n.rel="modulepreload";n.href=l.getAttribute("href");l.replaceWith(n)});d.querySelectorAll('script[type="${DEFERRED_MODULE_TYPE}"]').forEach(function(o){var n=d.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)})}function painted(){p=1;go()}try{new PerformanceObserver(function(l,o){l.getEntries().forEach(function(e){if(e.name==="first-contentful-paint"){o.disconnect();painted()}})}).observe({type:"paint",buffered:true})}catch(e){p=1}setTimeout(painted,${PAINT_TIMEOUT_MS});if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",function(){s=1;refocus();go()});else{s=1;refocus()}}())`;
