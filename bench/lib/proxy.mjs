// A loopback proxy in front of the real storefront, for pages the benchmark adds or
// replaces on the storefront's own origin (same cookies, same Store API, same assets).
// Everything it does not replace is piped through byte for byte (compression, cookies,
// redirects and caching headers unchanged).
import { createServer, request } from 'node:http';

/**
 * @param {string} upstream  the storefront's origin
 * @param {Map<string, string>} documents  path → HTML answered instead of the storefront's
 */
export async function startProxy(upstream, documents) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    const document = req.method === 'GET' && !search ? documents.get(pathname) : undefined;
    if (document !== undefined) {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(document);
      return;
    }
    const forward = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(error));
    });
    req.pipe(forward);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}
