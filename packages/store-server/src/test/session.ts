/** Test support (not shipped): a browser-like cookie jar over `app.inject`. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** Keeps the cookies a store sets and sends them back, as a browser would. */
export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  /** The `Cookie` header this browser would send. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const response = await this.app.inject({ ...options, headers });
    const setCookie = response.headers['set-cookie'];
    for (const line of setCookie === undefined
      ? []
      : Array.isArray(setCookie)
        ? setCookie
        : [setCookie]) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (/Max-Age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** `GET /wp-admin/admin-ajax.php?action=rest-nonce`: a fresh `wp_rest` nonce. */
  async restNonce(): Promise<string> {
    const response = await this.request({ url: '/wp-admin/admin-ajax.php?action=rest-nonce' });
    if (response.statusCode !== 200) throw new Error(`rest-nonce answered ${response.statusCode}`);
    return response.body;
  }

  /** Logs in through `/wp-login.php`; throws unless the store redirects (success). */
  async logIn(login: string, password: string, extra: Record<string, string> = {}) {
    const response = await this.request({
      method: 'POST',
      url: '/wp-login.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ log: login, pwd: password, ...extra }).toString(),
    });
    if (response.statusCode !== 302) throw new Error(`login answered ${response.statusCode}`);
    return response;
  }
}
