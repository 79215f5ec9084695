// The sourcebuster cookie format (wire contract §3.8): `alias=value` pairs joined
// with `|||`, the whole string percent-encoded (plus `! ~ * ' ( )`), optionally
// Base64'd without padding. Written from the contract's description, not from
// sourcebuster's code.

/** The cookies' names without the `sbjs_` prefix, as in `sbjs.get`. */
export type SbjsContainer =
  'current' | 'current_add' | 'first' | 'first_add' | 'session' | 'udata' | 'promo';

/**
 * The parsed `sbjs_*` cookies, shaped like sourcebuster's `sbjs.get`: each
 * container maps aliases (`typ`, `src`, `fd`, `pgs`, `vst`, …) to decoded strings.
 * A container that is absent is missing from the object.
 */
export type SbjsData = { [K in SbjsContainer]?: Readonly<Record<string, string>> };

/** `run()`, or `undefined` when it throws: malformed input never breaks a page. */
export const safe = <T>(run: () => T): T | undefined => {
  try {
    return run();
  } catch {
    return undefined;
  }
};

/** `decodeURIComponent` that returns its input when it is not valid percent-encoding. */
export const decode = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** A value as stored: no C0/C1 control characters or DEL, at most `max` code points. */
export const clean = (value: string, max = 500): string => {
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  // At most `max` UTF-16 units is at most `max` code points: only longer text is split.
  return text.length > max ? Array.from(text).slice(0, max).join('') : text;
};

/**
 * Reads the `sbjs_*` cookies out of one `document.cookie` string. The first
 * cookie of a name wins (as in sourcebuster); malformed values never throw.
 * Returns the parsed containers and the names of every `sbjs_*` cookie present.
 *
 * @example
 * parseSbjsCookies(document.cookie).data.current?.src; // 'news'
 */
export function parseSbjsCookies(cookieHeader: string): { data: SbjsData; names: string[] } {
  const data: Record<string, Record<string, string>> = {};
  const names: string[] = [];
  for (const part of String(cookieHeader).split(';')) {
    const at = part.indexOf('=') >>> 0;
    const name = part.slice(0, at).trim();
    if (name.startsWith('sbjs_') && !names.includes(name)) {
      names.push(name);
      let value = part.slice(at + 1).trim();
      // Base64 (WooCommerce's base64 option, unpadded; atob accepts that); a plain value
      // always holds a `%` and stays as it is.
      if (/^[\w+/]+$/.test(value)) value = safe(() => atob(value)) ?? value;
      value = decode(value);
      if (value) {
        const container: Record<string, string> = (data[name.slice(5)] = {});
        for (const pair of value.split('|||')) {
          const at = pair.indexOf('=') >>> 0;
          const alias = pair.slice(0, at);
          const text = pair.slice(at + 1);
          if (alias) container[alias] = decode(text);
        }
      }
    }
  }
  return { data, names };
}
