import uiStyles from '@cartwright/ui-components/styles.css?url';
import {
  AnnouncerProvider,
  createDeferredAnnouncer,
  MessagesProvider,
  PageBehavioursProvider,
  SkipLink,
} from '@cartwright/ui-components';
import { useState, type ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { CartProvider } from './components/CartProvider';
import { HeaderCart } from './components/HeaderCart';
import { CartWarningsRegion, Notices } from './components/Notices';
import { NotFound } from './components/NotFound';
import { SiteFooter } from './components/SiteFooter';
import { SiteSearch } from './components/SiteSearch';
import { SiteNotice } from './components/SiteNotice';
import { Privacy } from './components/Privacy';
import { IslandPageContext } from './components/Island';
import { storeContext } from './context';
import { loadCartState } from './lib/cart-state.server';
import { readConsentChoices } from './lib/consent';
import { loadSite } from './lib/site.server';
import { getStoreSettings } from './lib/store-settings.server';
import { isPersonalPath, PERSONAL_CACHE_CONTROL } from './lib/security-headers.server';
import appStyles from './app.css?url';
import { SHOP_UI_MESSAGES, shopT } from './messages';
import { Link, RootDataContext } from './lib/routing';
import { useNonce } from './lib/nonce';
import { loadAnnouncer, loadPageBehaviours } from './lib/chunks';

/** The inline loader's source: on the server only (the browser keeps the server's text). */
const DEFERRED_SCRIPTS_LOADER = import.meta.env.SSR
  ? (await import('./lib/deferred-scripts-loader')).DEFERRED_SCRIPTS_LOADER
  : '';

/** An island page's scripts, written by the server only (the browser never renders them). */
const IslandScripts = import.meta.env.SSR
  ? (await import('./components/IslandScripts')).IslandScripts
  : () => null;

export const links: Route.LinksFunction = () => [
  // The storefront's own icon (public/): browsers that take no SVG icon ask for /favicon.ico,
  // which public/ has too, so neither is a 404 rendered by the app.
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: uiStyles },
  { rel: 'stylesheet', href: appStyles },
];

/**
 * Cookies the store set while this page was served (session, cart cookies) reach the browser.
 * A response that sets a cookie, and every personal page, is never stored by any cache.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const response = await next();
    const store = context.get(storeContext);
    for (const cookie of store.setCookies) {
      response.headers.append('Set-Cookie', cookie);
    }
    // A page that carries the shopper's Store API nonce is theirs alone, like one that sets a cookie.
    if (
      response.headers.has('Set-Cookie') ||
      store.storeApiNonce() !== undefined ||
      isPersonalPath(new URL(request.url).pathname)
    ) {
      response.headers.set('Cache-Control', PERSONAL_CACHE_CONTROL);
    }
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = loadSite(request, context.get(storeContext).apiFetch);
  const store = context.get(storeContext);
  // No cart or notices request while the cookies say there is nothing to read.
  const [settings, cartState] = await Promise.all([
    getStoreSettings(store.apiFetch),
    loadCartState(request, store),
  ]);
  const siteView = await site;
  // The store's `wcAnalytics.features`; a store that gives none posts to its track route if it
  // has one (proxy tracking), as WooCommerce Analytics' newest default.
  const analyticsFeatures = siteView.analyticsFeatures ?? {
    ch: false,
    sessionTracking: false,
    proxy: store.features.analytics,
  };
  return {
    /** The shop's name and tagline, from the store. */
    shop: store.site,
    site: siteView,
    settings,
    ...cartState,
    /** The Store API nonce from the cart read (none for an empty cart: nothing to change yet). */
    storeApiNonce: store.storeApiNonce() ?? null,
    consent: readConsentChoices(request.headers.get('cookie')),
    /** False in front of a store without the account routes: no link to pages that are not there. */
    accounts: store.features.account,
    /**
     * Whether page views are recorded: false when they would be posted (proxy tracking) to a
     * store without the analytics route, so nothing is posted to a 404.
     */
    analytics: !analyticsFeatures.proxy || store.features.analytics,
    /** WooCommerce Analytics' `ch`, `sessionTracking` and `proxy` for this page's analytics. */
    analyticsFeatures,
    /** The operator's `HONOUR_GPC` setting (decision 0049). */
    honourGpc: store.honourGpc,
  };
}

/**
 * The page's announcer and page behaviours, whose code loads when first needed (decision
 * 0062): the announcer's queue with the first announcement, the notices' focus and scroll
 * with the first alert notice, both through `lib/chunks`' loader.
 */
function PageBehaviours({ children }: { children: ReactNode }) {
  const [announcer] = useState(() => createDeferredAnnouncer({ load: loadAnnouncer }));
  return (
    <AnnouncerProvider announcer={announcer}>
      <PageBehavioursProvider load={loadPageBehaviours}>{children}</PageBehavioursProvider>
    </AnnouncerProvider>
  );
}

/**
 * A part of the layout that an island page (decision 0082) hydrates as a whole, from the root's
 * data: a wrapper without a box of its own (`display: contents`), so the layout is the same. The
 * islands inside it are the part's, not wrapped on their own.
 */
function Part({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div className="cw-part" data-part={name}>
      <IslandPageContext.Provider value={false}>{children}</IslandPageContext.Provider>
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  // Every page is an island page (decisions 0082, 0088): a route's `handle` names the islands
  // its pages hydrate (`{ islands: 'account' }`, a registry of `app/islands-hydrate.tsx`); a page
  // whose route names none (an error's page) hydrates the layout's live parts only. The browser
  // never renders this layout: the runtime hydrates its parts.
  const matches = useMatches();
  const islands =
    matches
      .map((match) => (match.handle as { islands?: string } | undefined)?.islands)
      .find((name) => name !== undefined) ?? 'layout';
  return (
    <html lang={shopT.locale} dir={shopT.dir} data-cw-islands={islands}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Loads the page's scripts once it has painted (decision 0027). Its text is written by
            the server only: it has run before hydration, which keeps the element as it is, so
            the browser bundle does not carry it. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: DEFERRED_SCRIPTS_LOADER }}
        />
        <meta
          name="description"
          content={
            data?.shop.description ||
            shopT.format('site.description', { site: data?.shop.name ?? '' })
          }
        />
        <Meta />
        <Links />
      </head>
      <body>
        {/* One message catalogue and one announcer (a polite and an assertive live
            region, server-rendered) for every component on the page. */}
        <RootDataContext.Provider value={data}>
          <MessagesProvider locale={shopT.locale} messages={SHOP_UI_MESSAGES}>
            <IslandPageContext.Provider value={true}>
              <PageBehaviours>
                <SkipLink href="#main" />
                <SiteNotice notice={data?.site.notice ?? null} />
                <CartProvider
                  redirectAfterAdd={data?.settings.redirectAfterAdd ?? true}
                  wcAjaxUrl={data?.settings.wcAjaxUrl ?? '/?wc-ajax=%%endpoint%%'}
                  initialCart={data?.cart ?? null}
                  cartHash={data?.cartHash ?? ''}
                  storeApiNonce={data?.storeApiNonce ?? undefined}
                >
                  <header className="site-header">
                    <div className="site-header-inner">
                      <Link to="/shop/" className="site-title">
                        {data?.shop.name}
                      </Link>
                      <nav aria-label={shopT.format('nav.label')}>
                        <ul>
                          <li>
                            <Link to="/shop/">{shopT.format('nav.shop')}</Link>
                          </li>
                          <li>
                            <Link to="/cart/">{shopT.format('nav.cart')}</Link>
                          </li>
                          {data?.accounts === false ? null : (
                            <li>
                              <Link to="/my-account/">{shopT.format('nav.account')}</Link>
                            </li>
                          )}
                        </ul>
                      </nav>
                      <SiteSearch />
                      <Part name="header-cart">
                        <HeaderCart />
                      </Part>
                    </div>
                  </header>
                  <main id="main" tabIndex={-1}>
                    <Notices notices={data?.notices ?? []}>
                      <Part name="cart-warnings">
                        <CartWarningsRegion />
                      </Part>
                    </Notices>
                    {children}
                  </main>
                </CartProvider>
                <footer className="site-footer">
                  <p>{shopT.format('site.footer', { site: data?.shop.name ?? '' })}</p>
                  <SiteFooter site={data?.site ?? null} />
                  <Part name="privacy">
                    <Privacy initialChoices={data?.consent ?? {}} />
                  </Part>
                </footer>
              </PageBehaviours>
            </IslandPageContext.Provider>
          </MessagesProvider>
        </RootDataContext.Provider>
        <IslandScripts nonce={nonce} data={data} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <>
      <h1>{shopT.format('error.title')}</h1>
      <p>{shopT.format('error.text')}</p>
    </>
  );
}
