// Classification defaults (wire contract §3.6–3.7), apart from the tracker so the
// ./extended entry can build on them without pulling the tracker in.
import type { ClickIdRule, OrganicEngine, ReferralRule } from './tracker';

/** sourcebuster's click ids: `gclid` (Google Ads) and `yclid` (Yandex Direct). */
export const DEFAULT_CLICK_IDS: Readonly<Record<string, ClickIdRule>> = {
  gclid: ['google', 'cpc', 'google_cpc'],
  yclid: ['yandex', 'cpc', 'yandex_cpc'],
};

/** sourcebuster's built-in referral renames. */
export const DEFAULT_REFERRALS: Readonly<Record<string, ReferralRule>> = {
  't.co': ['twitter.com', 'referral'],
  'plus.url.google.com': ['plus.google.com', 'referral'],
};

/**
 * Payment and checkout hosts a shopper comes back from: never a new source.
 * @example createAttributionTracker({ excludeReferrers: [...PAYMENT_REFERRERS, 'pay.example.com'] });
 */
export const PAYMENT_REFERRERS: readonly string[] =
  /* @__PURE__ */ 'paypal.com stripe.com klarna.com mollie.com adyen.com braintreegateway.com squareup.com authorize.net checkout.com afterpay.com affirm.com'.split(
    ' ',
  );

// Wire contract §3.7, after Google and Yandex.
// Each engine is `host,param,display`.
export const ORGANICS: readonly OrganicEngine[] =
  /* @__PURE__ */ 'bing.com,q,bing yahoo.com,p,yahoo about.com,q,about aol.com,q,aol ask.com,q,ask globososo.com,q,globo go.mail.ru,q,go.mail.ru rambler.ru,query,rambler tut.by,query,tut.by'
    .split(' ')
    .map((engine) => engine.split(',') as unknown as OrganicEngine);
