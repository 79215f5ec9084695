import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { deferScripts } from './lib/deferred-scripts.server';
import { NonceContext } from './lib/nonce';
import { speculationRulesScript } from './lib/speculation-rules';
import { contentSecurityPolicy, createNonce } from './lib/security-headers.server';
import { checkShopMessages } from './messages.server';

// The host server (server/main.ts) reads the context key from the built entry
// module, so loaders and the host share one instance of it.
export { storeContext } from './context';

// The shop's text overrides name only keys some catalogue has, or the server does not start
// (decision 0072): the browser does not carry the keys to check them.
checkShopMessages();

/** Abort rendering that has not finished after this long (and its pending loaders). */
export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
): Promise<Response> {
  // One nonce per page for every inline script it carries (finding 6 of issue 13).
  const nonce = createNonce();
  responseHeaders.set(
    'Content-Security-Policy',
    contentSecurityPolicy(nonce, { development: import.meta.env.DEV }),
  );
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell as soon as it is ready.
    const userAgent = request.headers.get('user-agent');
    const readyEvent =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          // The scripts wait for the first paint, which needs none of them (decision 0027); the
          // speculation rules go at the end of the head (decision 0082).
          const html = deferScripts(nonce, speculationRulesScript(nonce));
          // An error in the render stream ends the response stream with it.
          pipeline(body, html, () => {});
          const stream = createReadableStreamFromReadable(html);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already reported through the error boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
