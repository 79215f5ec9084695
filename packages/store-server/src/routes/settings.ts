import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADDRESS_COUNTRIES } from '../address/dataset';
import { addressProviders } from '../address/providers';
import { CURRENCY } from '../catalog/serialize';
import { NO_CACHE } from '../http/auth';
import { requestOrigin } from '../http/origin';
import { RestError } from '../http/rest-error';
import {
  parseSiteSettingsChange,
  readSiteSettings,
  storeNoticeId,
  updateSiteSettings,
  type SiteSettings,
} from '../site/settings';
import { analyticsCommonProps, readStoreId } from '../site/analytics-props';
import { getUserMeta, woocommerceMetaKey } from '../users/meta';
import { userCan } from '../users/users';
import { CARTWRIGHT_API } from './cart';
import { CART_PATH, CHECKOUT_PATH, SHOP_PATH } from './cart-http';
import { WP_API, type RouteContext } from './context';

/** The roles that see the coming-soon footer banner (wire contract §2.2). */
const BANNER_ROLES = new Set(['administrator', 'shop_manager']);

function siteSettingsJson(settings: SiteSettings) {
  return {
    store_notice: { enabled: settings.storeNotice.enabled, text: settings.storeNotice.text },
    coming_soon: settings.comingSoon,
    tax: taxJson(settings),
  };
}

/** The tax options under WooCommerce's names (public: every page's prices follow them). */
function taxJson(settings: SiteSettings) {
  return {
    calc_taxes: settings.tax.calcTaxes,
    prices_include_tax: settings.tax.pricesIncludeTax,
    tax_display_shop: settings.tax.displayShop,
    tax_display_cart: settings.tax.displayCart,
  };
}

/**
 * `GET /wp-json/cartwright/v1/settings`: what the storefront needs to render a page for this
 * request: cart behaviour, currency, address providers, the store notice (`{id, text}` or
 * `null`), coming-soon mode, the subscription endpoint and, for a logged-in administrator or shop
 * manager (by login cookie, as WordPress renders its footer) who has not dismissed it, the
 * coming-soon banner's REST URL and nonce, and the analytics common properties of this viewer
 * (`analytics_common_props`, as WooCommerce Analytics prints them into the page). Administrators (cookie and `X-WP-Nonce`) also get the
 * raw `site_settings`.
 *
 * `POST` (or `PUT`/`PATCH`) changes the store notice and coming-soon mode: a logged-in user with
 * `manage_woocommerce`, with a valid `X-WP-Nonce`; JSON `{store_notice: {enabled, text},
 * coming_soon}` or the flat form fields. Anyone else gets 401/403 `rest_forbidden`.
 */
export function registerSettingsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db } = context;
  const namespace = context.settings.subscriptionNamespace;
  let storeId: Promise<string> | undefined;

  app.get(`${CARTWRIGHT_API}/settings`, async (request: FastifyRequest, reply) => {
    const origin = requestOrigin(request, context.siteUrl);
    const site = await readSiteSettings(db);
    const notice = site.storeNotice;
    const viewer = request.auth.cookieUser;
    let banner: { rest_url: string; rest_nonce: string } | null = null;
    if (site.comingSoon && viewer !== undefined && BANNER_ROLES.has(viewer.role)) {
      const dismissed = await getUserMeta(
        db,
        viewer.id,
        woocommerceMetaKey('coming_soon_banner_dismissed'),
      );
      const nonce = context.auth.nonceFor(request, 'wp_rest');
      if (dismissed !== 'yes' && nonce !== undefined) {
        banner = { rest_url: `${origin}${WP_API}/users/${viewer.id}`, rest_nonce: nonce };
      }
    }
    storeId ??= readStoreId(db).catch((error: unknown) => {
      storeId = undefined;
      throw error;
    });
    void reply.header('Cache-Control', NO_CACHE);
    return {
      cart_redirect_after_add: context.settings.cartRedirectAfterAdd,
      // The checkout's terms checkbox links here; null: the shop has no terms page.
      terms_url: context.settings.termsUrl,
      cart_url: `${origin}${CART_PATH}`,
      checkout_url: `${origin}${CHECKOUT_PATH}`,
      shop_url: `${origin}${SHOP_PATH}`,
      // WooCommerce's `home_url('/', 'relative')` + `?wc-ajax=%%endpoint%%`.
      wc_ajax_url: `${new URL(origin).pathname.replace(/\/$/, '')}/?wc-ajax=%%endpoint%%`,
      currency: { ...CURRENCY },
      // The server providers configuration (wire contract §4.2) and the countries the store's
      // own address search covers (the store provider's `countries`).
      address_providers: addressProviders(),
      address_autocomplete_countries: [...ADDRESS_COUNTRIES],
      store_notice:
        notice.enabled && notice.text !== ''
          ? { id: storeNoticeId(notice.text), text: notice.text }
          : null,
      coming_soon: site.comingSoon,
      tax: taxJson(site),
      coming_soon_banner: banner,
      subscription_endpoint: `${origin}/wp-json/${namespace}/v1/contact`,
      // The page's `wcAnalytics.features` (wire contract §7.2).
      analytics_features: { ...context.settings.analyticsFeatures },
      // For the page's `wcAnalytics.commonProps` (wire contract §7.2): who is looking, by cookie.
      analytics_common_props: analyticsCommonProps({
        storeId: await storeId,
        url: origin,
        currency: CURRENCY.currency_code,
        viewer,
      }),
      ...(userCan(request.auth.user, 'manage_woocommerce')
        ? { site_settings: siteSettingsJson(site) }
        : {}),
    };
  });

  const change = async (request: FastifyRequest) => {
    const user = request.auth.user;
    if (!userCan(user, 'manage_woocommerce')) {
      throw new RestError(
        'rest_forbidden',
        'Sorry, you are not allowed to do that.',
        user === undefined ? 401 : 403,
      );
    }
    const settings = await updateSiteSettings(db, parseSiteSettingsChange(request.body));
    return { site_settings: siteSettingsJson(settings) };
  };
  app.post(`${CARTWRIGHT_API}/settings`, change);
  app.put(`${CARTWRIGHT_API}/settings`, change);
  app.patch(`${CARTWRIGHT_API}/settings`, change);
}
