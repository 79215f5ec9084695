import createDOMPurify from 'dompurify';
import type { DOMPurify, WindowLike } from 'dompurify';
import { AddressAutocompleteError } from '../errors';

/** The tags branding may use (spec §5 "Provider branding HTML"). */
export const BRANDING_ALLOWED_TAGS = ['img', 'span', 'div', 'a', 'b', 'i', 'em', 'strong', 'br'];
/** The attributes branding may use; no `data-*`, no `aria-*`, no event handlers. */
export const BRANDING_ALLOWED_ATTRIBUTES = [
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'style',
  'class',
  'id',
  'width',
  'height',
];

// Only web and mail links; relative URLs and fragments stay. (DOMPurify strips
// whitespace and control characters before testing, so " javascript:" is caught.)
const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
// A style that could load or run anything is dropped whole: url() fetches (tracking,
// javascript:), expression()/behavior/-moz-binding (old IE/Firefox script), @import,
// and backslash escapes that could hide any of these.
const UNSAFE_STYLE =
  /url\s*\(|image-set|expression|behavior|binding|@import|javascript|vbscript|\\|&#|<|>/i;

/** Creates the sanitiser for one window (a browser window, or jsdom's on a server). */
export function createBrandingSanitizer(window: WindowLike): (html: string) => string {
  const purify: DOMPurify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName === 'style' && UNSAFE_STYLE.test(data.attrValue)) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    // Links never get a handle on this page (reverse tabnabbing) nor leak it as referrer.
    node.setAttribute('rel', 'noopener noreferrer');
    const target = node.getAttribute('target');
    if (target !== null && target !== '_blank' && target !== '_self')
      node.removeAttribute('target');
  });
  return (html) => {
    if (typeof html !== 'string') {
      throw new AddressAutocompleteError(
        'invalid_branding',
        `Branding HTML must be a string, got ${html === null ? 'null' : typeof html}.`,
      );
    }
    return purify.sanitize(html, {
      ALLOWED_TAGS: BRANDING_ALLOWED_TAGS,
      ALLOWED_ATTR: BRANDING_ALLOWED_ATTRIBUTES,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      ALLOWED_URI_REGEXP: ALLOWED_URI,
      SANITIZE_DOM: true,
      SANITIZE_NAMED_PROPS: true,
      RETURN_TRUSTED_TYPE: false,
    });
  };
}

let sanitizer: ((html: string) => string) | undefined;

/**
 * Sanitises a provider's branding HTML before display, with DOMPurify and the spec's
 * allow-list: tags `img span div a b i em strong br`; attributes `href target rel src
 * alt style class id width height`; no `data-*` (nor `aria-*`). Hardened beyond that:
 * only `http(s):`, `mailto:` and relative URLs (no `javascript:`/`vbscript:`/`data:`
 * links; `data:` images stay, they cannot run script), a `style` that could load a URL
 * or run script is dropped, ids get a `user-content-` prefix so they cannot clobber
 * `document` or `window` properties, and every link gets `rel="noopener noreferrer"`
 * (a `target` other than `_blank`/`_self` is removed).
 *
 * Needs a DOM: call it in the browser (import this subpath lazily, only when a provider
 * has branding), or use `createBrandingSanitizer(new JSDOM('').window)` on a server.
 *
 * @throws {AddressAutocompleteError} `invalid_branding` if `html` is not a string;
 *   `dom_unavailable` where there is no `window`.
 *
 * @example
 * const html = registry.getBrandingHtml(providerId);
 * if (html) {
 *   const { sanitizeBranding } = await import('@cartwright/address-autocomplete/branding');
 *   brandingElement.innerHTML = sanitizeBranding(html);
 * }
 */
export function sanitizeBranding(html: string): string {
  if (!sanitizer) {
    const window = (globalThis as { window?: WindowLike }).window;
    if (!window?.document) {
      throw new AddressAutocompleteError(
        'dom_unavailable',
        'sanitizeBranding needs a DOM (window); call it in the browser or use createBrandingSanitizer(window).',
      );
    }
    sanitizer = createBrandingSanitizer(window);
  }
  return sanitizer(html);
}
