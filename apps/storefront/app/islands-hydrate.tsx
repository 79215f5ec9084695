/**
 * The React half of an island page's runtime (decision 0082, 0083): loaded by `islands.client`
 * when the shopper first comes to a live part of the page (or the page's cart moved on), it
 * hydrates the page's islands and the layout's live parts, each in a React root of its own.
 *
 * The roots share the page's services: one cart controller (made here), the announcer and the
 * privacy setup the runtime started at load (`lib/privacy`'s own singleton), one message
 * catalogue; so the page has one cart truth and one voice.
 */
import {
  AnnouncerProvider,
  MessagesProvider,
  PageBehavioursProvider,
  type DeferredAnnouncer,
} from '@cartwright/ui-components';
import { useEffect, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { CartContext, CartProvider, createPageCart } from './components/CartProvider';
import { HeaderCart } from './components/HeaderCart';
import { CartWarningsRegion } from './components/Notices';
import { Privacy } from './components/Privacy';
import {
  ComingSoonIsland,
  sendDismissal,
  sendSubscription,
  SubscriptionIsland,
} from './components/SiteFooter';
import { NoticeIsland } from './components/SiteNotice';
import { SearchIsland } from './components/SiteSearch';
import { loadPageBehaviours, loadRouteChunk } from './lib/chunks';
import { RootDataContext, type RootData } from './lib/routing';
import { SHOP_UI_MESSAGES, shopT } from './messages';

/** Islands by name, their props as the server wrote them (`data-props`). */
type Registry = Record<string, ComponentType<Record<string, unknown>>>;

/** An island whose props come from the page (`data-props`, as the server wrote them). */
function fromPage<P>(island: ComponentType<P>) {
  return island as unknown as ComponentType<Record<string, unknown>>;
}

/**
 * The islands each kind of island page hydrates (its route's `handle.islands`), loaded beside the
 * layout's parts: only that kind's definitions come with the page.
 */
const REGISTRIES: Record<string, () => Promise<Registry>> = {
  // (The layout's islands, on every island page, are in LAYOUT_ISLANDS below; `layout`, the 404
  // page's, names no registry: it has no islands of its own.)
  account: () => import('./islands/account').then((module) => module.ISLANDS),
  cart: () => import('./islands/cart').then((module) => module.ISLANDS),
  checkout: () => import('./islands/checkout').then((module) => module.ISLANDS),
  product: () => import('./islands/product').then((module) => module.ISLANDS),
  catalog: () => import('./islands/catalog').then((module) => module.ISLANDS),
};

/**
 * The layout's islands, on every island page: hydrated as islands on their own, without the code
 * and texts of the layout around them (the footer's heading, the search's wrapper). Functions
 * among their props are the page's own, given here.
 */
const LAYOUT_ISLANDS: Registry = {
  'site-search': fromPage(SearchIsland),
  'store-notice': fromPage(NoticeIsland),
  subscription: fromPage((props: ComponentProps<typeof SubscriptionIsland>) => (
    <SubscriptionIsland {...props} send={sendSubscription} />
  )),
  'coming-soon': fromPage((props: ComponentProps<typeof ComingSoonIsland>) => (
    <ComingSoonIsland {...props} send={sendDismissal} />
  )),
};

/** What the runtime hands over: the page's data and the services it started at load. */
export interface PageServices {
  data: Partial<RootData>;
  announcer: DeferredAnnouncer;
  /** The registry the page names (`<html data-cw-islands>`). */
  islands: string | null;
}

/**
 * Hydrates the page's live parts and islands; resolves once every root's effects have run (the
 * islands' own listeners are on), so what the runtime held can be done again on live markup.
 */
export function hydratePage({ data, announcer, islands }: PageServices): Promise<void> {
  const cartOptions = {
    wcAjaxUrl: data.settings?.wcAjaxUrl ?? '/?wc-ajax=%%endpoint%%',
    initialCart: data.cart ?? null,
    storeApiNonce: data.storeApiNonce ?? undefined,
  };
  const cart = createPageCart(cartOptions);

  /**
   * The layout's live parts (root.tsx's `Part`), by name, with their props from the root's data:
   * the header cart's count and total follow the page's cart; privacy's page view was recorded
   * by the runtime at load, and the page has no other (no client-side navigation).
   */
  const PARTS: Record<string, () => ReactNode> = {
    'header-cart': () => <HeaderCart />,
    'cart-warnings': () => <CartWarningsRegion />,
    privacy: () => <Privacy initialChoices={data.consent ?? {}} />,
  };

  let settled: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    settled = resolve;
  });
  /** Roots whose effects have not run yet. */
  let pending = 1;
  const settle = () => {
    pending -= 1;
    if (pending === 0) settled();
  };
  function Hydrated() {
    useEffect(settle, []);
    return null;
  }

  /** What every root's components read: the page's services, the same objects in each root. */
  function Page({ children }: { children: ReactNode }) {
    return (
      <MessagesProvider locale={shopT.locale} messages={SHOP_UI_MESSAGES}>
        <AnnouncerProvider announcer={announcer} regions={false}>
          <PageBehavioursProvider load={loadPageBehaviours}>
            <RootDataContext.Provider value={data}>
              <CartContext.Provider value={cart}>
                {children}
                <Hydrated />
              </CartContext.Provider>
            </RootDataContext.Provider>
          </PageBehavioursProvider>
        </AnnouncerProvider>
      </MessagesProvider>
    );
  }

  function hydrate(container: Element, children: ReactNode) {
    pending += 1;
    hydrateRoot(container, <Page>{children}</Page>);
  }

  /** Hydrates every island of the page that `registry` names, in its wrapper, with its props. */
  function hydrateIslands(registry: Registry) {
    for (const box of document.querySelectorAll<HTMLElement>('.cw-part[data-props]')) {
      const name = box.firstElementChild?.getAttribute('data-island');
      const Island = name ? registry[name] : undefined;
      if (Island === undefined || box.closest('[data-part]') !== null) continue;
      const props = JSON.parse(box.dataset.props ?? '{}') as Record<string, unknown>;
      hydrate(box, <Island {...props} />);
    }
  }

  // The cart's page effects, once: its options, the sync with other tabs, the notices cookie. In
  // a root of their own, on an element of their own (the live regions are the runtime's).
  const box = document.createElement('div');
  box.className = 'cw-part';
  document.body.append(box);
  hydrate(
    box,
    <CartProvider
      controller={cart}
      redirectAfterAdd={data.settings?.redirectAfterAdd ?? true}
      cartHash={data.cartHash ?? ''}
      {...cartOptions}
    />,
  );

  for (const part of document.querySelectorAll<HTMLElement>('[data-part]')) {
    const render = PARTS[part.dataset.part ?? ''];
    if (render) hydrate(part, render());
  }

  hydrateIslands(LAYOUT_ISLANDS);

  // The route's islands: each in the wrapper the server gave it, with the props it wrote there.
  const registry = REGISTRIES[islands ?? ''];
  if (registry) {
    pending += 1;
    loadRouteChunk('island-registry', registry)
      .then(
        hydrateIslands,
        // The definitions did not come (the 120 s loader gave up): the islands stay the forms
        // and links they are without JavaScript.
        () => undefined,
      )
      .finally(settle);
  }
  settle();
  return done;
}
