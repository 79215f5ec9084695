import type { ServerResponse } from 'node:http';

/**
 * Node 20's `writeHead(status, [name, value, …])` on a response that already holds headers (the
 * baseline security headers, set with `setHeader` before the app runs) sets each pair with
 * `setHeader`, so of a repeated name only the last value survives: a page that sets two cookies
 * (the store's session and the order-received cookie) sent one. Later Node versions remove the
 * names first and then append each pair; this gives Node 20 the same behaviour, for this response.
 */
export function appendRepeatedHeaders(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (statusCode: number, ...rest: unknown[]) => {
    const headers = rest.at(-1);
    if (!Array.isArray(headers)) return writeHead(statusCode, ...rest);
    // The answer's own headers win over the baseline ones of the same name…
    for (let i = 0; i < headers.length; i += 2) res.removeHeader(String(headers[i]));
    // …and every pair is kept, repeated names included.
    for (let i = 0; i < headers.length; i += 2) {
      res.appendHeader(String(headers[i]), headers[i + 1] as string | string[]);
    }
    return writeHead(statusCode, ...rest.slice(0, -1));
  };
}
