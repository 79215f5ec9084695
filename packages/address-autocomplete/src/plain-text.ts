const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/**
 * The non-DOM reduction used where there is no `DOMParser` (SSR, workers): comments
 * and tags removed until none is left, then the common named and all numeric
 * character references decoded. Exported for tests only.
 */
export function htmlToTextWithoutDom(html: string): string {
  let text = html;
  let previous;
  do {
    previous = text;
    // A tag starts with `<` and a letter, `/`, `!` or `?` (anything else is text, as in HTML).
    text = text.replace(/<!--[\s\S]*?(?:-->|$)|<[a-z/!?][^>]*(?:>|$)/gi, '');
  } while (text !== previous);
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);?/gi, (match, name: string) => {
    const code =
      name[0] === '#'
        ? Number(name[1] === 'x' || name[1] === 'X' ? `0${name.slice(1)}` : name.slice(1))
        : 0;
    return code
      ? code < 0x110000
        ? String.fromCodePoint(code)
        : '\ufffd'
      : (ENTITIES[name.toLowerCase()] ?? match);
  });
}

/**
 * Reduces a query or label to plain text (spec §5 "Address search": "any HTML is
 * stripped"). In a browser the text is parsed as HTML into a throwaway document (as
 * WooCommerce does) and its text taken, so nothing in it ever runs or loads; without
 * a `DOMParser` a tag-stripping fallback gives the same text for ordinary input.
 *
 * @example
 * toPlainText('<b>10</b> Downing &amp; Co'); // '10 Downing & Co'
 */
export function toPlainText(html: string): string {
  const text = String(html ?? '');
  if (!/[<&]/.test(text)) return text;
  if (typeof DOMParser !== 'function') return htmlToTextWithoutDom(text);
  return new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '';
}
