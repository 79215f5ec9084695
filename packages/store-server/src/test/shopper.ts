/** Test support (not shipped): a shopper's browser that also speaks the Store API and wc-ajax. */
import type { LightMyRequestResponse } from 'fastify';
import { Browser } from './session';

const API = '/wp-json/wc/store/v1';

export class Shopper extends Browser {
  /** The latest Store API `Nonce` this shopper was handed. */
  nonce: string | undefined;

  /**
   * A Store API call with the session's cookies and nonce: `GET` without a body, else a JSON
   * `POST`. A first write without a nonce is answered 401 with one; it is retried once with it.
   */
  async api(path: string, body?: unknown): Promise<LightMyRequestResponse> {
    const send = () =>
      this.request({
        method: body === undefined ? 'GET' : 'POST',
        url: `${API}/${path}`,
        headers: {
          ...(this.nonce === undefined ? {} : { nonce: this.nonce }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    let response = await send();
    const first = response.headers.nonce;
    if (response.statusCode === 401 && typeof first === 'string') {
      this.nonce = first;
      response = await send();
    }
    if (typeof response.headers.nonce === 'string') this.nonce = response.headers.nonce;
    return response;
  }

  /** `POST {path}?wc-ajax={action}` with form fields, as WooCommerce's scripts send it. */
  ajax(action: string, fields: Record<string, string> = {}, path = '/') {
    return this.request({
      method: 'POST',
      url: `${path}?wc-ajax=${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      payload: new URLSearchParams(fields).toString(),
    });
  }
}
