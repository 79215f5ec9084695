/**
 * The page's lazy chunks, each loaded through one loader with the spec's script chunk load
 * timeout (§9: 120 s, consent-analytics' `createChunkLoader`): loaded once and shared, a chunk
 * that has not arrived after 120 s fails (so the shopper sees the failure the caller shows,
 * not a button that waits for ever), and a failed chunk is fetched again on the next use.
 * Every `import()` of the storefront's browser code goes through here (a route's own through
 * `loadRouteChunk`).
 */
import { createChunkLoader } from '@cartwright/consent-analytics/script-loader';

/**
 * A chunk whose import failed is imported under a new URL when importing it again fails at
 * once: Chromium 150 remembers a failed module fetch for the page's life (156 fetches it
 * again), so one lost request left that chunk (address suggestions, an island) dead until a
 * reload. `@vite-ignore`: the URL is the built chunk's, which the bundler does not resolve.
 */
const chunks = createChunkLoader({ importUrl: (url) => import(/* @vite-ignore */ url) });

/** The page's WordPress REST client (`lib/rest-client`): subscription, banner, analytics, addresses. */
export const loadRestClient = () => chunks.load('rest-client', () => import('./rest-client'));

/** The footer's newsletter form and coming-soon banner (islands, components/SiteFooter.tsx). */
export const loadFooterIslands = () =>
  chunks.load('footer-islands', () => import('../components/footer-islands'));

/** The header mini-cart's panel (an island, components/HeaderCart.tsx). */
export const loadHeaderIslands = () =>
  chunks.load('header-islands', () => import('../components/header-islands'));

/**
 * What an island carries from the server's markup to the live one (components/island-controls):
 * with the first island that wakes, beside its own chunk.
 */
export const loadIslandControls = () =>
  chunks.load('island-controls', () => import('../components/island-controls'));

/** The header's product search (an island, components/SiteSearch.tsx). */
export const loadSearchIsland = () =>
  chunks.load('search-island', () => import('../components/search-island'));

/** The store notice, on a page that shows one (an island, components/SiteNotice.tsx). */
export const loadNoticeIsland = () =>
  chunks.load('notice-island', () => import('../components/notice-island'));

/**
 * The coupon form and the shipping rates of the cart and the checkout (islands,
 * components/CouponForm.tsx and components/ShippingRates.tsx).
 */
export const loadCartIslands = () =>
  chunks.load('cart-islands', () => import('../components/cart-islands'));

/** The order-attribution tracker (`lib/privacy`): once "marketing" allows it. */
export const loadAttribution = () =>
  chunks.load('privacy-attribution', () => import('./privacy-attribution'));

/** Store analytics (`lib/privacy`): once "statistics" allow them. */
export const loadAnalytics = () =>
  chunks.load('privacy-analytics', () => import('./privacy-analytics'));

/** Analytics' session tracker: only with the store's `sessionTracking` on. */
export const loadSessionTracker = () =>
  chunks.load('analytics-session', () => import('@cartwright/consent-analytics/session'));

/** The consent banner's code: when a choice is needed or "Cookie settings" is pressed. */
export const loadConsentBanner = () =>
  chunks.load('consent-banner', () => import('@cartwright/ui-components/consent-banner'));

/**
 * The cart's controller and wire client (`lib/page-cart`): with the first cart change (an add,
 * a removal, a quantity, a coupon, or a refresh the cart hash asks for), never before.
 */
export const loadPageCart = () => chunks.load('page-cart', () => import('./page-cart'));

/**
 * The announcer's queue and timing (`createAnnouncer`): with the page's first announcement
 * (root.tsx's `createDeferredAnnouncer`); a delay longer than the load is kept exactly.
 */
export const loadAnnouncer = () =>
  chunks.load('announcer', () => import('@cartwright/ui-components/announcer'));

/** An island page's announcer: the queue and the writing into the server's live regions. */
export const loadAnnouncerRegions = () =>
  chunks.load('announcer-regions', () => import('./announcer-regions'));

/** The header cart's subtotal text (`lib/header-total`): when the page's cart first changes. */
export const loadHeaderTotal = () => chunks.load('header-total', () => import('./header-total'));

/**
 * The notices' focus and scroll (`focusAlertAfterLoad`, `scrollToNotice`): when the first
 * alert notice appears (root.tsx's `PageBehavioursProvider`), inside its 500 ms focus delay.
 */
export const loadPageBehaviours = () =>
  chunks.load('page-behaviours', () => import('@cartwright/ui-components/page-behaviours'));

/**
 * A chunk that only a route's own code asks for, through the same loader (the 120 s rule, one
 * load shared, a failed one fetched again): the `import()` stays in that route's code, so its
 * file name and preload list are not in the shell every page loads (decision 0060). For
 * the checkout's suggestion engine and address fields, the catalogue's islands (decision 0067)
 * and the account's forms (0068).
 */
export const loadRouteChunk = <T>(name: string, importer: () => Promise<T>): Promise<T> =>
  chunks.load(name, importer);
