import type { CookieJar } from '../src/index';

/**
 * A cookie jar that behaves like a browser's for one host: it honours `expires`
 * and `max-age` against an injected clock and records every read and write.
 */
export function createMemoryJar(now: () => number, initial: Record<string, string> = {}) {
  const cookies = new Map<string, { value: string; expires: number }>();
  for (const [name, value] of Object.entries(initial)) {
    cookies.set(name, { value, expires: Infinity });
  }
  const writes: string[] = [];
  let reads = 0;
  const jar: CookieJar = {
    get() {
      reads += 1;
      return [...cookies]
        .filter(([, cookie]) => cookie.expires > now())
        .map(([name, cookie]) => `${name}=${cookie.value}`)
        .join('; ');
    },
    set(cookie) {
      writes.push(cookie);
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      let expires = Infinity;
      for (const attribute of attributes) {
        const [key = '', value = ''] = attribute.split('=');
        if (key.toLowerCase() === 'expires') expires = Date.parse(value);
        if (key.toLowerCase() === 'max-age') expires = now() + Number(value) * 1000;
      }
      if (expires <= now()) cookies.delete(name);
      else cookies.set(name, { value: pair.slice(at + 1), expires });
    },
  };
  return {
    jar,
    writes,
    get reads() {
      return reads;
    },
    /** The raw (encoded) value of a live cookie. */
    raw: (name: string) => {
      const cookie = cookies.get(name);
      return cookie && cookie.expires > now() ? cookie.value : undefined;
    },
    names: () => [...cookies.keys()].filter((name) => (cookies.get(name)?.expires ?? 0) > now()),
  };
}

/** Encodes `alias=value` pairs the way sourcebuster writes a cookie value. */
export function sbjsValue(pairs: Record<string, string>): string {
  return encodeURIComponent(
    Object.entries(pairs)
      .map(([alias, value]) => `${alias}=${value}`)
      .join('|||'),
  ).replace(/[!'()*~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
