/**
 * The runtime of an island page (decision 0082, 0083). The browser never starts the router here:
 * the page stays what the server rendered, its links and forms the document's. At load this
 * module does only what the page needs before anyone touches it, without React:
 * - privacy: the consent store (the WP Consent API's globals, Consent Mode signals) and the
 *   page's one page view for attribution and analytics (`lib/privacy`);
 * - the spec's page behaviours on the server's markup: a listing's result count announced after
 *   2000 ms, alert notices focused after 500 ms and scrolled to;
 * - listening for what calls the live parts: the shopper coming to one (a pointer over it, focus
 *   in it, a touch, a value changed), or the page's cart having moved on (the cart-hash cookie
 *   is not the page's, another tab stored a new hash, the page came back from the back/forward
 *   cache with another cookie, the store left notices).
 *
 * Then `islands-hydrate` (React, the parts, the islands' wrappers, the cart controller) loads
 * and hydrates them. A click or a submit in a part before it is live is held and done again on
 * the live markup, in order; if the code does not come (the 120 s loader gave up), the first
 * held one goes ahead natively, as it would without JavaScript.
 */
import { createDeferredAnnouncer } from '@cartwright/ui-components';
import { loadAnnouncerRegions, loadPageBehaviours, loadRouteChunk } from './lib/chunks';
import { readCookie } from './lib/cookies';
import { EARLY_CHOICES_GLOBAL, markHydrated } from './lib/deferred-scripts';
import {
  actingControl,
  controlAt,
  placeOf,
  type ControlPlace,
  ISLAND_PAGE_ATTRIBUTE,
  ROOT_DATA_ID,
  WAKE_EVENTS,
} from './lib/island-page';
import { getPrivacy } from './lib/privacy';
import type { RootData } from './lib/routing';

/**
 * When the page loaded (its document parsed and `DOMContentLoaded` handled; the inline loader
 * starts this runtime only after that): the alert notices the server rendered appeared with it,
 * and count their 500 ms from there (spec §4), not from this runtime's start after the first
 * paint.
 */
const loaded =
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
    ?.domContentLoadedEventEnd || performance.now();

const data = JSON.parse(
  document.getElementById(ROOT_DATA_ID)?.textContent ?? '{}',
) as Partial<RootData>;

/**
 * The page's one announcer. No React root renders the live regions on an island page: its code
 * writes into the ones the server rendered, from before its queue takes the first message.
 */
const region = (politeness: string) =>
  document.querySelector(`body > [data-cw-announcer="${politeness}"]`);
const announcer = createDeferredAnnouncer({
  load: () =>
    loadAnnouncerRegions().then((module) => {
      const polite = region('polite');
      const assertive = region('assertive');
      if (polite && assertive) module.attachAnnouncer(announcer, { polite, assertive });
      return module;
    }),
});

// Privacy from the start: another script may ask the WP Consent API at load.
getPrivacy({
  honourGpc: data.honourGpc ?? false,
  storeProps: data.site?.analyticsProps ?? {},
  features: data.analyticsFeatures ?? { ch: false, sessionTracking: false, proxy: true },
})?.pageView({ analytics: data.analytics ?? true });

/** A click or submit held until its part is live: the part, and the control's place in it. */
interface Held {
  part: Element;
  place: ControlPlace;
}
const held: Held[] = [];
/** Set once the parts are live: from then on their own code answers. */
let live = false;
/** Where the shopper last came to a part: told again once it is live, so its island wakes. */
let approached: Element | null = null;
let waking: Promise<void> | undefined;

/** Loads the React half and hydrates the page's parts, once; then does what was held. */
function wake(): void {
  waking ??= loadRouteChunk('islands-hydrate', () => import('./islands-hydrate'))
    .then(({ hydratePage }) =>
      hydratePage({
        data,
        announcer,
        islands: document.documentElement.getAttribute(ISLAND_PAGE_ATTRIBUTE),
      }),
    )
    .then(
      () => {
        live = true;
        stop();
        // The part the shopper came to hears it now (its island loads its code, the header cart
        // its panel), as it would have heard the pointer or the focus had it been live then.
        if (approached?.isConnected) approached.dispatchEvent(new Event('pointerover', BUBBLES));
        for (const { part, place } of held.splice(0)) {
          const control = controlAt(part, place);
          if (control instanceof HTMLFormElement) control.requestSubmit();
          else control?.click();
        }
      },
      () => {
        // The code did not come: the first held action goes ahead as without JavaScript (a
        // form's native submit leaves the page); the next approach tries again.
        waking = undefined;
        const [first] = held.splice(0);
        if (first === undefined) return;
        stop();
        const control = controlAt(first.part, first.place);
        if (control instanceof HTMLFormElement) control.submit();
        else control?.click();
        start();
      },
    );
}

/** The live part of the page `event` happened in, if any. */
const partOf = (event: Event) =>
  event.target instanceof Element ? event.target.closest('.cw-part') : null;

const BUBBLES = { bubbles: true };

const approach = (event: Event) => {
  if (partOf(event) === null) return;
  approached = event.target as Element;
  wake();
};

const hold = (event: Event) => {
  const part = partOf(event);
  const control = part === null || live ? null : actingControl(event);
  if (part === null || control === null) return;
  // Held whole: an island whose root is hydrated already (others are still hydrating) must not
  // hold it too, or its replay would do it twice.
  event.preventDefault();
  event.stopPropagation();
  approached = control;
  held.push({ part, place: placeOf(part, control) });
  wake();
};

/** The storage key of the cart hash (`@cartwright/cart-queue/sync`'s default). */
const HASH_KEY = 'wc_cart_hash';
const cartHash = data.cartHash ?? '';
const cartCookie = () => readCookie(document.cookie, 'woocommerce_cart_hash') ?? '';
/** Another tab stored a new cart hash (`@cartwright/cart-queue/sync`'s key). */
const onStorage = (event: StorageEvent) => {
  if (event.key === HASH_KEY && event.newValue !== null && event.newValue !== cartHash) wake();
};
/** Back from the back/forward cache while the cart changed elsewhere. */
const onPageShow = (event: PageTransitionEvent) => {
  if (event.persisted && cartCookie() !== cartHash) wake();
};

function listen(on: boolean) {
  const method = on ? 'addEventListener' : 'removeEventListener';
  for (const type of WAKE_EVENTS) document[method](type, approach, true);
  document[method]('click', hold, true);
  document[method]('submit', hold, true);
  window[method]('storage', onStorage as EventListener);
  window[method]('pageshow', onPageShow as EventListener);
}
const start = () => listen(true);
const stop = () => listen(false);
start();

// What the shopper did in a live part between the first paint and this runtime's start, whose
// events nobody heard: a field changed (a rate checked, text typed, a select the inline loader
// noted: `EARLY_CHOICES_GLOBAL`), or the focus moved in. The part hears it now, as it would have
// then; its code takes up the changed value when it is in (`lib/pre-hydration`, which reads
// selects too). Checked inline: that module here would put it in `base`, which every page loads.
const focused = document.activeElement?.closest('.cw-part') ? document.activeElement : null;
const changed = [
  ...document.querySelectorAll<HTMLInputElement>('.cw-part input, .cw-part textarea'),
].find((field) => field.checked !== field.defaultChecked || field.value !== field.defaultValue);
const chosen = Object.keys(
  (window as unknown as Record<string, object | undefined>)[EARLY_CHOICES_GLOBAL] ?? {},
).length;
if (changed ?? focused ?? chosen) {
  approached = changed ?? focused;
  wake();
}

// The cart moved on since the server rendered the page (an add in another tab, a cached page), or
// the store left notices for the next page: the header cart must show what is true now. Else the
// page's hash is stored, as the cart's sync does at its start (`@cartwright/cart-queue/sync`):
// this tab's, and the one other tabs compare a change with.
if (cartCookie() !== cartHash || readCookie(document.cookie, 'cartwright_notices') === '1') wake();
else {
  try {
    sessionStorage.setItem(HASH_KEY, cartHash);
    localStorage.setItem(HASH_KEY, cartHash);
  } catch {
    // A full or blocked storage only costs other tabs their early refresh.
  }
}

// The result count of a listing (spec §4: announced 2000 ms after it appears, as the router
// page's `ResultCount` does when it mounts).
const count = document.querySelector('main .woocommerce-result-count');
if (count?.textContent) announcer.announce(count.textContent, { delayMs: 2000 });

// The alert notices the server rendered (a refused login, the store's errors): focused after
// 500 ms and scrolled to, as a live `AlertNotice` does when it appears.
const alerts = document.querySelectorAll<HTMLElement>('main [role="alert"]');
if (alerts.length > 0) {
  const arrival = { at: loaded, focused: document.activeElement };
  void loadPageBehaviours().then(
    (behaviours) => {
      for (const alert of alerts) behaviours.showAlertNotice(alert, arrival);
    },
    () => undefined,
  );
}

// From here the page answers its controls: what reaches a part before it is live is held.
markHydrated();
