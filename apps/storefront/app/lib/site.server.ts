import type { AnalyticsCommonProps, AnalyticsConfig } from '@cartwright/consent-analytics';
import type { ApiFetch } from '@cartwright/store-api-client';
import { isStoreNoticeHidden } from '@cartwright/ui-components';
import { toSameOriginPath } from './same-origin';

/** The site-wide parts of every page, as the store decides them for this request. */
export interface SiteView {
  /** The store notice, or null when the store has none; `hidden` when its cookie says so. */
  notice: { id: string; text: string; hidden: boolean } | null;
  /** The coming-soon banner for a logged-in administrator or shop manager, else null. */
  banner: { restUrl: string; restNonce: string } | null;
  /** The subscription form's endpoint, or null when the store has no subscription plugin. */
  subscriptionEndpoint: string | null;
  /**
   * The analytics common properties the store gives for this viewer (spec §3: blog and store
   * ids, versions, who is looking), or `{}` when it gives none.
   */
  analyticsProps: AnalyticsCommonProps;
  /**
   * WooCommerce Analytics' feature flags the store gives (`wcAnalytics.features`), or null when it
   * gives none (the page then decides from whether the store has the track route).
   */
  analyticsFeatures: AnalyticsFeatures | null;
}

/** WooCommerce Analytics' feature flags (consent-analytics' `AnalyticsConfig['features']`). */
export type AnalyticsFeatures = AnalyticsConfig['features'];

/** A store without our settings route (a real WooCommerce): none of these parts. */
export const NO_SITE_VIEW: SiteView = {
  notice: null,
  banner: null,
  subscriptionEndpoint: null,
  analyticsProps: {},
  analyticsFeatures: null,
};

/** The common properties the page passes on, with the type each must have; others are dropped. */
const PROP_TYPES: Record<string, 'number' | 'string'> = {
  blog_id: 'number',
  store_id: 'string',
  ui: 'number',
  url: 'string',
  woo_version: 'string',
  wp_version: 'string',
  store_admin: 'number',
  store_currency: 'string',
  timezone: 'string',
  is_guest: 'number',
};

function analyticsPropsOf(value: unknown): AnalyticsCommonProps {
  const props: Record<string, unknown> = {};
  const given = record(value);
  if (given === null) return props;
  for (const [name, type] of Object.entries(PROP_TYPES)) {
    const prop = given[name];
    if (typeof prop === type && (type !== 'string' || (prop as string).length <= 200)) {
      props[name] = prop;
    }
  }
  return props;
}

/** The three flags when the store gave each as a boolean, else null. */
function analyticsFeaturesOf(value: unknown): AnalyticsFeatures | null {
  const given = record(value);
  const { ch, sessionTracking, proxy } = given ?? {};
  return typeof ch === 'boolean' &&
    typeof sessionTracking === 'boolean' &&
    typeof proxy === 'boolean'
    ? { ch, sessionTracking, proxy }
    : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * The store notice, the coming-soon banner and the subscription endpoint for this request,
 * read from `cartwright/v1/settings` on every page (never cached: the notice changes when the
 * shop owner edits it, and the banner depends on who is logged in). The notice is left out of
 * the page when its `store_notice{id}` cookie says `hidden`.
 */
export async function loadSite(request: Request, apiFetch: ApiFetch): Promise<SiteView> {
  let body: Record<string, unknown> | null;
  try {
    body = record(await apiFetch<unknown>({ path: 'cartwright/v1/settings' }));
  } catch {
    return NO_SITE_VIEW;
  }
  if (body === null) return NO_SITE_VIEW;
  const origin = new URL(request.url).origin;
  const notice = record(body.store_notice);
  const banner = record(body.coming_soon_banner);
  const noticeId = notice?.id;
  const noticeText = notice?.text;
  const restUrl = toSameOriginPath(banner?.rest_url, origin);
  return {
    notice:
      typeof noticeId === 'string' &&
      /^[0-9a-f]{32}$/.test(noticeId) &&
      typeof noticeText === 'string'
        ? {
            id: noticeId,
            text: noticeText,
            hidden: isStoreNoticeHidden(request.headers.get('cookie'), noticeId),
          }
        : null,
    banner:
      restUrl !== null && typeof banner?.rest_nonce === 'string'
        ? { restUrl, restNonce: banner.rest_nonce }
        : null,
    subscriptionEndpoint: toSameOriginPath(body.subscription_endpoint, origin),
    analyticsProps: analyticsPropsOf(body.analytics_common_props),
    analyticsFeatures: analyticsFeaturesOf(body.analytics_features),
  };
}
