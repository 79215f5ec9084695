import { invalid } from './errors';
import { NONE, classifyTraffic, parseUrl, siteDomain, toSbjsTouch } from './classify';
import type { ClassificationRules } from './classify';
import { ATTRIBUTION_FIELDS, SBJS_ALIASES } from './fields';
import type { AttributionField, AttributionValues } from './fields';
import { formatSessionStartTime } from './record';
import { clean, decode, parseSbjsCookies, safe } from './sbjs';
import type { SbjsContainer, SbjsData } from './sbjs';

/**
 * Where cookies are read and written. `get` returns every cookie as one
 * `document.cookie` string; `set` writes one cookie (a `document.cookie`
 * assignment). The tracker calls `get` once per page view.
 *
 * @example
 * const jar: CookieJar = { get: () => document.cookie, set: (cookie) => void (document.cookie = cookie) };
 */
export interface CookieJar {
  /** Every cookie, as `document.cookie` returns them: `a=1; b=2`. */
  get: () => string;
  /** Writes one cookie: `name=value; path=/; …`. */
  set: (cookie: string) => void;
}

/**
 * The shopper's decision for the consent category attribution follows
 * (WooCommerce uses "marketing"). `'pending'`: no decision yet; the landing
 * touch is kept in memory and nothing is stored.
 */
export type AttributionConsent = 'granted' | 'denied' | 'pending';

/**
 * Why a snapshot's values are empty:
 * - `not_started`: no page view recorded yet (e.g. during server rendering);
 * - `tracking_off`: `allowTracking` is off;
 * - `consent_pending`: waiting for the shopper's consent decision;
 * - `consent_denied`: the shopper refused;
 * - `no_cookies`: there is no cookie jar (no `document`) to read or write.
 */
export type AttributionEmptyReason =
  'not_started' | 'tracking_off' | 'consent_pending' | 'consent_denied' | 'no_cookies';

/** What the tracker knows; a new frozen object after every change. */
export interface AttributionSnapshot {
  /** The 16 fields, `''` when empty: ready for `toFormFields` / `toExtensionData`. */
  readonly values: Readonly<AttributionValues>;
  /** The stored touches in `sbjs.get` shape (first and current kept apart); `null` when empty. */
  readonly data: Readonly<SbjsData> | null;
  /** Why `values` are empty, or `null` when they are filled. */
  readonly reason: AttributionEmptyReason | null;
}

/** A page view: the page's URL and its referrer. */
export interface PageView {
  /**
   * The page's full URL.
   * @default location.href
   */
  url?: string;
  /**
   * The referring URL, `''` for none.
   * @default document.referrer on the first page view, then the previous page view's URL
   */
  referrer?: string;
}

/** Options of {@link createAttributionTracker}. */
export interface AttributionTrackerOptions extends ClassificationRules {
  /**
   * WooCommerce's `allowTracking`: off deletes every attribution cookie and empties the fields.
   * @default true
   */
  allowTracking?: boolean;
  /**
   * The consent decision for attribution ("marketing"). Leave it `'granted'` only
   * when the shop has no consent framework.
   * @default 'granted'
   */
  consent?: AttributionConsent;
  /**
   * The cookie jar.
   * @default `document.cookie` when there is a `document` at creation (none on the server); read and written only from a page view on
   */
  cookies?: CookieJar;
  /**
   * The browser's user agent, stored as `user_agent`.
   * @default navigator.userAgent
   */
  userAgent?: string;
  /**
   * The clock, in milliseconds.
   * @default Date.now
   */
  now?: () => number;
  /**
   * Cookie lifetime in months, converted to whole minutes as sourcebuster does;
   * WooCommerce's 0.00001 makes 0 minutes, so the cookies last for the browser session.
   * @default 0.00001
   */
  lifetime?: number;
  /**
   * Session length in minutes; every page view slides the session's end.
   * @default 30
   */
  sessionLength?: number;
  /**
   * Base64-encode cookie values (WooCommerce's option for firewalls that block `|`).
   * @default false
   */
  base64?: boolean;
  /**
   * The shop's domain: referrers on it or its subdomains are internal (see
   * `classifyTraffic`), and the cookies are set for it and its subdomains.
   * @default the page's host name without `www.`
   * @example 'example.com' // so pay.example.com is not a referral for shop.example.com
   */
  domain?: string;
}

/**
 * A page-view tracker that classifies traffic and keeps sourcebuster's `sbjs_*`
 * cookies; an external store (`subscribe` / `getSnapshot` / commands).
 */
export interface AttributionTracker {
  /** Calls `listener` after every change; returns an unsubscribe function. */
  subscribe: (listener: (snapshot: AttributionSnapshot) => void) => () => void;
  /** The current snapshot (the same object until something changes). */
  getSnapshot: () => AttributionSnapshot;
  /**
   * Records a page view: reads the cookies once, classifies, and writes each
   * changed cookie once (or, while consent is pending, only keeps the result in memory).
   * @throws {OrderAttributionError} `invalid_options` if `url` or `referrer` is not a string.
   */
  pageView: (view?: PageView) => AttributionSnapshot;
  /**
   * WooCommerce's `setOrderTracking(allow)`: off deletes every `sbjs_*` cookie and
   * empties the fields; on initialises tracking for the current page.
   */
  setAllowTracking: (allow: boolean) => void;
  /**
   * Follows the consent decision: `'granted'` stores the touch held since landing,
   * `'denied'` drops it and deletes every `sbjs_*` cookie.
   * @example consent.subscribe((s) => tracker.setConsent(consentFor(s, 'marketing')));
   */
  setConsent: (consent: AttributionConsent) => void;
}

const MINUTE = 60_000;

/** The containers the tracker writes, in the order it writes them. */
const WRITTEN: readonly SbjsContainer[] = [
  'current',
  'current_add',
  'first',
  'first_add',
  'udata',
  'session',
];

/** Throws `invalid_options` naming `what` unless `ok`. */
const check = (ok: unknown, what: string) => {
  if (!ok) throw invalid('invalid_options', what);
};

/** The page's URL, or `''` on the server. */
const here = () => globalThis.location?.href ?? '';

/** Checks the two switches: `allowTracking` and the consent decision. */
const checkState = (allow: unknown, consent: unknown) => {
  check(typeof allow === 'boolean', 'allowTracking');
  check(['granted', 'denied', 'pending'].includes(consent as string), 'consent');
};

/** A counter stored as text, read as a number (1 when missing or garbage). */
const count = (text: string | undefined) => parseInt(text ?? '') || 1;

/**
 * Creates an {@link AttributionTracker}. Nothing happens until `pageView()`:
 * creating one is safe during server rendering.
 *
 * Each page view is classified by {@link classifyTraffic} (spec §4): a `utm_*` or
 * click-id parameter → `utm`; a known search engine referrer → `organic`; an external
 * referrer with no active session → `referral`; no stored touch → `typein`
 * (`(direct)` / `(none)`); else the stored touch is kept. Referrers on the shop's
 * domain or in `excludeReferrers` never start a new source.
 *
 * @throws {OrderAttributionError} `invalid_options` for malformed options.
 *
 * @example
 * const tracker = createAttributionTracker({ consent: 'pending' });
 * tracker.pageView();
 * consentStore.subscribe((s) => tracker.setConsent(consentFor(s, 'marketing')));
 * const body = { ...order, extensions: toExtensionData(tracker.getSnapshot().values) };
 */
export function createAttributionTracker(
  options: AttributionTrackerOptions = {},
): AttributionTracker {
  check(options && typeof options === 'object', 'options');
  const {
    lifetime = 0.00001,
    sessionLength = 30,
    base64,
    now = Date.now,
    userAgent = globalThis.navigator?.userAgent ?? '',
    // document.cookie, read and written only from a page view on.
    cookies = globalThis.document && {
      get: () => document.cookie,
      set: (cookie) => void (document.cookie = cookie),
    },
  } = options;
  let { allowTracking: allow = true, consent = 'granted' } = options;
  checkState(allow, consent);
  check(sessionLength > 0 && lifetime >= 0, 'lifetime or sessionLength');
  // Cookie lifetime in whole minutes, as sourcebuster computes it (0: browser session).
  const lifetimeMinutes = Math.trunc((lifetime || 6) * 43_200);
  let snapshot: AttributionSnapshot;
  let last: Required<PageView> | undefined;
  // The page views seen while consent is pending: never stored until granted.
  let held: SbjsData | undefined;
  let heldAt = 0;
  // Every sbjs_* cookie name in the jar at the last read.
  let present: string[];
  // The cookies' attributes for the shop's domain, as the last `setDomain` found them.
  let attributes: string;
  const listeners = new Set<(snapshot: AttributionSnapshot) => void>();

  /** Makes and publishes a snapshot: filled from `data`, or empty for `reason`. */
  const publish = (reason: AttributionEmptyReason | null, data?: SbjsData) => {
    // The containers the fields come from; their aliases never collide (see SBJS_ALIASES).
    const stored = { ...data?.udata, ...data?.session, ...data?.current_add, ...data?.current };
    const values = {} as Record<AttributionField, string>;
    for (const field of ATTRIBUTION_FIELDS) values[field] = stored[SBJS_ALIASES[field]] ?? '';
    snapshot = Object.freeze({ values: Object.freeze(values), data: data ?? null, reason });
    for (const listener of [...listeners]) listener(snapshot);
  };

  const read = (): SbjsData => {
    const { data, names } = parseSbjsCookies(safe(() => cookies.get()) ?? '');
    present = names;
    // A touch without a type is garbage: treat it as absent rather than keep it.
    if (!data.current?.typ) delete data.current;
    if (!data.first?.typ) delete data.first;
    return data;
  };

  /** The shop's domain for `page`; sets the cookies' attributes for it. */
  const setDomain = (page?: URL) => {
    const domain = siteDomain(page, options.domain);
    // A cookie domain must hold a dot and not be an IP address; otherwise host-only.
    const cookieDomain = /\.(?!\d+$)[^.]+$/.test(domain) ? `; domain=.${domain}` : '';
    attributes = `; path=/${cookieDomain}`;
    return domain;
  };

  // A jar that refuses a cookie (e.g. cookies blocked) must not break the page.
  const write = (cookie: string) => safe(() => cookies.set(cookie + attributes));

  /** Percent-encodes as sourcebuster does (also `! ~ * ' ( )`), then Base64 if asked. */
  const encode = (text: string) => {
    const encoded = encodeURIComponent(text).replace(
      /[!~*'()]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    // Base64 without its `=` padding, as sourcebuster writes it.
    return base64 ? btoa(encoded).split('=')[0]! : encoded;
  };

  /** One container as a cookie value: `alias=value|||…`, each value escaped, then encoded. */
  const serialise = (container: Readonly<Record<string, string>>) =>
    encode(
      Object.entries(container)
        // `%` → `%25`, `|` → `%7C`: sourcebuster decodes every value once more after
        // splitting, so this round-trips exactly and nothing forges a `|||`.
        .map(([alias, text]) => `${alias}=${text.replace(/[%|]/g, encodeURIComponent)}`)
        .join('|||'),
    );

  /** Deletes every sbjs_* cookie (WooCommerce's tracking off, or consent withdrawn). */
  const drop = () => {
    held = undefined;
    if (cookies) {
      read();
      setDomain(parseUrl(last?.url ?? here()));
      for (const name of present) write(`${name}=; max-age=-999`);
    }
  };

  /** Writes the changed containers (every one with a lifetime) and publishes `data`. */
  const store = (data: SbjsData, stored: SbjsData) => {
    held = undefined;
    for (const name of WRITTEN) {
      const container = data[name];
      const minutes = name === 'session' ? sessionLength : lifetimeMinutes;
      const changed = JSON.stringify(container) !== JSON.stringify(stored[name]);
      if (container && (minutes > 0 || changed)) {
        const expires =
          minutes > 0 ? `; expires=${new Date(now() + minutes * MINUTE).toUTCString()}` : '';
        write(`sbjs_${name}=${serialise(container)}${expires}`);
      }
    }
    // Tells WooCommerce's sourcebuster not to migrate our cookies from its old format.
    if (!present.includes('sbjs_migrations')) write(`sbjs_migrations=${encode('1418474375998=1')}`);
    publish(null, data);
  };

  /** The stored data after the page view `view` (wire contract §3.8). */
  const advance = (before: SbjsData, { url, referrer }: Required<PageView>): SbjsData => {
    const touch = classifyTraffic(
      {
        url,
        referrer,
        domain: setDomain(parseUrl(url)),
        inSession: before.session !== undefined,
        hasStoredTouch: before.first !== undefined || before.current !== undefined,
      },
      options,
    );
    const data: SbjsData = { ...before };
    const entry = clean(decode(url));
    if (touch) {
      data.current = toSbjsTouch(touch);
      data.current_add = {
        fd: formatSessionStartTime(new Date(now())),
        ep: entry,
        rf: clean(decode(referrer)) || NONE,
      };
      data.first_add ??= data.current_add;
    }
    data.current ??= data.first;
    data.first ??= data.current;
    const { udata, session } = before;
    // A new session (no session cookie) counts one more visit.
    const visits = udata ? count(udata.vst) + (session ? 0 : 1) : 1;
    data.udata = { vst: String(visits), uip: udata?.uip ?? NONE, uag: clean(userAgent) };
    const pages = session ? count(session.pgs) + 1 : 1;
    data.session = { pgs: String(pages), cpg: entry };
    return data;
  };

  const run = (view: Required<PageView>) => {
    last = view;
    if (!allow || consent === 'denied') {
      // As WooCommerce does on load with tracking off: no attribution cookie may stay.
      drop();
      publish(allow ? 'consent_denied' : 'tracking_off');
    } else if (!cookies) publish('no_cookies');
    else {
      const stored = read();
      let before = stored;
      if (held) {
        before = { ...held };
        // The held session ends like the cookie would: sessionLength after its last page view.
        if (now() - heldAt > sessionLength * MINUTE) delete before.session;
      }
      const data = advance(before, view);
      if (consent === 'pending') {
        held = data;
        heldAt = now();
        publish('consent_pending');
      } else store(data, stored);
    }
  };

  publish('not_started');
  return {
    subscribe(listener) {
      check(typeof listener === 'function', 'listener');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    pageView({ url = here(), referrer = last?.url ?? globalThis.document?.referrer ?? '' } = {}) {
      check(typeof url === 'string' && typeof referrer === 'string', 'page view');
      run({ url, referrer });
      return snapshot;
    },
    setAllowTracking(next) {
      checkState(next, consent);
      allow = next;
      if (!next) {
        drop();
        publish('tracking_off');
      } else if (last && !held) run(last);
    },
    setConsent(next) {
      checkState(allow, next);
      if (next === consent) return;
      consent = next;
      if (next === 'granted') {
        if (allow && held) store(held, read());
        else if (last) run(last);
      } else {
        if (next === 'denied') drop();
        held = undefined;
        if (last) publish(`consent_${next}`);
      }
    },
  };
}
