import { CORE_MESSAGES } from './messages';
import { COUPON_FORM_MESSAGES } from './messages-coupon-form';
import { COMING_SOON_MESSAGES } from './messages-coming-soon';
import { CONSENT_MESSAGES } from './messages-consent';
import { FILTER_MESSAGES } from './messages-filters';
import { MINI_CART_MESSAGES } from './messages-mini-cart';
import { SHIPPING_RATES_MESSAGES } from './messages-shipping-rates';
import { SITE_SEARCH_MESSAGES } from './messages-site-search';
import { SUBSCRIPTION_MESSAGES } from './messages-subscription';
import { VARIATION_SELECTS_MESSAGES } from './messages-variation-selects';
import { ADD_TO_CART_MESSAGES } from './messages-add-to-cart';
import { ADDRESS_MESSAGES } from './messages-address';
import { CATALOG_ORDERING_MESSAGES } from './messages-catalog-ordering';
import { PAGINATION_MESSAGES } from './messages-pagination';
import { PASSWORD_MESSAGES } from './messages-password';
import { PRODUCT_CARD_MESSAGES } from './messages-product-card';
import { RESULT_COUNT_MESSAGES } from './messages-result-count';

/**
 * Every user-facing text of ui-components, in English: the core catalogue and each
 * component's own. A translation overrides any subset with `MessagesProvider`. Importing this
 * bundles every text; components bring only their own.
 */
export const DEFAULT_MESSAGES = /* @__PURE__ */ Object.assign(
  /* @__PURE__ */ Object.assign(
    /* @__PURE__ */ Object.assign({}, CORE_MESSAGES, PRODUCT_CARD_MESSAGES),
    CATALOG_ORDERING_MESSAGES,
    RESULT_COUNT_MESSAGES,
    PAGINATION_MESSAGES,
  ),
  /* @__PURE__ */ Object.assign({}, ADD_TO_CART_MESSAGES, ADDRESS_MESSAGES, PASSWORD_MESSAGES),
  /* @__PURE__ */ Object.assign(
    /* @__PURE__ */ Object.assign({}, CONSENT_MESSAGES, MINI_CART_MESSAGES, COMING_SOON_MESSAGES),
    SUBSCRIPTION_MESSAGES,
    FILTER_MESSAGES,
    VARIATION_SELECTS_MESSAGES,
  ),
  /* @__PURE__ */ Object.assign(
    {},
    SHIPPING_RATES_MESSAGES,
    COUPON_FORM_MESSAGES,
    SITE_SEARCH_MESSAGES,
  ),
);
