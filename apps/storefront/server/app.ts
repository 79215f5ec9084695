import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApiFetch } from '@cartwright/store-api-client';
import { createStore } from '@cartwright/store-server';
import { createRequestListener } from '@react-router/node';
import type { RouterContext, ServerBuild } from 'react-router';
import { RouterContextProvider } from 'react-router';
import sirv from 'sirv';
import type { StoreRequestContext } from '../app/context';
import type { StorefrontConfig } from './config';
import { appendRepeatedHeaders } from './node-headers';
import { createStoreProxy } from './proxy';
import {
  ALL_FEATURES,
  DEMO_SITE,
  discoverStoreFeatures,
  type DiscoveredFeatures,
  type SiteIdentity,
} from './store-features';
import { canonicalTarget, isStorePath, trailingSlashRedirect } from '../app/lib/store-paths';
import { BASELINE_HEADERS } from '../app/lib/security-headers.server';
import { unacceptableFormBody } from '../app/lib/form-body';

export interface RunningStorefront {
  /** The base URL the shop answers on, e.g. http://localhost:3000 */
  url: string;
  mode: 'embedded' | 'proxy';
  /** What the store offers beyond WooCommerce, and why anything is off (for the start log). */
  features: DiscoveredFeatures;
  /** Embedded store: where its email goes (for the start log); `null` in front of STORE_URL. */
  mail: string | null;
  server: http.Server;
  close(): Promise<void>;
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** How the host gets the React Router app: the production build, or Vite in development. */
export interface AppHandlers {
  mode: 'production' | 'development';
  getBuild: () => Promise<ServerBuild>;
  /** Serves the browser's files (assets, public/); calls next() for anything else. */
  serveClientFiles: Middleware;
  close?: () => Promise<void>;
}

function storeContextOf(build: ServerBuild): RouterContext<StoreRequestContext> {
  const key = (build.entry.module as { storeContext?: RouterContext<StoreRequestContext> })
    .storeContext;
  if (!key) throw new Error('The server build does not export storeContext from entry.server');
  return key;
}

/** The production build in <appDir>/build, with long-lived caching for hashed assets. */
export async function productionApp(appDir: string): Promise<AppHandlers> {
  const build = (await import(
    pathToFileURL(path.join(appDir, 'build/server/index.js')).href
  )) as ServerBuild;
  const clientDir = path.join(appDir, 'build/client');
  // The build writes .br and .gz copies (scripts/compress-assets.mjs); sirv picks one by
  // Accept-Encoding and sets Content-Encoding and Vary.
  const compressed = { brotli: true, gzip: true };
  const assets = sirv(path.join(clientDir, 'assets'), {
    ...compressed,
    immutable: true,
    maxAge: 31_536_000,
  });
  const publicFiles = sirv(clientDir, {
    ...compressed,
    maxAge: 3600,
    // sirv's type table has no `.ico` (public/favicon.ico): it would go out with an empty type.
    setHeaders: (res, pathname) => {
      if (pathname.endsWith('.ico')) res.setHeader('Content-Type', 'image/x-icon');
    },
  });
  return {
    mode: 'production',
    getBuild: () => Promise.resolve(build),
    serveClientFiles(req, res, next) {
      const url = req.url ?? '/';
      if (!url.startsWith('/assets/')) return publicFiles(req, res, next);
      req.url = url.slice('/assets'.length);
      assets(req, res, () => {
        req.url = url;
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      });
    },
  };
}

/** A small HTML page for a request the storefront refuses before it reaches the app. */
function refuse(res: ServerResponse, status: number, title: string, message: string) {
  const page = `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${message}</p></html>`;
  res
    .writeHead(status, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
    })
    .end(page);
}

/**
 * Starts the storefront: the React Router app and, on the same origin, the store
 * paths — served by the embedded store in-process, or proxied to STORE_URL.
 */
export async function startStorefront(
  config: StorefrontConfig,
  app: AppHandlers,
): Promise<RunningStorefront> {
  const store = config.storeUrl
    ? await createStoreProxy(config.storeUrl)
    : await createStore({
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        siteUrl: config.siteUrl,
        cartRedirectAfterAdd: config.cartRedirectAfterAdd,
        siteName: DEMO_SITE.name,
        siteDescription: DEMO_SITE.description,
        ...(config.termsUrl ? { termsUrl: config.termsUrl } : {}),
        analyticsFeatures: config.analyticsFeatures,
        mail: config.mail.smtpUrl
          ? { smtpUrl: config.mail.smtpUrl, shopEmail: config.mail.shopEmail }
          : { outboxDir: config.mail.outboxDir, shopEmail: config.mail.shopEmail },
        // Absolute URLs follow the shopper's Host; X-Forwarded-* is trusted from loopback only
        // (our own SSR requests, or a reverse proxy on this machine).
        trustProxy: 'loopback',
      });

  // A real WooCommerce may lack our routes: read once which, so no page depends on a missing one.
  const discovered: DiscoveredFeatures = config.storeUrl
    ? await discoverStoreFeatures(new URL('/wp-json/', config.storeUrl).href)
    : { features: ALL_FEATURES, site: DEMO_SITE, notes: [] };
  // The shop's name in titles and the header: the store's own (WordPress's site title).
  const site: SiteIdentity = discovered.site ?? {
    name: config.storeUrl?.host ?? DEMO_SITE.name,
    description: '',
  };

  // The embedded store is reached over loopback for SSR; its origin is known once we listen.
  let selfOrigin = '';
  const storeRoot = () =>
    config.storeUrl ? new URL('/wp-json/', config.storeUrl).href : `${selfOrigin}/wp-json/`;

  const appListener = createRequestListener({
    build: app.getBuild,
    mode: app.mode,
    async getLoadContext(request) {
      const storeContext = storeContextOf(await app.getBuild());
      const headers: Record<string, string> = {};
      // The shopper's cookies go to the store, so the first HTML already shows their session.
      const cookie = request.headers.get('cookie');
      if (cookie) headers.cookie = cookie;
      if (!config.storeUrl) {
        const url = new URL(request.url);
        headers['x-forwarded-host'] = url.host;
        headers['x-forwarded-proto'] = url.protocol.slice(0, -1);
      }
      const setCookies: string[] = [];
      let storeApiNonce: string | undefined;
      const collectCookies: typeof fetch = async (input, init) => {
        const response = await fetch(input, init);
        setCookies.push(...response.headers.getSetCookie());
        storeApiNonce = response.headers.get('nonce') ?? storeApiNonce;
        return response;
      };
      const context = new RouterContextProvider();
      context.set(storeContext, {
        apiFetch: createApiFetch({ root: storeRoot(), headers, fetch: collectCookies }),
        setCookies,
        features: discovered.features,
        storeApiNonce: () => storeApiNonce,
        site,
        honourGpc: config.honourGpc,
      });
      return context;
    },
  });

  const server = http.createServer((req, res) => {
    for (const [name, value] of Object.entries(BASELINE_HEADERS)) res.setHeader(name, value);
    // Every decision below (store or app, redirect, route) is taken on one canonical path.
    const target = canonicalTarget(req.url ?? '/');
    if (!target.ok) return void refuse(res, 400, 'Bad Request', 'This address is not valid.');
    const url = target.url;
    req.url = url;
    if (isStorePath(url)) return void store.handle(req, res);
    // The app's forms post urlencoded or multipart bodies; anything else is the client's error.
    const unacceptable = unacceptableFormBody(req.method ?? 'GET', req.headers['content-type']);
    if (unacceptable) {
      return void refuse(res, unacceptable.status, unacceptable.title, unacceptable.message);
    }
    app.serveClientFiles(req, res, () => {
      const canonical = trailingSlashRedirect(req.method ?? 'GET', url);
      if (canonical) {
        res.writeHead(301, { location: canonical }).end();
        return;
      }
      // The baseline headers are already set: keep every cookie the app's answer carries.
      appendRepeatedHeaders(res);
      void appListener(req, res);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  selfOrigin = `http://127.0.0.1:${port}`;

  return {
    url: `http://localhost:${port}`,
    mode: config.storeUrl ? 'proxy' : 'embedded',
    features: discovered,
    mail: 'mail' in store ? store.mail : null,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await store.close();
      await app.close?.();
    },
  };
}
