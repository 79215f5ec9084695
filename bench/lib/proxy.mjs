// A loopback proxy in front of the real storefront, for pages the benchmark adds or
// replaces on the storefront's own origin (same cookies, same Store API, same assets).
// Everything it does not replace is piped through byte for byte (compression, cookies,
// redirects and caching headers unchanged).
import { createServer, request } from 'node:http';

/**
 * The `Set-Cookie` lines that put each of `cookies` (`name=value; …`) into the browser's jar,
 * leaving out the names the answer sets itself (the storefront's own word wins).
 * @param {string} cookies
 * @param {string[]} own  the answer's own `Set-Cookie` lines
 */
function jarLines(cookies, own) {
  const ownNames = new Set(own.map((line) => line.slice(0, line.indexOf('=')).trim()));
  return cookies
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('=') && !ownNames.has(pair.slice(0, pair.indexOf('='))))
    .map((pair) => `${pair}; Path=/; SameSite=Lax`);
}

/**
 * @param {string} upstream  the storefront's origin
 * @param {Map<string, string>} documents  path → HTML answered instead of the storefront's
 * @param {{ cookies?: string }} [options]  `cookies`: a visitor's cookies (`name=value; …`) to
 *   put into the browser's jar with each HTML page, as the store had set them there. A tool that
 *   can only send them as a request header (Lighthouse's `extraHeaders`) would otherwise show
 *   the pages a visitor whose scripts cannot see them: the storefront's cart sync reads
 *   `woocommerce_cart_hash` from `document.cookie`, and a cart hash it cannot see is a cart
 *   changed in another tab, so the page loads the cart's code and reads the cart again.
 */
export async function startProxy(upstream, documents, { cookies } = {}) {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    const { pathname, search } = new URL(req.url ?? '/', 'http://localhost');
    const document = req.method === 'GET' && !search ? documents.get(pathname) : undefined;
    if (document !== undefined) {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        ...(cookies ? { 'Set-Cookie': jarLines(cookies, []) } : {}),
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
        const headers = { ...answer.headers };
        if (cookies && String(headers['content-type'] ?? '').startsWith('text/html')) {
          const own = headers['set-cookie'] ?? [];
          headers['set-cookie'] = [...own, ...jarLines(cookies, own)];
        }
        res.writeHead(answer.statusCode ?? 502, headers);
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
