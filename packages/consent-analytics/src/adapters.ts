// Consent adapters (CONVENTIONS.md 11: the core owns the interface, adapters are
// their own entry point). WP Consent API facts: wire contract §3.5 and §7.4.
import { CONSENT_CATEGORIES, consentFor } from './consent-store';
import { readCookie } from './cookie';
import type {
  ConsentAdapter,
  ConsentCategory,
  ConsentSnapshot,
  ConsentState,
  ConsentStore,
} from './consent-store';

/** The WP Consent API's globals, as a consent plugin defines them on `window`. */
export interface WpConsentGlobals {
  /** Whether `category` is consented. */
  wp_has_consent?: (category: string) => boolean;
  /** Records a decision and fires `wp_listen_for_consent_change`. */
  wp_set_consent?: (category: string, value: 'allow' | 'deny') => void;
  /** `optin` or `optout`; undefined until the plugin defines it. */
  wp_consent_type?: string;
}

/** The window an adapter works on (a browser `window`, or a fake in tests). */
export type ConsentWindow = WpConsentGlobals &
  Pick<Window, 'document' | 'location'> & { dataLayer?: unknown[]; gtag?: unknown };

/** Options of {@link wpConsentApi}. */
export interface WpConsentApiOptions {
  /**
   * The page's window.
   * @default globalThis.window, looked up at connect (none during SSR: connecting does nothing)
   */
  window?: ConsentWindow;
  /**
   * When no consent plugin is on the page, define the WP Consent API globals
   * ourselves, backed by the store, so WordPress scripts (e.g. WooCommerce's
   * order-attribution integration) work unchanged.
   * @default true
   */
  provide?: boolean;
  /**
   * The consent cookies' prefix (`wp_consent_statistics`, …).
   * @default 'wp_consent'
   */
  cookiePrefix?: string;
  /**
   * How long our own consent cookies last, in days.
   * @default 30
   */
  cookieDays?: number;
}

const CHANGE = 'wp_listen_for_consent_change';
const TYPE_DEFINED = 'wp_consent_type_defined';

const isCategory = (value: unknown): value is ConsentCategory =>
  (CONSENT_CATEGORIES as readonly unknown[]).includes(value);

const toState = (value: unknown): ConsentState | undefined =>
  value === 'allow' ? 'granted' : value === 'deny' ? 'denied' : undefined;

const toValue = (state: ConsentState) => (state === 'granted' ? 'allow' : 'deny');

/** Decisions in a `{ statistics: 'allow', … }` object; unknown keys and values ignored. */
function decisions(detail: unknown): Partial<Record<ConsentCategory, ConsentState>> {
  const changes: Partial<Record<ConsentCategory, ConsentState>> = {};
  if (typeof detail !== 'object' || detail === null) return changes;
  for (const [category, value] of Object.entries(detail)) {
    const state = toState(value);
    if (isCategory(category) && state) changes[category] = state;
  }
  return changes;
}

/**
 * The consent choices recorded in the WP Consent API cookies (`{prefix}_{category}`, wire
 * contract §7.4) of a `Cookie` header or `document.cookie`: `allow` is granted, `deny` denied,
 * anything else (or no cookie) no choice. The first cookie of a name decides; values are
 * trimmed and decoded safely. The one rule for reading consent on the server (first render)
 * and in the browser (this adapter).
 *
 * @example readWpConsentCookies(request.headers.get('cookie')) // { statistics: 'granted' }
 */
export function readWpConsentCookies(
  header: string | null | undefined,
  prefix = 'wp_consent',
): Partial<Record<ConsentCategory, ConsentState>> {
  const choices: Partial<Record<ConsentCategory, ConsentState>> = {};
  for (const category of CONSENT_CATEGORIES) {
    const state = toState(readCookie(header, `${prefix}_${category}`));
    if (state) choices[category] = state;
  }
  return choices;
}

/**
 * Calls `pass` with each choice of the store's that `synced` (what the other side last knew)
 * does not hold yet, as `allow` or `deny`, and records it there: each change goes out once and
 * is never echoed back. Returns the unsubscribe.
 */
function onNewChoices(
  store: ConsentStore,
  synced: Partial<Record<ConsentCategory, ConsentState>>,
  pass: (category: ConsentCategory, value: 'allow' | 'deny') => void,
): () => void {
  return store.subscribe((snapshot) => {
    for (const [category, state] of Object.entries(snapshot.choices) as Array<
      [ConsentCategory, ConsentState]
    >) {
      if (synced[category] === state) continue;
      synced[category] = state;
      pass(category, toValue(state));
    }
  });
}

/**
 * Our own WP Consent API on `win`, backed by `store`: reads the consent cookies into the store,
 * defines `wp_has_consent`, `wp_set_consent` and `wp_consent_type`, and keeps the cookies and
 * the `wp_listen_for_consent_change` events in step with the store's choices. Returns the
 * disconnect, which removes the globals.
 */
function provideApi(
  win: ConsentWindow,
  store: ConsentStore,
  cookiePrefix: string,
  cookieDays: number,
): () => void {
  const doc = win.document;
  const secure = win.location.protocol === 'https:' ? '; secure' : '';
  const initial = readWpConsentCookies(doc.cookie, cookiePrefix);
  // What the cookies last said, so a choice is written and announced once.
  const synced = { ...store.getSnapshot().choices, ...initial };
  store.update(initial);
  store.setFramework(true);
  win.wp_consent_type = store.getSnapshot().consentType;
  win.wp_has_consent = (category) =>
    isCategory(category) && consentFor(store.getSnapshot(), category) === 'granted';
  win.wp_set_consent = (category, value) => {
    const state = toState(value);
    if (isCategory(category) && state) store.set(category, state);
  };
  const stopStore = onNewChoices(store, synced, (category, value) => {
    doc.cookie = `${cookiePrefix}_${category}=${value}; path=/; max-age=${cookieDays * 86_400}; samesite=lax${secure}`;
    doc.dispatchEvent(new CustomEvent(CHANGE, { detail: { [category]: value } }));
  });
  doc.dispatchEvent(new Event(TYPE_DEFINED));
  return () => {
    stopStore();
    delete win.wp_has_consent;
    delete win.wp_set_consent;
    delete win.wp_consent_type;
  };
}

/** Options of {@link wpConsentApiProvider}. */
export type WpConsentApiProviderOptions = Omit<WpConsentApiOptions, 'provide'>;

/**
 * The WP Consent API provided by the store, for a page on which no consent plugin can run (a
 * headless storefront's own pages): {@link wpConsentApi}'s "no plugin" half alone, without the
 * code that follows a plugin's globals, cookies and events. It defines `wp_has_consent`,
 * `wp_set_consent` and `wp_consent_type` backed by the store (replacing any already there),
 * writes the `{prefix}_{category}` cookies and fires `wp_listen_for_consent_change` and
 * `wp_consent_type_defined` as a consent plugin does.
 *
 * @example
 * wpConsentApiProvider().connect(consent);
 */
export function wpConsentApiProvider(options: WpConsentApiProviderOptions = {}): ConsentAdapter {
  return {
    connect(store) {
      const win: ConsentWindow | undefined =
        options.window ?? (typeof window === 'undefined' ? undefined : window);
      return win
        ? provideApi(win, store, options.cookiePrefix ?? 'wp_consent', options.cookieDays ?? 30)
        : () => undefined;
    },
  };
}

/**
 * The WP Consent API adapter. With a consent plugin on the page, the store
 * follows it (its consent type, its `{prefix}_{category}` cookies, its
 * `wp_listen_for_consent_change` and `wp_consent_type_defined` events) and the
 * store's choices are passed to `wp_set_consent`. Without one (and `provide` on),
 * it defines `wp_has_consent`, `wp_set_consent` and `wp_consent_type` backed by
 * the store, writes the same cookies and fires the same events.
 *
 * @example
 * const consent = createConsentStore({ gpc: navigator.globalPrivacyControl === true });
 * const disconnect = wpConsentApi().connect(consent);
 * consent.update({ statistics: 'granted', marketing: 'denied' }); // from the banner
 */
export function wpConsentApi(options: WpConsentApiOptions = {}): ConsentAdapter {
  const { provide = true, cookiePrefix = 'wp_consent', cookieDays = 30 } = options;
  return {
    connect(store) {
      const win: ConsentWindow | undefined =
        options.window ?? (typeof window === 'undefined' ? undefined : window);
      if (!win) return () => undefined;
      if (typeof win.wp_has_consent !== 'function') {
        return provide ? provideApi(win, store, cookiePrefix, cookieDays) : () => undefined;
      }
      const doc = win.document;
      const readType = () => {
        const type = win.wp_consent_type;
        if (type === 'optin' || type === 'optout') store.setConsentType(type);
        // No consent type means consent for everything (WP Consent API): no framework yet.
        store.setFramework(type === 'optin' || type === 'optout');
      };
      readType();
      const initial = readWpConsentCookies(doc.cookie, cookiePrefix);
      // What the plugin last knew, so a change is passed on once and never echoed back.
      const synced = { ...store.getSnapshot().choices, ...initial };
      store.update(initial);
      const onChange = (event: Event) => {
        const changes = decisions((event as CustomEvent).detail);
        Object.assign(synced, changes);
        store.update(changes);
      };
      doc.addEventListener(CHANGE, onChange);
      doc.addEventListener(TYPE_DEFINED, readType);
      const stopStore = onNewChoices(store, synced, (category, value) =>
        win.wp_set_consent?.(category, value),
      );
      return () => {
        stopStore();
        doc.removeEventListener(CHANGE, onChange);
        doc.removeEventListener(TYPE_DEFINED, readType);
      };
    },
  };
}

/** Google Consent Mode v2 signals. */
export interface GoogleConsent {
  ad_storage: 'granted' | 'denied';
  ad_user_data: 'granted' | 'denied';
  ad_personalization: 'granted' | 'denied';
  analytics_storage: 'granted' | 'denied';
  functionality_storage: 'granted' | 'denied';
  personalization_storage: 'granted' | 'denied';
  security_storage: 'granted' | 'denied';
}

/**
 * Google Consent Mode v2 signals for a snapshot: marketing → `ad_storage`,
 * `ad_user_data`, `ad_personalization`; statistics → `analytics_storage`;
 * functional → `functionality_storage`; preferences → `personalization_storage`;
 * `security_storage` always granted. A pending category is denied.
 *
 * @example
 * gtag('consent', 'update', toGoogleConsent(consent.getSnapshot()));
 */
export function toGoogleConsent(snapshot: ConsentSnapshot): GoogleConsent {
  const signal = (category: ConsentCategory) =>
    consentFor(snapshot, category) === 'granted' ? 'granted' : 'denied';
  const ads = signal('marketing');
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: signal('statistics'),
    functionality_storage: signal('functional'),
    personalization_storage: signal('preferences'),
    security_storage: 'granted',
  };
}

/** Options of {@link googleConsentMode}. */
export interface GoogleConsentModeOptions {
  /**
   * The `gtag` function.
   * @default window.gtag, else a function that pushes to window.dataLayer
   */
  gtag?: (...args: unknown[]) => void;
  /**
   * Milliseconds Google tags wait for an update after the default (`wait_for_update`).
   * @default 500
   */
  waitForUpdate?: number;
}

/**
 * Emits Google Consent Mode v2: `gtag('consent', 'default', …)` on connect and
 * `gtag('consent', 'update', …)` whenever the signals change.
 *
 * @example
 * googleConsentMode().connect(consent);
 */
export function googleConsentMode(options: GoogleConsentModeOptions = {}): ConsentAdapter {
  return {
    connect(store: ConsentStore) {
      let gtag = options.gtag;
      if (!gtag) {
        if (typeof window === 'undefined') return () => undefined;
        const win = window as unknown as ConsentWindow;
        gtag =
          typeof win.gtag === 'function'
            ? (win.gtag as (...args: unknown[]) => void)
            : function (this: unknown) {
                // gtag.js reads Arguments objects from the data layer, not arrays.
                // eslint-disable-next-line prefer-rest-params
                (win.dataLayer ??= []).push(arguments);
              };
      }
      const emit = gtag;
      let last = toGoogleConsent(store.getSnapshot());
      emit('consent', 'default', { ...last, wait_for_update: options.waitForUpdate ?? 500 });
      return store.subscribe((snapshot) => {
        const next = toGoogleConsent(snapshot);
        if (JSON.stringify(next) === JSON.stringify(last)) return;
        last = next;
        emit('consent', 'update', next);
      });
    },
  };
}
