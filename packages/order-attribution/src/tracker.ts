import { invalid } from './errors';
import { ATTRIBUTION_FIELDS } from './fields';
import type { AttributionValues } from './fields';
import { DEFAULT_CLICK_IDS, DEFAULT_REFERRALS, ORGANICS, PAYMENT_REFERRERS } from './defaults';
import { formatSessionStartTime } from './record';
import { decode, parseSbjsCookies, safe } from './sbjs';
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

/** A click-id parameter treated as a campaign: `[source, medium, campaign]`. */
export type ClickIdRule = readonly [source: string, medium: string, campaign: string];

/** A referrer host with its own source name and medium: `[display, medium]`. */
export type ReferralRule = readonly [display: string, medium: string];

/** An organic search engine: `[host, query parameter, display name]`. */
export type OrganicEngine = readonly [host: string, param: string, display: string];

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
export interface AttributionTrackerOptions {
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
   * The shop's domain: referrers on it or its subdomains are internal, and the cookies
   * are set for it and its subdomains.
   * @default the page's host name without `www.`
   * @example 'example.com' // so pay.example.com is not a referral for shop.example.com
   */
  domain?: string;
  /**
   * Click-id parameters that make a page view a campaign (`utm`), in priority order.
   * @default { gclid: ['google', 'cpc', 'google_cpc'], yclid: ['yandex', 'cpc', 'yandex_cpc'] }
   * @example { ...DEFAULT_CLICK_IDS, ...EXTENDED_CLICK_IDS } // from './extended'
   */
  clickIds?: Readonly<Record<string, ClickIdRule>>;
  /**
   * Referral hosts (and their subdomains) with their own source name and medium.
   * @default { 't.co': ['twitter.com', 'referral'], 'plus.url.google.com': ['plus.google.com', 'referral'] }
   */
  referrals?: Readonly<Record<string, ReferralRule>>;
  /**
   * More organic search engines, checked before the built-in list.
   * @default []
   * @example [['duckduckgo.com', 'q', 'duckduckgo']]
   */
  organics?: readonly OrganicEngine[];
  /**
   * Referrer hosts (and their subdomains) that never start a new source, such as
   * payment pages a shopper returns from.
   * @default PAYMENT_REFERRERS
   */
  excludeReferrers?: readonly string[];
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

const NONE = '(none)';
// sourcebuster's aliases of a touch, and the utm parameters behind `src` … `tct`.
const MAIN = 'typ src mdm cmp cnt trm id plt fmt tct'.split(' ');
const UTM =
  'source medium campaign content term id source_platform creative_format marketing_tactic'
    .split(' ')
    .map((name) => `utm_${name}`);
// The alias of each field, in ATTRIBUTION_FIELDS' order (wire contract §3.1). Each alias
// belongs to one container: current, current_add (rf ep fd), session (pgs), udata (vst uag).
const ALIASES = 'typ rf cmp src mdm cnt id trm plt fmt tct ep fd pgs vst uag'.split(' ');
const CONTAINERS = 'current current_add first first_add udata session'.split(
  ' ',
) as SbjsContainer[];
const MINUTE = 60_000;
const YANDEX = /^(.*\.)?yandex\..{2,9}$/;

/** Throws `invalid_options` naming `what` unless `ok`. */
const check = (ok: unknown, what: string) => {
  if (!ok) throw invalid('invalid_options', what);
};

/** A value as stored: no C0/C1 control characters or DEL, at most `max` code points. */
const clean = (value: string, max = 500): string => {
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  // At most `max` UTF-16 units is at most `max` code points: only longer text is split.
  return text.length > max ? Array.from(text).slice(0, max).join('') : text;
};

const parseUrl = (text: string) => safe(() => new URL(text));

/**
 * Query parameters the sourcebuster way: only `key=value` counts (a bare `key` does not),
 * the first of a key wins, names as they are and values decoded and capped.
 */
const queryOf = (url?: URL) => {
  const params = new Map<string, string>();
  for (const part of (url?.search ?? '').slice(1).split('&')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at);
    if (at >= 0 && !params.has(key)) params.set(key, clean(decode(part.slice(at + 1)), 100));
  }
  return params;
};

/** Whether `host` is `domain` or one of its subdomains. */
const within = (host: string, domain: string) => `.${host}`.endsWith(`.${domain.toLowerCase()}`);

/** The page's URL, or `''` on the server. */
const here = () => globalThis.location?.href ?? '';

/** Checks the two switches: `allowTracking` and the consent decision. */
const checkState = (allow: unknown, consent: unknown) => {
  check(typeof allow == 'boolean', 'allowTracking');
  check(['granted', 'denied', 'pending'].includes(consent as string), 'consent');
};

/**
 * Creates an {@link AttributionTracker}. Nothing happens until `pageView()`:
 * creating one is safe during server rendering.
 *
 * Classification, in priority order (spec §4): a `utm_*` or click-id parameter
 * → `utm`; a known search engine referrer → `organic`; an external referrer
 * with no active session → `referral`; no stored touch → `typein` (`(direct)` /
 * `(none)`); else the stored touch is kept. Referrers on the shop's domain or
 * in `excludeReferrers` never start a new source.
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
  check(options && typeof options == 'object', 'options');
  const {
    lifetime = 0.00001,
    sessionLength = 30,
    base64,
    clickIds = DEFAULT_CLICK_IDS,
    referrals = DEFAULT_REFERRALS,
    organics = [],
    excludeReferrers = PAYMENT_REFERRERS,
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
  const engines = [...organics, ...ORGANICS];
  // Cookie lifetime in whole minutes, as sourcebuster computes it (0: browser session).
  const minutes = Math.trunc((lifetime || 6) * 43_200);
  let snapshot: AttributionSnapshot;
  let last: Required<PageView> | undefined;
  // The page views seen while consent is pending: never stored until granted.
  let held: SbjsData | undefined;
  let heldAt = 0;
  // Every sbjs_* cookie name in the jar at the last read.
  let present: string[];
  // The cookies' attributes for the shop's domain, as the last `domainOf` found them.
  let attributes: string;
  const listeners = new Set<(snapshot: AttributionSnapshot) => void>();

  /** Makes and publishes a snapshot: filled from `data`, or empty for `reason`. */
  const publish = (reason: AttributionEmptyReason | null, data?: SbjsData) => {
    const all = { ...data?.udata, ...data?.session, ...data?.current_add, ...data?.current };
    const values = {} as Record<string, string>;
    ATTRIBUTION_FIELDS.forEach((field, index) => (values[field] = all[ALIASES[index]!] ?? ''));
    snapshot = Object.freeze({
      values: Object.freeze(values as AttributionValues),
      data: data ?? null,
      reason,
    });
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

  const domainOf = (page?: URL) => {
    const domain = (options.domain ?? page?.hostname ?? '').replace(/^www\./, '').toLowerCase();
    // A cookie domain must hold a dot and not be an IP address; otherwise host-only.
    attributes = `; path=/${/\.(?!\d+$)[^.]+$/.test(domain) ? `; domain=.${domain}` : ''}`;
    return domain;
  };

  // A jar that refuses a cookie (e.g. cookies blocked) must not break the page.
  const write = (cookie: string) => safe(() => cookies.set(cookie + attributes));

  /** Percent-encodes as sourcebuster does (also `! ~ * ' ( )`), then Base64 if asked. */
  const encode = (text: string) => {
    text = encodeURIComponent(text).replace(
      /[!~*'()]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    return base64 ? btoa(text).split('=')[0]! : text;
  };

  /** Deletes every sbjs_* cookie (WooCommerce's tracking off, or consent withdrawn). */
  const drop = () => {
    held = undefined;
    if (cookies) {
      read();
      domainOf(parseUrl(last?.url ?? here()));
      for (const name of present) write(`${name}=; max-age=-999`);
    }
  };

  /** Writes the changed containers (every one with a lifetime) and publishes `data`. */
  const store = (data: SbjsData, stored: SbjsData) => {
    held = undefined;
    for (const name of CONTAINERS) {
      const container = data[name]!;
      const session = name == 'session';
      const expires = session ? sessionLength : minutes;
      if (container && (expires || JSON.stringify(container) != JSON.stringify(stored[name]))) {
        // Each value escaped (`%` → `%25`, `|` → `%7C`): sourcebuster decodes every value
        // once more after splitting, so this round-trips exactly and nothing forges a `|||`.
        write(
          `sbjs_${name}=${encode(
            Object.entries(container)
              .map(([alias, text]) => `${alias}=${text.replace(/[%|]/g, encodeURIComponent)}`)
              .join('|||'),
          )}${expires ? `; expires=${new Date(now() + expires * MINUTE).toUTCString()}` : ''}`,
        );
      }
    }
    // Tells WooCommerce's sourcebuster not to migrate our cookies from its old format.
    if (!present.includes('sbjs_migrations')) write(`sbjs_migrations=${encode('1418474375998=1')}`);
    publish(null, data);
  };

  const classify = (before: SbjsData, { url, referrer }: Required<PageView>): SbjsData => {
    const page = parseUrl(url);
    const domain = domainOf(page);
    const query = queryOf(page);
    const ref = parseUrl(referrer);
    const refHost = ref?.hostname.toLowerCase() ?? '';
    const refQuery = ref?.search.toLowerCase() ?? '';
    const external =
      refHost && ![domain, ...excludeReferrers].some((host) => within(refHost, host));
    const yandex = YANDEX.test(refHost);
    const click = clickIds[Object.keys(clickIds).find((key) => query.has(key))!];
    const engine = engines.find(
      ([host, param]) => within(refHost, host) && refQuery.includes(`${param.toLowerCase()}=`),
    );
    const organic =
      external &&
      (yandex && refQuery.includes('text=')
        ? 'yandex'
        : /^(www\.)?google\..{2,9}$/.test(refHost)
          ? 'google'
          : engine && (engine[2] || engine[0]));
    const rule = Object.entries(referrals).find(([host]) => within(refHost, host))?.[1];
    // The touch's values in MAIN's order; a missing one is "(none)".
    const main: Array<string | undefined> =
      click || UTM.some((key) => query.has(key))
        ? [
            'utm',
            ...UTM.map((key, index) => {
              const value = query.get(key);
              // src … cnt: the parameter (even empty), else the click id's; the term from a
              // Yandex referrer's search text; id … tct: a non-empty parameter.
              return index > 4
                ? value || NONE
                : (value ??
                    click?.[index] ??
                    ((index == 4 && yandex && queryOf(ref).get('text')) || NONE));
            }),
          ]
        : organic
          ? ['organic', organic, 'organic']
          : external && !before.session
            ? [
                'referral',
                rule?.[0] || refHost.replace(/^www\./, ''),
                rule?.[1] || 'referral',
                NONE,
                clean(decode(ref!.pathname), 100),
              ]
            : before.first || before.current
              ? []
              : ['typein', '(direct)'];

    const data: SbjsData = { ...before };
    const entry = clean(decode(url));
    if (main[0]) {
      data.current = Object.fromEntries(MAIN.map((alias, index) => [alias, main[index] ?? NONE]));
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
    data.udata = {
      vst: String(udata ? (parseInt(udata.vst!) || 1) + (session ? 0 : 1) : 1),
      uip: udata?.uip ?? NONE,
      uag: clean(userAgent),
    };
    data.session = { pgs: String(session ? (parseInt(session.pgs!) || 1) + 1 : 1), cpg: entry };
    return data;
  };

  const run = (view: Required<PageView>) => {
    last = view;
    if (!allow || consent == 'denied') {
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
      const data = classify(before, view);
      if (consent == 'pending') {
        held = data;
        heldAt = now();
        publish('consent_pending');
      } else store(data, stored);
    }
  };

  publish('not_started');
  return {
    subscribe(listener) {
      check(typeof listener == 'function', 'listener');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    pageView({ url = here(), referrer = last?.url ?? globalThis.document?.referrer ?? '' } = {}) {
      check(typeof url == 'string' && typeof referrer == 'string', 'page view');
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
      if (next == consent) return;
      consent = next;
      if (next == 'granted') {
        if (allow && held) store(held, read());
        else if (last) run(last);
      } else {
        if (next == 'denied') drop();
        held = undefined;
        if (last) publish(`consent_${next}`);
      }
    },
  };
}
