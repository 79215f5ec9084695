// The opt-in extended classifier: more click ids and AI-assistant referrers.
// WooCommerce's sourcebuster knows only gclid and yclid (wire contract §3.6),
// so these stay off unless a shop asks for them.
import { DEFAULT_CLICK_IDS, DEFAULT_REFERRALS } from './defaults';
import type { AttributionTrackerOptions, ClickIdRule, ReferralRule } from './tracker';

/**
 * Click ids beyond sourcebuster's, as `[source, medium, campaign]`:
 * `msclkid` (Microsoft Ads), `gbraid` / `wbraid` (Google Ads on iOS), `ttclid`
 * (TikTok Ads) → medium `cpc`; `fbclid` (Meta adds it to every outbound link,
 * paid or not) → medium `social`.
 */
export const EXTENDED_CLICK_IDS: Readonly<Record<string, ClickIdRule>> = {
  msclkid: ['bing', 'cpc', 'bing_cpc'],
  gbraid: ['google', 'cpc', 'google_cpc'],
  wbraid: ['google', 'cpc', 'google_cpc'],
  ttclid: ['tiktok', 'cpc', 'tiktok_cpc'],
  fbclid: ['facebook', 'social', '(none)'],
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
 * The extended classifier as tracker options: sourcebuster's rules plus
 * {@link EXTENDED_CLICK_IDS} (after gclid and yclid) and {@link AI_REFERRERS}.
 *
 * @example
 * import { createAttributionTracker } from '@cartwright/order-attribution';
 * import { EXTENDED_CLASSIFIER } from '@cartwright/order-attribution/extended';
 * const tracker = createAttributionTracker({ ...EXTENDED_CLASSIFIER, consent: 'pending' });
 */
export const EXTENDED_CLASSIFIER: Pick<AttributionTrackerOptions, 'clickIds' | 'referrals'> = {
  clickIds: { ...DEFAULT_CLICK_IDS, ...EXTENDED_CLICK_IDS },
  referrals: { ...DEFAULT_REFERRALS, ...AI_REFERRERS },
};
