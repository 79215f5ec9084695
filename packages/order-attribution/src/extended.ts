// Opt-in classification rules beyond spec §4's defaults: AI-assistant referrers, the
// payment-host exclusion, and sourcebuster's exact click-id pair.
import { DEFAULT_REFERRALS } from './defaults';
import type { ClassificationRules, ClickIdRule, ReferralRule } from './classify';

/**
 * sourcebuster's (and so WooCommerce's) click ids only, for a shop that wants its
 * classification to match WooCommerce's script exactly: `gclid` and `yclid`.
 * @example createAttributionTracker({ clickIds: SOURCEBUSTER_CLICK_IDS });
 */
export const SOURCEBUSTER_CLICK_IDS: Readonly<Record<string, ClickIdRule>> = {
  gclid: ['google', 'cpc', 'google_cpc'],
  yclid: ['yandex', 'cpc', 'yandex_cpc'],
};

/** AI assistants as referral hosts, `[display, medium]`, all with medium `ai-assistant`. */
export const AI_REFERRERS: Readonly<Record<string, ReferralRule>> = {
  'chatgpt.com': ['chatgpt', 'ai-assistant'],
  'chat.openai.com': ['chatgpt', 'ai-assistant'],
  'perplexity.ai': ['perplexity', 'ai-assistant'],
  'gemini.google.com': ['gemini', 'ai-assistant'],
  'copilot.microsoft.com': ['copilot', 'ai-assistant'],
  'claude.ai': ['claude', 'ai-assistant'],
  'chat.mistral.ai': ['mistral', 'ai-assistant'],
  'chat.deepseek.com': ['deepseek', 'ai-assistant'],
};

/**
 * Payment and checkout hosts a shopper comes back from, for the `excludeReferrers`
 * option: with it, a return from one of them (and their subdomains) never starts a new
 * source. Off by default, because spec §4 counts every external host as a referral.
 * @example createAttributionTracker({ excludeReferrers: [...PAYMENT_REFERRERS, 'pay.example.com'] });
 */
export const PAYMENT_REFERRERS: readonly string[] = [
  'paypal.com',
  'stripe.com',
  'klarna.com',
  'mollie.com',
  'adyen.com',
  'braintreegateway.com',
  'squareup.com',
  'authorize.net',
  'checkout.com',
  'afterpay.com',
  'affirm.com',
];

/**
 * The extended classifier as tracker options: sourcebuster's referral renames plus
 * {@link AI_REFERRERS}, and {@link PAYMENT_REFERRERS} excluded.
 *
 * @example
 * import { createAttributionTracker } from '@cartwright/order-attribution';
 * import { EXTENDED_CLASSIFIER } from '@cartwright/order-attribution/extended';
 * const tracker = createAttributionTracker({ ...EXTENDED_CLASSIFIER, consent: 'pending' });
 */
export const EXTENDED_CLASSIFIER: Pick<ClassificationRules, 'referrals' | 'excludeReferrers'> = {
  referrals: { ...DEFAULT_REFERRALS, ...AI_REFERRERS },
  excludeReferrers: PAYMENT_REFERRERS,
};
