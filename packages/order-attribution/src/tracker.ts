import { OrderAttributionError } from './errors';
import { ATTRIBUTION_FIELDS } from './fields';
import type { AttributionValues } from './fields';
import { DEFAULT_CLICK_IDS, DEFAULT_REFERRALS, ORGANICS, PAYMENT_REFERRERS } from './defaults';
import { formatSessionStartTime } from './record';
import {
  CONTROL,
  SBJS_MIGRATIONS,
  SBJS_MIGRATIONS_VALUE,
  SBJS_PREFIX,
  decodeData as decodeSafe,
  parseSbjsCookies,
  encodeCookieValue,
  serializeSbjsValue,
} from './sbjs';
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
   * @default `document.cookie`, looked up at the first page view (none on the server)
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

const UTM =
  'source medium campaign content term id source_platform creative_format marketing_tactic'
    .split(' ')
    .map((name) => `utm_${name}`);

// Field → [container, alias] (wire contract §3.1).
const ACCESSORS =
  'current.typ current_add.rf current.cmp current.src current.mdm current.cnt current.id current.trm current.plt current.fmt current.tct current_add.ep current_add.fd session.pgs udata.vst udata.uag'
    .split(' ')
    .map((path) => path.split('.') as [SbjsContainer, string]);

const NONE = '(none)';
const MAIN = 'typ src mdm cmp cnt trm id plt fmt tct'.split(' ');
const CONTAINERS: readonly SbjsContainer[] = [
  'current',
  'current_add',
  'first',
  'first_add',
  'udata',
  'session',
];

/** A value as stored: no control characters, at most `max` code points. */
const clean = (value: unknown, max = 500): string => {
  const text = String(value).replace(CONTROL, '');
  // At most `max` UTF-16 units is at most `max` code points: only longer text is split.
  return text.length > max ? Array.from(text).slice(0, max).join('') : text;
};

const parseUrl = (text: string): URL | null => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

/** Query parameters the sourcebuster way: only `key=` counts; the first of a key wins. */
const queryOf = (url: URL | null): Map<string, string> => {
  const params = new Map<string, string>();
  for (const part of (url?.search ?? '').slice(1).split('&')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = decodeSafe(part.slice(0, eq));
    if (!params.has(key)) params.set(key, clean(decodeSafe(part.slice(eq + 1)), 100));
  }
  return params;
};

const hostIn = (host: string, domain: string) => {
  const lower = domain.toLowerCase();
  return host === lower || host.endsWith(`.${lower}`);
};

const EMPTY = Object.freeze(
  Object.fromEntries(ATTRIBUTION_FIELDS.map((field) => [field, ''])),
) as Readonly<AttributionValues>;

const emptySnapshot = (reason: AttributionEmptyReason): AttributionSnapshot =>
  Object.freeze({ values: EMPTY, data: null, reason });

const fail = (message: string) => new OrderAttributionError('invalid_options', message);

function defaultJar(): CookieJar | undefined {
  if (typeof document === 'undefined') return undefined;
  return {
    get: () => document.cookie,
    set: (cookie) => {
      document.cookie = cookie;
    },
  };
}

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
  if (typeof options !== 'object' || options === null) throw fail('Options must be an object.');
  const {
    lifetime = 0.00001,
    sessionLength = 30,
    base64 = false,
    clickIds = DEFAULT_CLICK_IDS,
    referrals = DEFAULT_REFERRALS,
    organics = [],
    excludeReferrers = PAYMENT_REFERRERS,
    now = Date.now,
  } = options;
  let allow = options.allowTracking ?? true;
  let consent = checkConsent(options.consent ?? 'granted');
  checkBoolean(allow, 'allowTracking');
  if (!(sessionLength > 0) || !(lifetime >= 0)) {
    throw fail('`lifetime` and `sessionLength` must be positive numbers.');
  }
  const engines = [...organics, ...ORGANICS];
  let jar: CookieJar | undefined;
  let snapshot = emptySnapshot('not_started');
  let last: Required<PageView> | undefined;
  // The result of the page views seen while consent is pending: never stored until granted.
  let held: { data: SbjsData; at: number } | undefined;
  let present: string[] = [];
  const listeners = new Set<(snapshot: AttributionSnapshot) => void>();

  const publish = (next: AttributionSnapshot) => {
    snapshot = next;
    for (const listener of [...listeners]) listener(next);
  };

  const cookieJar = () => (jar ??= options.cookies ?? defaultJar());

  const domainOf = (url: URL | null) =>
    (options.domain ?? url?.hostname ?? '').replace(/^www\./, '').toLowerCase();

  const readCookies = (): SbjsData => {
    let text = '';
    try {
      text = cookieJar()?.get() ?? '';
    } catch {
      // A jar that fails to read is the same as no cookies.
    }
    const { data, names } = parseSbjsCookies(text);
    present = names;
    // A touch without a type is garbage: treat it as absent rather than keep it.
    if (!data.current?.typ) delete data.current;
    if (!data.first?.typ) delete data.first;
    return data;
  };

  const attributes = (domain: string) =>
    // A cookie domain must contain a dot and not be an IP address; otherwise host-only.
    `; path=/${/\.(?!\d+$)[^.]+$/.test(domain) ? `; domain=.${domain}` : ''}`;

  const write = (cookie: string) => {
    try {
      cookieJar()?.set(cookie);
    } catch {
      // A jar that refuses a cookie (e.g. cookies blocked) must not break the page.
    }
  };

  const store = (data: SbjsData, before: SbjsData, domain: string) => {
    const minutes = Math.trunc((lifetime || 6) * 30 * 24 * 60);
    for (const name of CONTAINERS) {
      const container = data[name];
      if (!container) continue;
      const session = name === 'session';
      const value = JSON.stringify(container);
      if (!session && !minutes && value === JSON.stringify(before[name])) continue;
      const expires = session ? sessionLength : minutes;
      write(
        `${SBJS_PREFIX}${name}=${serializeSbjsValue(Object.entries(container), base64)}` +
          (expires ? `; expires=${new Date(now() + expires * 60_000).toUTCString()}` : '') +
          attributes(domain),
      );
    }
    if (!present.includes(SBJS_MIGRATIONS)) {
      // Tells WooCommerce's sourcebuster not to migrate our cookies from its old format.
      write(
        `${SBJS_MIGRATIONS}=${encodeCookieValue(SBJS_MIGRATIONS_VALUE, base64)}${attributes(domain)}`,
      );
      present.push(SBJS_MIGRATIONS);
    }
  };

  const pageUrl = () => last?.url ?? (typeof location === 'undefined' ? '' : location.href);

  const removeCookies = () => {
    if (!cookieJar()) return;
    readCookies();
    const domain = domainOf(parseUrl(pageUrl()));
    for (const name of present) write(`${name}=; max-age=-999${attributes(domain)}`);
    present = [];
  };

  const filled = (data: SbjsData): AttributionSnapshot => {
    const values = {} as AttributionValues;
    ATTRIBUTION_FIELDS.forEach((field, index) => {
      const [container, alias] = ACCESSORS[index] as [SbjsContainer, string];
      values[field] = data[container]?.[alias] ?? '';
    });
    for (const container of Object.values(data)) Object.freeze(container);
    return Object.freeze({
      values: Object.freeze(values),
      data: Object.freeze(data),
      reason: null,
    });
  };

  const classify = (before: SbjsData, view: Required<PageView>, page: URL | null): SbjsData => {
    const at = now();
    const domain = domainOf(page);
    const query = queryOf(page);
    const ref = view.referrer ? parseUrl(view.referrer) : null;
    const refHost = ref?.hostname.toLowerCase() ?? '';
    const refQuery = ref?.search.slice(1) ?? '';
    const external =
      !!refHost &&
      !hostIn(refHost, domain) &&
      !excludeReferrers.some((host) => hostIn(refHost, host));
    const main: Record<string, string> = {};
    // Values in sourcebuster's alias order; a missing one is "(none)".
    const set = (...values: Array<string | undefined>) =>
      MAIN.forEach((alias, index) => (main[alias] = values[index] ?? NONE));

    const clickId = Object.keys(clickIds).find((key) => query.has(key));
    const click = clickId === undefined ? undefined : clickIds[clickId];
    let organic: string | undefined;
    if (external) {
      if (/^(?:.*\.)?yandex\..{2,9}$/.test(refHost) && /text=/.test(refQuery)) organic = 'yandex';
      else if (/^(?:www\.)?google\..{2,9}$/.test(refHost)) organic = 'google';
      else if (refQuery) {
        const engine = engines.find(
          ([host, param]) =>
            hostIn(refHost, host) && refQuery.toLowerCase().includes(`${param.toLowerCase()}=`),
        );
        organic = engine && (engine[2] || engine[0]);
      }
    }

    if (click || UTM.some((key) => query.has(key))) {
      const utm = (name: string) => query.get(`utm_${name}`);
      set(
        'utm',
        utm('source') ?? click?.[0],
        utm('medium') ?? click?.[1],
        utm('campaign') ?? click?.[2],
        utm('content'),
        utm('term') ??
          ((/^(?:.*\.)?yandex\..{2,9}$/.test(refHost) && queryOf(ref).get('text')) || NONE),
        utm('id') || NONE,
        utm('source_platform') || NONE,
        utm('creative_format') || NONE,
        utm('marketing_tactic') || NONE,
      );
    } else if (organic) {
      set('organic', organic, 'organic');
    } else if (external && !before.session) {
      const rule = Object.entries(referrals).find(([host]) => hostIn(refHost, host))?.[1];
      set(
        'referral',
        rule?.[0] || refHost.replace(/^www\./, ''),
        rule?.[1] || 'referral',
        NONE,
        clean(decodeSafe(ref?.pathname ?? ''), 100),
      );
    } else if (!before.first && !before.current) {
      set('typein', '(direct)', NONE);
    }

    const data: SbjsData = { ...before };
    const entry = clean(decodeSafe(view.url));
    if (main.typ) {
      data.current = main;
      const add = {
        fd: formatSessionStartTime(new Date(at)),
        ep: entry,
        rf: clean(decodeSafe(view.referrer)) || NONE,
      };
      data.current_add = add;
      data.first_add ??= add;
    }
    data.current ??= data.first;
    data.first ??= data.current;
    const visits = Number.parseInt(before.udata?.vst ?? '', 10) || 1;
    data.udata = {
      vst: String(before.udata ? visits + (before.session ? 0 : 1) : 1),
      uip: before.udata?.uip ?? NONE,
      uag: clean(
        options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent),
      ),
    };
    const pages = Number.parseInt(before.session?.pgs ?? '', 10) || 1;
    data.session = {
      pgs: String(before.session ? pages + 1 : 1),
      cpg: entry,
    };
    return data;
  };

  const run = (view: Required<PageView>): AttributionSnapshot => {
    last = view;
    if (!allow || consent === 'denied') {
      // As WooCommerce does on load with tracking off: no attribution cookie may stay.
      held = undefined;
      removeCookies();
      return emptySnapshot(allow ? 'consent_denied' : 'tracking_off');
    }
    if (!cookieJar()) return emptySnapshot('no_cookies');
    const fromCookies = readCookies();
    let before = fromCookies;
    if (held) {
      before = { ...held.data };
      // The held session ends like the cookie would: sessionLength after its last page view.
      if (now() - held.at > sessionLength * 60_000) delete before.session;
    }
    const page = parseUrl(view.url);
    const data = classify(before, view, page);
    if (consent === 'pending') {
      held = { data, at: now() };
      return emptySnapshot('consent_pending');
    }
    held = undefined;
    store(data, fromCookies, domainOf(page));
    return filled(data);
  };

  const tracker: AttributionTracker = {
    subscribe(listener) {
      if (typeof listener !== 'function') throw fail('subscribe() expects a function.');
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    pageView(view = {}) {
      const url = view.url ?? (typeof location === 'undefined' ? '' : location.href);
      const referrer =
        view.referrer ?? last?.url ?? (typeof document === 'undefined' ? '' : document.referrer);
      if (typeof url !== 'string' || typeof referrer !== 'string') {
        throw fail('A page view’s `url` and `referrer` must be strings.');
      }
      publish(run({ url, referrer }));
      return snapshot;
    },
    setAllowTracking(next) {
      checkBoolean(next, 'allowTracking');
      allow = next;
      if (!next) {
        held = undefined;
        removeCookies();
        publish(emptySnapshot('tracking_off'));
      } else if (last && !held) publish(run(last));
    },
    setConsent(next) {
      if (checkConsent(next) === consent) return;
      consent = next;
      if (next === 'denied') {
        held = undefined;
        removeCookies();
        if (last) publish(emptySnapshot('consent_denied'));
      } else if (next === 'pending') {
        held = undefined;
        if (last) publish(emptySnapshot('consent_pending'));
      } else if (allow && held) {
        const data = held.data;
        held = undefined;
        const fromCookies = readCookies();
        store(data, fromCookies, domainOf(parseUrl(pageUrl())));
        publish(filled(data));
      } else if (last) publish(run(last));
    },
  };
  return tracker;
}

function checkConsent(consent: unknown): AttributionConsent {
  if (consent !== 'granted' && consent !== 'denied' && consent !== 'pending') {
    throw fail(`Consent must be "granted", "denied" or "pending", got ${String(consent)}.`);
  }
  return consent;
}

function checkBoolean(value: unknown, name: string) {
  if (typeof value !== 'boolean') throw fail(`\`${name}\` must be true or false.`);
}
