/**
 * Text clean-up for request data, each in linear time (no regular expression that backtracks or
 * rescans: issue 13, finding 2). The one home for what WordPress's `strip_tags`,
 * `sanitize_text_field` and friends do to text.
 */

/**
 * Removes HTML tags as PHP's `strip_tags` reads them: from `<` to the next `>`. An unclosed tag
 * (a `<` with no `>` after it) runs to the end: removed with `unclosed: 'remove'` (WordPress's
 * sanitising), kept as text with `'keep'`. Each removed tag becomes `replacement`.
 *
 * @example
 * stripTags('a<b>c</b>d'); // 'acd'
 * stripTags('a<b', { unclosed: 'keep' }); // 'a<b'
 */
export function stripTags(
  value: string,
  {
    replacement = '',
    unclosed = 'remove',
  }: { replacement?: string; unclosed?: 'remove' | 'keep' } = {},
): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = value.indexOf('<', from);
    if (open === -1) return out + value.slice(from);
    const close = value.indexOf('>', open + 1);
    if (close === -1) {
      return unclosed === 'remove'
        ? out + value.slice(from, open) + replacement
        : out + value.slice(from);
    }
    out += value.slice(from, open) + replacement;
    from = close + 1;
  }
}

const LINE_BREAKS = '\n\r\u2028\u2029';

/**
 * Removes HTML entities the way `/&.+?;/g` would (`&`, at least one character on the same line,
 * up to the first `;`), in one pass.
 *
 * @example
 * removeEntities('a&amp;b&c'); // 'ab&c'
 */
export function removeEntities(value: string): string {
  let out = '';
  let from = 0;
  let semicolon = -1;
  let lineBreak = -1;
  let at = value.indexOf('&');
  while (at !== -1) {
    // Both lookups only ever move forward: linear over the whole string.
    if (semicolon < at + 2) semicolon = value.indexOf(';', at + 2);
    if (semicolon === -1) break;
    if (lineBreak !== Infinity && lineBreak <= at) {
      lineBreak = Infinity;
      for (let i = at + 1; i < value.length; i++) {
        if (LINE_BREAKS.includes(value[i]!)) {
          lineBreak = i;
          break;
        }
      }
    }
    if (lineBreak < semicolon) {
      at = value.indexOf('&', at + 1);
      continue;
    }
    out += value.slice(from, at);
    from = semicolon + 1;
    at = value.indexOf('&', from);
  }
  return out + value.slice(from);
}

/**
 * Trims every leading and trailing character for which `remove` is true.
 *
 * @example
 * trimWhere('--a-b--', (c) => c === '-'); // 'a-b'
 */
export function trimWhere(value: string, remove: (char: string) => boolean): string {
  let start = 0;
  let end = value.length;
  while (start < end && remove(value[start]!)) start++;
  while (end > start && remove(value[end - 1]!)) end--;
  return value.slice(start, end);
}
