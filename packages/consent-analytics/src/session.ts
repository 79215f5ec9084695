import { readCookie } from './cookie';

/** WooCommerce Analytics' session cookie (wire contract §7.3). */
export const SESSION_COOKIE = 'woocommerceanalytics_session';

/** A session lasts this long after its last page view, and never past UTC midnight. */
export const SESSION_LENGTH_MS = 30 * 60 * 1000;

/** The session cookie's value: WooCommerce's fields. */
export interface AnalyticsSession {
  /** A random UUID (v4). */
  session_id: string;
  /** The page the session started on. */
  landing_page: string;
  /** When the cookie expires, in ms since the epoch. */
  expires: number;
  /** Whether the shopper has seen a second page of this session. */
  is_engaged?: boolean;
}

/** Where the session cookie is read and written (inject one in tests or a non-browser host). */
export interface CookieJar {
  /** The `document.cookie` string. */
  read: () => string;
  /** Sets one cookie (`document.cookie = …`). */
  write: (cookie: string) => void;
}

/** The page's `document.cookie`, or nothing where there is no document. */
export const documentCookies: CookieJar = {
  read: () => (typeof document === 'undefined' ? '' : document.cookie),
  write: (cookie) => {
    if (typeof document !== 'undefined') document.cookie = cookie;
  },
};

function isSession(value: unknown): value is AnalyticsSession {
  const session = value as AnalyticsSession | null;
  return (
    typeof session === 'object' &&
    session !== null &&
    typeof session.session_id === 'string' &&
    typeof session.landing_page === 'string' &&
    typeof session.expires === 'number'
  );
}

/** The session in the cookie, or undefined when there is none, it has expired or is garbled. */
export function readSession(jar: CookieJar, now: number): AnalyticsSession | undefined {
  const raw = readCookie(jar.read(), SESSION_COOKIE);
  if (raw === undefined) return undefined;
  try {
    const session: unknown = JSON.parse(raw);
    return isSession(session) && session.expires > now ? session : undefined;
  } catch {
    return undefined;
  }
}

/** The end of a session seen at `now`: 30 minutes on, or the next UTC midnight if sooner. */
export function sessionExpiry(now: number): number {
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return Math.min(now + SESSION_LENGTH_MS, midnight.getTime());
}

/** Writes the session cookie: `path=/; samesite=strict`, `secure` on https, until it expires. */
export function writeSession(jar: CookieJar, session: AnalyticsSession, secure: boolean): void {
  jar.write(
    `${SESSION_COOKIE}=${encodeURIComponent(JSON.stringify(session))}; expires=${new Date(
      session.expires,
    ).toUTCString()}; path=/; samesite=strict${secure ? '; secure' : ''}`,
  );
}

/** Removes the session cookie (statistics consent withdrawn). */
export function clearSession(jar: CookieJar): void {
  jar.write(`${SESSION_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; samesite=strict`);
}

/** What a page view did to the session: its properties, and the event that marks it. */
export interface SessionTouch {
  /** Merged into every event of the session. */
  props: { session_id: string; landing_page: string };
  /** `session_started` on a session's first page, `session_engagement` on its second. */
  event?: 'session_started' | 'session_engagement';
}

/**
 * WooCommerce Analytics' session manager, for `features.sessionTracking`: give it to
 * `createAnalytics({ session })`. The analytics call it only with statistics consent.
 */
export interface AnalyticsSessionTracker {
  /** Starts or continues the session at `url` (a page view at `now`), sliding its end. */
  touch: (url: string, now: number) => SessionTouch;
  /** Ends the session: removes its cookie if there is one. */
  clear: () => void;
}

/** Options of {@link createSessionTracker}. */
export interface SessionTrackerOptions {
  /**
   * Where the cookie lives.
   * @default document.cookie
   */
  cookies?: CookieJar;
  /**
   * A new session id.
   * @default crypto.randomUUID
   */
  randomId?: () => string;
  /**
   * Whether the cookie is `secure`.
   * @default location.protocol === 'https:'
   */
  secure?: boolean;
}

/**
 * The session tracker of WooCommerce Analytics (wire contract §7.3): a
 * `woocommerceanalytics_session` cookie holding `{session_id (UUID v4), landing_page, expires,
 * is_engaged}`, `path=/; samesite=strict` (`secure` on https), ending 30 minutes after the last
 * page view or at the next UTC midnight, whichever comes first.
 *
 * @example
 * const analytics = createAnalytics({
 *   consent,
 *   config: { features: { proxy: true, sessionTracking: true } },
 *   session: createSessionTracker(),
 * });
 */
export function createSessionTracker(options: SessionTrackerOptions = {}): AnalyticsSessionTracker {
  const jar = options.cookies ?? documentCookies;
  const randomId = options.randomId ?? (() => crypto.randomUUID());
  const secure =
    options.secure ?? (typeof location !== 'undefined' && location.protocol === 'https:');
  return {
    touch(url, now) {
      let session = readSession(jar, now);
      let event: SessionTouch['event'];
      if (!session) {
        session = { session_id: randomId(), landing_page: url, expires: 0 };
        event = 'session_started';
      } else if (!session.is_engaged) {
        session.is_engaged = true;
        event = 'session_engagement';
      }
      session.expires = sessionExpiry(now);
      writeSession(jar, session, secure);
      const props = { session_id: session.session_id, landing_page: session.landing_page };
      return event ? { props, event } : { props };
    },
    clear() {
      if (readCookie(jar.read(), SESSION_COOKIE) !== undefined) clearSession(jar);
    },
  };
}
