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

/** Prefix of every sourcebuster cookie. */
export const SBJS_PREFIX = 'sbjs_';

/** The service cookie that tells sourcebuster its migrations already ran. */
export const SBJS_MIGRATIONS = 'sbjs_migrations';

/** The migrations cookie's value (its one migration's id, done). */
export const SBJS_MIGRATIONS_VALUE = '1418474375998=1';

const DELIMITER = '|||';

// C0 and C1 control characters, DEL: never part of a stored value.
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** `encodeURIComponent`, also escaping `! ~ * ' ( )` as sourcebuster does. */
export const encodeData = (text: string): string =>
  encodeURIComponent(text).replace(
    /[!~*'()]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/** `decodeURIComponent` that returns its input when it is not valid percent-encoding. */
export const decodeData = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/**
 * Reads the `sbjs_*` cookies out of one `document.cookie` string. The first
 * cookie of a name wins (as in sourcebuster); malformed values never throw.
 * Returns the parsed containers and the names of every `sbjs_*` cookie present.
 */
export function parseSbjsCookies(cookieHeader: string): { data: SbjsData; names: string[] } {
  const data: Record<string, Record<string, string>> = {};
  const names: string[] = [];
  for (const part of String(cookieHeader).split(';')) {
    const at = part.indexOf('=');
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (!name.startsWith(SBJS_PREFIX) || names.includes(name)) continue;
    names.push(name);
    let value = at < 0 ? '' : part.slice(at + 1).trim();
    if (/^[A-Za-z0-9+/]+$/.test(value)) {
      // Base64 without padding (WooCommerce's base64 option); a plain value stays as it is.
      try {
        value = atob(value.padEnd(value.length + ((4 - (value.length % 4)) % 4), '='));
      } catch {
        /* not Base64 */
      }
    }
    value = decodeData(value);
    if (!value) continue;
    const container: Record<string, string> = {};
    for (const pair of value.split(DELIMITER)) {
      const eq = pair.indexOf('=');
      const alias = eq < 0 ? pair : pair.slice(0, eq);
      if (alias) container[alias] = decodeData(eq < 0 ? '' : pair.slice(eq + 1));
    }
    data[name.slice(SBJS_PREFIX.length)] = container;
  }
  return { data, names };
}

/**
 * One container as a cookie value: `typ=utm|||src=news|||…`, encoded, and
 * Base64'd without padding when `base64` is on. Each value is escaped first
 * (`%` → `%25`, `|` → `%7C`): sourcebuster decodes every value once more after
 * splitting, so this round-trips exactly and no value can forge a `|||`.
 */
export function serializeSbjsValue(
  pairs: ReadonlyArray<readonly [string, string]>,
  base64 = false,
): string {
  return encodeCookieValue(
    pairs
      .map(([alias, text]) => `${alias}=${text.replace(/%/g, '%25').replace(/\|/g, '%7C')}`)
      .join(DELIMITER),
    base64,
  );
}

/** A raw cookie value encoded as sourcebuster writes it (`encodeData`, then optional Base64). */
export function encodeCookieValue(text: string, base64 = false): string {
  const value = encodeData(text);
  return base64 ? btoa(value).replace(/=+$/, '') : value;
}
