import { consentFor } from './consent-store';
import type { ConsentDecision, ConsentStore } from './consent-store';
import { ConsentAnalyticsError } from './errors';
import type { AnalyticsSessionTracker } from './session';

/** The analytics common properties (spec §3), merged into every event. */
export interface AnalyticsCommonProps {
  /** The site id (Jetpack's). */
  blog_id?: number;
  /** The store's UUID (`woocommerce_store_id`). */
  store_id?: string;
  /** The user id; 0 for guests. */
  ui?: string | number;
  /** The site URL. */
  url?: string;
  /** WooCommerce's version. */
  woo_version?: string;
  /** WordPress's version. */
  wp_version?: string;
  /** 1 for administrators and shop managers, else 0. */
  store_admin?: 0 | 1;
  /** `desktop`, `tablet` or `mobile`. */
  device?: string;
  /** The store currency code, e.g. `USD`. */
  store_currency?: string;
  /** The site time zone, e.g. `+00:00` or `Europe/Paris`. */
  timezone?: string;
  /** 1 for guests, else 0. */
  is_guest?: 0 | 1;
  /** Other properties the server adds. */
  [key: string]: unknown;
}

/** One queued event, as WooCommerce prints it in `wcAnalytics.eventQueue`. */
export interface AnalyticsEvent {
  /** `snake_case` name without the `woocommerceanalytics_` prefix, e.g. `product_view`. */
  eventName: string;
  /** Event properties. */
  props?: Record<string, unknown>;
}

/** The analytics configuration (spec §3, wire contract §7.2: `window.wcAnalytics`). */
export interface AnalyticsConfig {
  /** Merged into every event. */
  commonProps: AnalyticsCommonProps;
  /** Events the server queued for this page; starts empty. */
  eventQueue: AnalyticsEvent[];
  /**
   * Feature flags, all false by default (wire contract §7.2):
   * - `proxy`: events are posted in batches to the store's `trackEndpoint` (through `send`);
   *   off, each goes to the Tracks queue (`window._wca`) for a Tracks script the page has;
   * - `sessionTracking`: a `woocommerceanalytics_session` cookie (with statistics consent
   *   only), `session_started` / `session_engagement` events, and `session_id` and
   *   `landing_page` on every event;
   * - `ch`: every event carries `ch: 1` (WooCommerce's ClickHouse pipeline).
   */
  features: { ch: boolean; sessionTracking: boolean; proxy: boolean };
  /** Page context flags. */
  pages: { isAccountPage: boolean; isCart: boolean };
  /** Where batches are posted. */
  trackEndpoint: string;
}

/** A partial {@link AnalyticsConfig}: what is left out takes its default. */
export type AnalyticsConfigInput = Partial<Omit<AnalyticsConfig, 'features' | 'pages'>> & {
  features?: Partial<AnalyticsConfig['features']>;
  pages?: Partial<AnalyticsConfig['pages']>;
};

/** The store's analytics route (wire contract §7.3). */
export const TRACK_ENDPOINT = '/wp-json/woocommerce-analytics/v1/track';

/**
 * A full {@link AnalyticsConfig} from a partial one: an empty event queue,
 * `ch`, `sessionTracking` and `proxy` false, `isAccountPage` and `isCart` false.
 *
 * @example
 * const config = defineAnalyticsConfig({ commonProps: { store_currency: 'USD', is_guest: 1 } });
 */
export function defineAnalyticsConfig(config: AnalyticsConfigInput = {}): AnalyticsConfig {
  return {
    commonProps: { ...config.commonProps },
    eventQueue: [...(config.eventQueue ?? [])],
    features: { ch: false, sessionTracking: false, proxy: false, ...config.features },
    pages: { isAccountPage: false, isCart: false, ...config.pages },
    trackEndpoint: config.trackEndpoint ?? TRACK_ENDPOINT,
  };
}

/** Options of {@link createAnalytics}. */
export interface AnalyticsOptions {
  /** The consent store; events need "statistics". */
  consent: ConsentStore;
  /**
   * The configuration (see {@link defineAnalyticsConfig}).
   * @default defineAnalyticsConfig()
   */
  config?: AnalyticsConfigInput;
  /**
   * Sends one batch to the store's track route (with `features.proxy`): resolves when the store
   * took it (a 207, some events refused, counts), rejects otherwise, and the batch goes back to
   * the front of the queue. Inject the page's REST client here, as a form takes its `send`
   * (e.g. `@cartwright/store-api-client`'s `apiFetch`, with its nonce refresh and timeouts).
   * @default a JSON `POST` with `fetch` and `headers`
   */
  send?: (endpoint: string, events: TrackedEvent[]) => Promise<unknown>;
  /**
   * The default `send`'s fetch.
   * @default globalThis.fetch
   */
  fetch?: typeof globalThis.fetch;
  /**
   * The default `send`'s extra request headers, read at each send (e.g. `X-WP-Nonce`).
   * @default () => ({})
   */
  headers?: () => Record<string, string>;
  /**
   * Where events go without `features.proxy`: the Tracks queue, as WooCommerce Analytics'
   * `window._wca`, which a Tracks script (`s.js`) drains. Nothing is sent by this package then.
   * @default window._wca (created when missing)
   */
  tracksQueue?: { push: (event: Record<string, unknown>) => unknown };
  /**
   * The session tracker, for `features.sessionTracking` (`createSessionTracker()` from
   * `@cartwright/consent-analytics/session`, its own entry so a shop without session tracking
   * does not pay for it). Required when the flag is on.
   */
  session?: AnalyticsSessionTracker;
  /**
   * Sends what is left when the page is hidden.
   * @default navigator.sendBeacon
   */
  sendBeacon?: (url: string, data: Blob) => boolean;
  /**
   * Calls `listener` when the page is hidden; returns an unsubscribe function.
   * @default `pagehide` and `visibilitychange` (hidden) on window
   */
  onPageHide?: (listener: () => void) => () => void;
  /**
   * Events per request; a full batch is sent at once.
   * @default 10
   */
  batchSize?: number;
  /**
   * Milliseconds to wait for more events before sending.
   * @default 1000
   */
  flushDelay?: number;
  /** @default globalThis.setTimeout */
  setTimeout?: (callback: () => void, ms: number) => unknown;
  /** @default globalThis.clearTimeout */
  clearTimeout?: (id: unknown) => void;
  /**
   * The clock, for `_ts`.
   * @default Date.now
   */
  now?: () => number;
}

/** What is sent: `POST {trackEndpoint}` with a JSON array of these. */
export interface TrackedEvent {
  /** The event name. */
  event_name: string;
  /** Common properties, then the event's own, and `_ts` (ms). */
  properties: Record<string, unknown>;
}

/** Consent-gated analytics; see {@link createAnalytics}. */
export interface Analytics {
  /**
   * Records an event: sent (batched) with statistics consent, held until a
   * decision while consent is pending, dropped when denied.
   * @throws {ConsentAnalyticsError} `invalid_event` for a name that is not `snake_case`.
   */
  record: (eventName: string, props?: Record<string, unknown>) => void;
  /**
   * Records a page view (`page_view` with `props`, on load and each navigation). With
   * `features.sessionTracking` it first starts the shopper's session (`session_started`) or, on
   * its second page, records `session_engagement`, and slides the session's end; the session
   * cookie is written only once statistics are granted (a view made before starts it then).
   */
  pageView: (props?: Record<string, unknown>) => void;
  /** Sends the queued events now; failed events go back to the front of the queue. */
  flush: () => Promise<void>;
  /**
   * Replaces the common properties merged into the events recorded from now on (for example
   * after the shopper logs in: `ui`, `is_guest`). Events already recorded keep theirs.
   */
  setCommonProps: (props: AnalyticsCommonProps) => void;
  /** The page context flags of the configuration. */
  pages: Readonly<AnalyticsConfig['pages']>;
  /** Stops listening to consent and page hide. */
  destroy: () => void;
}

const EVENT_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Creates consent-gated store analytics. Nothing is sent before statistics
 * consent (or when no consent framework is present); a grant later sends the
 * held events and the configuration's `eventQueue` without a reload; a denial
 * drops them. Batches go to `/wp-json/woocommerce-analytics/v1/track`, and what
 * is left is sent with `sendBeacon` when the page is hidden.
 *
 * @example
 * const analytics = createAnalytics({ consent, config: window.wcAnalytics, headers: () => ({ 'X-WP-Nonce': nonce }) });
 * analytics.record('product_view', { pi: 42 });
 */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  if (typeof options !== 'object' || options === null || !options.consent) {
    throw new ConsentAnalyticsError('invalid_options', 'createAnalytics() needs a consent store.');
  }
  const { consent, batchSize = 10, flushDelay = 1000, now = Date.now } = options;
  const config = defineAnalyticsConfig(options.config);
  const { ch, sessionTracking, proxy } = config.features;
  const tracker = options.session;
  if (sessionTracking && !tracker) {
    throw new ConsentAnalyticsError(
      'invalid_options',
      'features.sessionTracking needs a session tracker (createSessionTracker()).',
    );
  }
  const set = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clear =
    options.clearTimeout ??
    ((id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>));
  let held: TrackedEvent[] = [];
  let queue: TrackedEvent[] = [];
  let timer: unknown;
  let decision: ConsentDecision = 'pending';
  /** The properties of the shopper's session, once known (session tracking with consent). */
  let sessionProps: Record<string, unknown> = {};
  /** The page viewed while consent was pending: the session starts there on a grant. */
  let viewedBeforeConsent: string | undefined;

  const post =
    options.send ??
    (async (endpoint: string, batch: TrackedEvent[]) => {
      const response = await (options.fetch ?? globalThis.fetch)(endpoint, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', ...options.headers?.() },
        body: JSON.stringify(batch),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    });

  const send = async (batch: TrackedEvent[]) => {
    try {
      await post(config.trackEndpoint, batch);
    } catch {
      // Wire contract §7.3: a failed send puts the events back at the front of the queue.
      queue = [...batch, ...queue];
    }
  };

  const flush = async () => {
    clear(timer);
    timer = undefined;
    const batches: TrackedEvent[][] = [];
    while (queue.length) batches.push(queue.splice(0, batchSize));
    for (const batch of batches) await send(batch);
  };

  const enqueue = (events: TrackedEvent[]) => {
    if (!proxy) {
      // WooCommerce Analytics without proxy tracking: the Tracks queue, prefixed names.
      const tracks = options.tracksQueue ?? ((globalThis as { _wca?: unknown[] })._wca ??= []);
      for (const event of events) {
        tracks.push({ _en: `woocommerceanalytics_${event.event_name}`, ...event.properties });
      }
      return;
    }
    queue.push(...events);
    if (queue.length >= batchSize) void flush();
    else timer ??= set(() => void flush(), flushDelay);
  };

  /** Starts or continues the session at `url` (consent granted), recording what that means. */
  const touchSession = (url: string) => {
    const touched = tracker?.touch(url, now());
    if (!touched) return;
    sessionProps = touched.props;
    if (touched.event) track(touched.event);
  };

  const onConsent = () => {
    const before = decision;
    decision = consentFor(consent.getSnapshot(), 'statistics');
    if (decision === 'granted') {
      const replay = held;
      held = [];
      if (viewedBeforeConsent !== undefined) {
        touchSession(viewedBeforeConsent);
        viewedBeforeConsent = undefined;
      }
      // Events held before the session existed belong to it too.
      for (const event of replay) event.properties = { ...sessionProps, ...event.properties };
      if (replay.length) enqueue(replay);
    } else if (decision === 'denied') {
      held = [];
      queue = [];
      clear(timer);
      timer = undefined;
      viewedBeforeConsent = undefined;
      sessionProps = {};
      // Withdrawn statistics consent ends the session (wire contract §7.4).
      if (before !== 'denied') tracker?.clear();
    }
  };

  const track = (eventName: string, props: Record<string, unknown> = {}) => {
    if (typeof eventName !== 'string' || !EVENT_NAME.test(eventName)) {
      throw new ConsentAnalyticsError(
        'invalid_event',
        `Event names are snake_case ASCII, got ${JSON.stringify(eventName) ?? String(eventName)}.`,
      );
    }
    const event = {
      event_name: eventName,
      properties: {
        ...config.commonProps,
        ...sessionProps,
        ...props,
        ...(ch ? { ch: 1 } : {}),
        _ts: now(),
      },
    };
    if (decision === 'granted') enqueue([event]);
    else if (decision === 'pending') held.push(event);
  };

  const pageHide = () => {
    if (!queue.length) return;
    const beacon =
      options.sendBeacon ??
      (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function'
        ? undefined
        : (url: string, data: Blob) => navigator.sendBeacon(url, data));
    if (!beacon) return;
    const body = new Blob([JSON.stringify(queue)], { type: 'application/json' });
    if (beacon(config.trackEndpoint, body)) {
      queue = [];
      clear(timer);
      timer = undefined;
    }
  };

  const listenPageHide =
    options.onPageHide ??
    ((listener: () => void) => {
      if (typeof window === 'undefined') return () => undefined;
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') listener();
      };
      window.addEventListener('pagehide', listener);
      document.addEventListener('visibilitychange', onVisibility);
      return () => {
        window.removeEventListener('pagehide', listener);
        document.removeEventListener('visibilitychange', onVisibility);
      };
    });

  const pageView = (props: Record<string, unknown> = {}) => {
    if (sessionTracking) {
      const url =
        typeof props.url === 'string'
          ? props.url
          : typeof location === 'undefined'
            ? ''
            : location.href;
      if (decision === 'granted') touchSession(url);
      else if (decision === 'pending') viewedBeforeConsent ??= url;
    }
    track('page_view', props);
  };

  for (const { eventName, props } of config.eventQueue) track(eventName, props);
  onConsent();
  const unsubscribe = consent.subscribe(onConsent);
  const stopPageHide = listenPageHide(pageHide);

  return {
    record: track,
    pageView,
    flush,
    setCommonProps(props) {
      config.commonProps = { ...props };
    },
    pages: Object.freeze({ ...config.pages }),
    destroy() {
      unsubscribe();
      stopPageHide();
      clear(timer);
    },
  };
}
