// Classification defaults (spec §4, wire contract §3.6–3.7), apart from the tracker so the
// ./extended entry can build on them without pulling the tracker in.
import type { ClickIdRule, OrganicEngine, ReferralRule } from './classify';

/**
 * Click ids that make a page view a campaign (`utm`), as `[source, medium, campaign]`,
 * in priority order. Spec §4 counts "a click-id parameter", so beyond sourcebuster's
 * `gclid` (Google Ads) and `yclid` (Yandex Direct): `gbraid` / `wbraid` (Google Ads on
 * iOS), `msclkid` (Microsoft Ads), `ttclid` (TikTok Ads), `twclid` (X Ads), `li_fat_id`
 * (LinkedIn Ads) → medium `cpc`; `fbclid` last (Meta adds it to every outbound link,
 * paid or not) → medium `social`. sourcebuster's exact pair is `SOURCEBUSTER_CLICK_IDS`
 * in `./extended`.
 */
export const DEFAULT_CLICK_IDS: Readonly<Record<string, ClickIdRule>> = {
  gclid: ['google', 'cpc', 'google_cpc'],
  yclid: ['yandex', 'cpc', 'yandex_cpc'],
  gbraid: ['google', 'cpc', 'google_cpc'],
  wbraid: ['google', 'cpc', 'google_cpc'],
  msclkid: ['bing', 'cpc', 'bing_cpc'],
  ttclid: ['tiktok', 'cpc', 'tiktok_cpc'],
  twclid: ['twitter', 'cpc', 'twitter_cpc'],
  li_fat_id: ['linkedin', 'cpc', 'linkedin_cpc'],
  fbclid: ['facebook', 'social', '(none)'],
};

/** sourcebuster's built-in referral renames. */
export const DEFAULT_REFERRALS: Readonly<Record<string, ReferralRule>> = {
  't.co': ['twitter.com', 'referral'],
  'plus.url.google.com': ['plus.google.com', 'referral'],
};

// Wire contract §3.7, after Google and Yandex.
// Each engine is `host,param,display`.
export const ORGANICS: readonly OrganicEngine[] =
  /* @__PURE__ */ 'bing.com,q,bing yahoo.com,p,yahoo about.com,q,about aol.com,q,aol ask.com,q,ask globososo.com,q,globo go.mail.ru,q,go.mail.ru rambler.ru,query,rambler tut.by,query,tut.by'
    .split(' ')
    .map((engine) => engine.split(',') as unknown as OrganicEngine);
