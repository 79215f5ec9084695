// Traffic classification (spec §4, wire contract §3.6–3.7) as one pure function over
// named fields. sourcebuster's cookie aliases (`typ`, `src`, …) appear only in
// `toSbjsTouch`, where the tracker writes a touch to its cookie.
import { DEFAULT_CLICK_IDS, DEFAULT_REFERRALS, ORGANICS } from './defaults';
import { SBJS_ALIASES } from './fields';
import { clean, decode, safe } from './sbjs';

/** The traffic types of spec §4 (WooCommerce's `source_type`). */
export type TrafficType = 'utm' | 'organic' | 'referral' | 'typein';

/**
 * One touch: where a page view came from, under the attribution record's own field
 * names (spec §3). Every value is a string; an absent one is `'(none)'`, as in sourcebuster.
 */
export interface TrafficTouch {
  /** `utm`, `organic`, `referral` or `typein`. */
  readonly source_type: TrafficType;
  /** `utm_source`, the click id's source, the engine, the referring host, or `(direct)`. */
  readonly utm_source: string;
  /** `utm_medium`, the click id's medium, `organic`, `referral`, or `(none)`. */
  readonly utm_medium: string;
  /** `utm_campaign`, or the click id's campaign. */
  readonly utm_campaign: string;
  /** `utm_content`; for a referral, the referrer's path. */
  readonly utm_content: string;
  /** `utm_term`; with a Yandex referrer, its search text. */
  readonly utm_term: string;
  /** `utm_id`. */
  readonly utm_id: string;
  /** `utm_source_platform`. */
  readonly utm_source_platform: string;
  /** `utm_creative_format`. */
  readonly utm_creative_format: string;
  /** `utm_marketing_tactic`. */
  readonly utm_marketing_tactic: string;
}

/** A click-id parameter treated as a campaign: `[source, medium, campaign]`. */
export type ClickIdRule = readonly [source: string, medium: string, campaign: string];

/** A referrer host with its own source name and medium: `[display, medium]`. */
export type ReferralRule = readonly [display: string, medium: string];

/** An organic search engine: `[host, query parameter, display name]`. */
export type OrganicEngine = readonly [host: string, param: string, display: string];

/** The rules {@link classifyTraffic} applies; every one has a default. */
export interface ClassificationRules {
  /**
   * Click-id parameters that make a page view a campaign (`utm`), in priority order.
   * Names are matched case-insensitively.
   * @default DEFAULT_CLICK_IDS
   */
  clickIds?: Readonly<Record<string, ClickIdRule>>;
  /**
   * Referral hosts (and their subdomains) with their own source name and medium.
   * @default DEFAULT_REFERRALS
   */
  referrals?: Readonly<Record<string, ReferralRule>>;
  /**
   * More organic search engines, checked after Google and Yandex and before the built-in list.
   * @default []
   * @example [['duckduckgo.com', 'q', 'duckduckgo']]
   */
  organics?: readonly OrganicEngine[];
  /**
   * Referrer hosts (and their subdomains) that never start a new source, as if they
   * were the shop's own. Off by default (spec §4 counts every external host); pass
   * `PAYMENT_REFERRERS` from `./extended` so a shopper back from a payment page keeps
   * the source they came with.
   * @default []
   */
  excludeReferrers?: readonly string[];
}

/** A page view as {@link classifyTraffic} reads it. */
export interface TrafficInput {
  /** The page's full URL. */
  url: string;
  /** The referring URL, `''` for none. */
  referrer: string;
  /**
   * The shop's domain: referrers on it or its subdomains are internal.
   * @default the page's host name without `www.`
   */
  domain?: string;
  /** Whether a session is active (sourcebuster: an `sbjs_session` cookie exists). */
  inSession: boolean;
  /** Whether a touch is stored (an `sbjs_current` or `sbjs_first` cookie). */
  hasStoredTouch: boolean;
}

export const NONE = '(none)';
const YANDEX = /^(.*\.)?yandex\..{2,9}$/;
const GOOGLE = /^(www\.)?google\..{2,9}$/;

/** `text` as a URL, or `undefined` when it is not one. */
export const parseUrl = (text: string): URL | undefined => safe(() => new URL(text));

/**
 * The shop's domain for `page`: the `domain` option, else the page's host name
 * without `www.`; lower case.
 */
export const siteDomain = (page: URL | undefined, domain?: string): string =>
  (domain ?? page?.hostname ?? '').replace(/^www\./, '').toLowerCase();

/** Whether `host` is `domain` or one of its subdomains. */
const within = (host: string, domain: string) => `.${host}`.endsWith(`.${domain.toLowerCase()}`);

/**
 * A URL's parameters in every place a campaign link carries them: the query, then
 * the fragment (`#utm_source=x` or `#/route?utm_source=x`). Only `name=value` counts
 * (a bare `name` carries nothing, as in sourcebuster); names are percent-decoded and
 * lower-cased; the first of a name wins; values are decoded and capped.
 */
export function urlParameters(url: URL | undefined): Map<string, string> {
  const params = new Map<string, string>();
  if (!url) return params;
  const fragment = url.hash.slice(1);
  // `#utm_source=x` is read whole; `#/route?utm_source=x` from after its `?`.
  const fragmentQuery = fragment.slice(fragment.indexOf('?') + 1);
  for (const part of `${url.search.slice(1)}&${fragmentQuery}`.split('&')) {
    const at = part.indexOf('=');
    const name = decode(part.slice(0, at)).toLowerCase();
    // `at > 0`: a name and a `=`; a bare `name` or `=value` carries nothing.
    if (at > 0 && !params.has(name)) params.set(name, clean(decode(part.slice(at + 1)), 100));
  }
  return params;
}

/**
 * A touch with every field after source and medium `(none)` unless `rest` gives it
 * (`rest` holds no `undefined`); the keys in the order sourcebuster writes them
 * (`typ src mdm cmp cnt trm id plt fmt tct`).
 */
const touchOf = (
  type: TrafficType,
  source: string,
  medium: string,
  rest: Partial<TrafficTouch> = {},
): TrafficTouch => ({
  source_type: type,
  utm_source: source,
  utm_medium: medium,
  utm_campaign: NONE,
  utm_content: NONE,
  utm_term: NONE,
  utm_id: NONE,
  utm_source_platform: NONE,
  utm_creative_format: NONE,
  utm_marketing_tactic: NONE,
  ...rest,
});

/** The organic engine's display name for an external referrer, or `undefined`. */
function organicSource(
  host: string,
  params: Map<string, string>,
  organics: readonly OrganicEngine[],
): string | undefined {
  if (YANDEX.test(host) && params.has('text')) return 'yandex';
  // Google sends no query string (decision 0043): its host alone is enough.
  if (GOOGLE.test(host)) return 'google';
  for (const [engine, param, display] of [...organics, ...ORGANICS]) {
    if (within(host, engine) && params.has(param.toLowerCase())) return display || engine;
  }
  return undefined;
}

/**
 * Classifies one page view, in spec §4's priority order:
 * 1. any `utm_*` parameter or click id in the URL (query or fragment, any case) → `utm`;
 * 2. an external referrer that is a known search engine with its query parameter
 *    (Google: its host alone) → `organic`;
 * 3. no active session and an external referrer → `referral`;
 * 4. no stored touch → `typein` (`(direct)` / `(none)`);
 * 5. otherwise `null`: the stored touch is kept.
 *
 * Referrers on the shop's domain, its subdomains and `excludeReferrers` are internal.
 * Pure: no cookies, no globals; malformed URLs count as absent.
 *
 * @example
 * classifyTraffic({ url: 'https://shop.example/?utm_source=news', referrer: '', inSession: false, hasStoredTouch: false });
 * // { source_type: 'utm', utm_source: 'news', utm_medium: '(none)', utm_campaign: '(none)', … }
 */
export function classifyTraffic(
  input: TrafficInput,
  rules: ClassificationRules = {},
): TrafficTouch | null {
  const {
    clickIds = DEFAULT_CLICK_IDS,
    referrals = DEFAULT_REFERRALS,
    organics = [],
    excludeReferrers = [],
  } = rules;
  const page = parseUrl(input.url);
  const params = urlParameters(page);
  const ref = parseUrl(input.referrer);
  const refHost = ref?.hostname.toLowerCase() ?? '';
  const refParams = urlParameters(ref);
  const internal = [siteDomain(page, input.domain), ...excludeReferrers];
  const external = refHost !== '' && !internal.some((host) => within(refHost, host));

  const clickId = Object.keys(clickIds).find((name) => params.has(name.toLowerCase()));
  const hasUtm = [...params.keys()].some((name) => name.length > 4 && name.startsWith('utm_'));
  if (clickId !== undefined || hasUtm) {
    const [clickSource = NONE, clickMedium = NONE, clickCampaign = NONE] = clickId
      ? clickIds[clickId]!
      : [];
    const utm = (name: string) => params.get(`utm_${name}`);
    // id … tactic: only a non-empty parameter; source … content: even an empty one.
    const filled = (name: string) => utm(name) || NONE;
    const yandexText = YANDEX.test(refHost) ? refParams.get('text') : undefined;
    return touchOf('utm', utm('source') ?? clickSource, utm('medium') ?? clickMedium, {
      utm_campaign: utm('campaign') ?? clickCampaign,
      utm_content: utm('content') ?? NONE,
      utm_term: utm('term') ?? (yandexText || NONE),
      utm_id: filled('id'),
      utm_source_platform: filled('source_platform'),
      utm_creative_format: filled('creative_format'),
      utm_marketing_tactic: filled('marketing_tactic'),
    });
  }

  const engine = external ? organicSource(refHost, refParams, organics) : undefined;
  if (engine) return touchOf('organic', engine, 'organic');

  if (external && !input.inSession) {
    const renamed = Object.keys(referrals).find((host) => within(refHost, host));
    const [display, medium] = renamed ? referrals[renamed]! : [];
    return touchOf('referral', display || refHost.replace(/^www\./, ''), medium || 'referral', {
      utm_content: clean(decode(ref!.pathname), 100),
    });
  }

  return input.hasStoredTouch ? null : touchOf('typein', '(direct)', NONE);
}

/**
 * A touch as sourcebuster stores it in `sbjs_current` / `sbjs_first`:
 * `{ typ, src, mdm, cmp, cnt, trm, id, plt, fmt, tct }`.
 */
export const toSbjsTouch = (touch: TrafficTouch): Record<string, string> =>
  Object.fromEntries(
    Object.entries(touch).map(([field, value]) => [
      SBJS_ALIASES[field as keyof TrafficTouch],
      value,
    ]),
  );
