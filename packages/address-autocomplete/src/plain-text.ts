/**
 * The reduction used where there is no `DOMParser` (server rendering, workers): comments
 * and tags removed until none is left; character references are left as written (there
 * is no DOM to decode them, and decoding them would cost the core bundle about 150 bytes
 * gzipped: see docs/decisions/0010). Exported for tests only.
 */
export function htmlToTextWithoutDom(html: string): string {
  let text = html;
  // Until nothing changes. A tag starts with `<` and a letter, `/`, `!` or `?` (anything
  // else is text, as in HTML).
  while (text !== (text = text.replace(/<!--[\s\S]*?(?:-->|$)|<[a-z/!?][^>]*(?:>|$)/gi, '')));
  return text;
}

/**
 * Reduces a query or label to plain text (spec §5 "Address search": "any HTML is
 * stripped"). In a browser the text is parsed as HTML into a throwaway document (as
 * WooCommerce does) and its text taken, so nothing in it ever runs or loads and
 * character references are decoded. Without a `DOMParser` (server rendering, workers)
 * tags and comments are removed and character references are left as written.
 *
 * @example
 * toPlainText('<b>10</b> Downing &amp; Co'); // '10 Downing & Co' in a browser
 */
export function toPlainText(html: string): string {
  const text = String(html ?? '');
  if (!/[<&]/.test(text)) return text;
  if (typeof DOMParser !== 'function') return htmlToTextWithoutDom(text);
  return new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '';
}
