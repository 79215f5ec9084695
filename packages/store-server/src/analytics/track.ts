/**
 * Store analytics events (wire contract §7.3, WooCommerce Analytics' proxy endpoint): reading a
 * posted batch, the server's statistics consent rule (§7.4), and recording what is allowed.
 */
import type { Database } from '../db/client';
import { analyticsEvents } from '../db/schema';
import { RestError } from '../http/rest-error';

/** The track route, below WordPress's REST prefix. */
export const TRACK_ROUTE = '/wp-json/woocommerce-analytics/v1/track';
/** Largest request body accepted, in bytes (a batch is 10 events by default). */
export const MAX_TRACK_BODY_BYTES = 64 * 1024;
/** Most events accepted in one request. */
export const MAX_TRACK_EVENTS = 50;
/** Longest event name accepted. */
export const MAX_EVENT_NAME_LENGTH = 100;
/** Largest properties object of one event, in bytes of JSON. */
export const MAX_EVENT_PROPERTIES_BYTES = 8 * 1024;
/** The WP Consent API cookie of the statistics category (`{wp_consent}_{category}`). */
export const STATISTICS_CONSENT_COOKIE = 'wp_consent_statistics';

/** Jetpack's `EVENT_NAME_REGEX`: snake_case ASCII. */
const EVENT_NAME = /^[a-z_][a-z0-9_]*$/;

/** The answer when there is no statistics consent (wire contract §7.3, word for word). */
export const SKIPPED_FOR_CONSENT = {
  success: true,
  message: 'Events skipped due to lack of statistics consent',
  results: [],
} as const;

/** One event of a batch as the client posts it: `{event_name, properties}`. */
export interface TrackEventInput {
  event_name: string;
  properties: Record<string, unknown>;
}

/** The per-event outcome, in the order posted. */
export interface TrackResult {
  success: boolean;
  error?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NUL = new RegExp(String.fromCharCode(0), 'g');

/**
 * A JSON value without NUL characters (PostgreSQL's `jsonb` refuses `\u0000`) and with
 * `__proto__`-style keys kept as plain data.
 */
function clean(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NUL, '');
  if (Array.isArray(value)) return value.map(clean);
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      Object.defineProperty(out, key.replace(NUL, ''), {
        value: clean(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

/**
 * Checks the body as a whole: a JSON array of 1 to {@link MAX_TRACK_EVENTS} items.
 *
 * @throws {RestError} 400 `rest_invalid_param` (`events`) otherwise.
 */
export function readTrackBody(body: unknown): unknown[] {
  const invalid = (message: string) =>
    new RestError('rest_invalid_param', 'Invalid parameter(s): events', 400, {
      params: { events: message },
      details: { events: { code: 'rest_invalid_type', message, data: null } },
    });
  if (!Array.isArray(body)) throw invalid('events is not of type array.');
  if (body.length === 0) throw invalid('events must contain at least 1 item.');
  if (body.length > MAX_TRACK_EVENTS)
    throw invalid(`events must contain at most ${MAX_TRACK_EVENTS} items.`);
  return body;
}

/** One posted item as an event, or the reason it is refused (that event alone fails). */
export function readTrackEvent(item: unknown): TrackEventInput | { error: string } {
  if (!isRecord(item)) return { error: 'An event must be an object.' };
  const name = item.event_name;
  if (typeof name !== 'string' || name.length > MAX_EVENT_NAME_LENGTH || !EVENT_NAME.test(name))
    return { error: 'Invalid event name.' };
  const properties = item.properties ?? {};
  if (!isRecord(properties)) return { error: 'Event properties must be an object.' };
  const cleaned = clean(properties) as Record<string, unknown>;
  if (Buffer.byteLength(JSON.stringify(cleaned)) > MAX_EVENT_PROPERTIES_BYTES)
    return { error: `Event properties must be at most ${MAX_EVENT_PROPERTIES_BYTES} bytes.` };
  return { event_name: name, properties: cleaned };
}

/**
 * The server's statistics consent (wire contract §7.4, `Consent_Manager`): the WP Consent API
 * cookie `wp_consent_statistics` must say `allow`. The storefront always runs a consent
 * framework (its banner, opt-in), so no cookie means no consent yet (decision 0012).
 */
export function hasStatisticsConsent(cookies: ReadonlyMap<string, string>): boolean {
  return cookies.get(STATISTICS_CONSENT_COOKIE) === 'allow';
}

/** Who sent the batch, as the store saw the request. */
export interface TrackSender {
  sessionKey: string | undefined;
  userId: number;
}

/** Records the valid events of a batch in one insert; the results follow the posted order. */
export async function recordEvents(
  db: Database,
  items: readonly unknown[],
  sender: TrackSender,
): Promise<TrackResult[]> {
  const results: TrackResult[] = [];
  const rows: (typeof analyticsEvents.$inferInsert)[] = [];
  for (const item of items) {
    const event = readTrackEvent(item);
    if ('error' in event) {
      results.push({ success: false, error: event.error });
      continue;
    }
    rows.push({
      eventName: event.event_name,
      properties: event.properties,
      sessionKey: sender.sessionKey ?? null,
      userId: sender.userId,
    });
    results.push({ success: true });
  }
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
  return results;
}
