// A tiny local HTTP server for tests: records every request and answers with the
// current route. Real sockets, so the client is tested with the platform's own fetch.
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Route = (request: RecordedRequest, response: ServerResponse) => void;

/** A route that answers `status` with `body` as JSON. */
export const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Route =>
  (_request, response) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

export type TestServer = Awaited<ReturnType<typeof startServer>>;

export async function startServer() {
  const requests: RecordedRequest[] = [];
  let route: Route = json(200, { ok: true });
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk: string) => (body += chunk));
    incoming.on('end', () => {
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body,
      };
      requests.push(request);
      route(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    respond(next: Route) {
      route = next;
    },
    reset() {
      requests.length = 0;
      route = json(200, { ok: true });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The rejection reason of `promise`; fails the test if it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
