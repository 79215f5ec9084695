import { describe, expect, test } from 'vitest';
import { createMemoryJar, sbjsValue } from '../test/jar';
import { EXTENDED_CLASSIFIER, PAYMENT_REFERRERS, SOURCEBUSTER_CLICK_IDS } from './extended';
import { createAttributionTracker } from './index';
import type { AttributionTrackerOptions } from './index';

const SHOP = 'https://shop.example/';
const NOW = Date.parse('2026-03-07T09:05:03Z');
const none = '(none)';

const typein = sbjsValue({
  typ: 'typein',
  src: '(direct)',
  mdm: none,
  cmp: none,
  cnt: none,
  trm: none,
  id: none,
  plt: none,
  fmt: none,
  tct: none,
});
const news = sbjsValue({
  typ: 'utm',
  src: 'news',
  mdm: 'email',
  cmp: 'spring',
  cnt: none,
  trm: none,
  id: none,
  plt: none,
  fmt: none,
  tct: none,
});
const session = sbjsValue({ pgs: '2', cpg: `${SHOP}shop/` });

/** Stored state before the page view. */
const COOKIES = {
  none: {},
  /** A typein visitor in the middle of a session. */
  inSession: { sbjs_current: typein, sbjs_first: typein, sbjs_session: session },
  /** A newsletter visitor whose session has ended. */
  storedNoSession: { sbjs_current: news, sbjs_first: news },
  /** A newsletter visitor in the middle of a session. */
  storedInSession: { sbjs_current: news, sbjs_first: news, sbjs_session: session },
  /** Only a first touch (current lost). */
  firstOnly: { sbjs_first: news },
  /** Garbage where the current touch should be. */
  garbage: { sbjs_current: '%E0%A4%A', sbjs_first: '|||||||' },
} as const;

type Case = [
  title: string,
  url: string,
  referrer: string,
  cookies: keyof typeof COOKIES,
  expected: Record<string, string>,
  options?: AttributionTrackerOptions,
];

const CASES: Case[] = [
  // 1. utm: any utm_* parameter, or a click id.
  [
    'utm_source and utm_medium',
    `${SHOP}shop/?utm_source=news&utm_medium=email`,
    '',
    'none',
    { typ: 'utm', src: 'news', mdm: 'email', cmp: none, cnt: none, trm: none },
  ],
  [
    'all nine utm parameters',
    `${SHOP}?utm_source=a&utm_medium=b&utm_campaign=c&utm_content=d&utm_term=e&utm_id=f&utm_source_platform=g&utm_creative_format=h&utm_marketing_tactic=i`,
    '',
    'none',
    {
      typ: 'utm',
      src: 'a',
      mdm: 'b',
      cmp: 'c',
      cnt: 'd',
      trm: 'e',
      id: 'f',
      plt: 'g',
      fmt: 'h',
      tct: 'i',
    },
  ],
  [
    'only utm_campaign',
    `${SHOP}?utm_campaign=spring`,
    '',
    'none',
    { typ: 'utm', src: none, mdm: none, cmp: 'spring' },
  ],
  [
    'only utm_marketing_tactic (a WooCommerce 9 parameter)',
    `${SHOP}?utm_marketing_tactic=prospecting`,
    '',
    'none',
    { typ: 'utm', tct: 'prospecting', src: none },
  ],
  ['an empty utm_source', `${SHOP}?utm_source=`, '', 'none', { typ: 'utm', src: '' }],
  ['a bare ?utm_source without "="', `${SHOP}?utm_source`, '', 'none', { typ: 'typein' }],
  ['an empty utm_id', `${SHOP}?utm_source=x&utm_id=`, '', 'none', { typ: 'utm', id: none }],
  [
    'gclid',
    `${SHOP}?gclid=abc`,
    '',
    'none',
    { typ: 'utm', src: 'google', mdm: 'cpc', cmp: 'google_cpc' },
  ],
  [
    'yclid',
    `${SHOP}?yclid=123`,
    '',
    'none',
    { typ: 'utm', src: 'yandex', mdm: 'cpc', cmp: 'yandex_cpc' },
  ],
  [
    'gclid with utm_source (utm wins per field)',
    `${SHOP}?gclid=abc&utm_source=x`,
    '',
    'none',
    { typ: 'utm', src: 'x', mdm: 'cpc', cmp: 'google_cpc' },
  ],
  [
    'utm over a search-engine referrer',
    `${SHOP}?utm_source=news`,
    'https://www.google.com/',
    'none',
    { typ: 'utm', src: 'news' },
  ],
  [
    'utm in the middle of a session',
    `${SHOP}?utm_source=ads&utm_medium=cpc`,
    `${SHOP}shop/`,
    'storedInSession',
    { typ: 'utm', src: 'ads', mdm: 'cpc' },
  ],
  [
    'utm from Yandex: the term is the search text',
    `${SHOP}?utm_source=yandex`,
    'https://yandex.ru/search/?text=wool%20hat',
    'none',
    { typ: 'utm', src: 'yandex', trm: 'wool hat' },
  ],
  [
    'percent-encoded values, decoded',
    `${SHOP}?utm_source=hello%20world&utm_campaign=50%25%20off`,
    '',
    'none',
    { src: 'hello world', cmp: '50% off' },
  ],
  ['"+" kept as it is (as sourcebuster)', `${SHOP}?utm_source=a+b`, '', 'none', { src: 'a+b' }],
  // Every form a URL carries a parameter in (spec §4 "any utm_* parameter"; decision 0043).
  [
    'a percent-encoded parameter name (decoded)',
    `${SHOP}?utm%5Fsource=news`,
    '',
    'none',
    { typ: 'utm', src: 'news' },
  ],
  [
    'any utm_* parameter, even one without a field of its own',
    `${SHOP}?utm_adgroup=shoes`,
    '',
    'none',
    { typ: 'utm', src: none, mdm: none, cmp: none, id: none },
  ],
  ['"utm_" alone is not a utm parameter', `${SHOP}?utm_=x`, '', 'none', { typ: 'typein' }],
  [
    'utm parameter names in any case',
    `${SHOP}?UTM_SOURCE=news&Utm_Medium=email`,
    '',
    'none',
    { typ: 'utm', src: 'news', mdm: 'email' },
  ],
  [
    'utm parameters in the fragment',
    `${SHOP}shop/#utm_source=news&utm_medium=email`,
    '',
    'none',
    { typ: 'utm', src: 'news', mdm: 'email' },
  ],
  [
    'utm parameters in a hash route’s query',
    `${SHOP}#/product/7?utm_campaign=spring`,
    '',
    'none',
    { typ: 'utm', cmp: 'spring', src: none },
  ],
  [
    'the query wins over the fragment, name by name',
    `${SHOP}?utm_source=query#utm_source=hash&utm_medium=email`,
    '',
    'none',
    { typ: 'utm', src: 'query', mdm: 'email' },
  ],
  ['a fragment that is only an anchor', `${SHOP}shop/#reviews`, '', 'none', { typ: 'typein' }],
  [
    'a "=" inside a value (kept)',
    `${SHOP}?utm_source=a=b&utm_medium=c`,
    '',
    'none',
    { src: 'a=b', mdm: 'c' },
  ],
  [
    'the first of a repeated parameter',
    `${SHOP}?utm_source=first&utm_source=second`,
    '',
    'none',
    { src: 'first' },
  ],
  // Click ids beyond sourcebuster's gclid and yclid (spec §4 "a click-id parameter").
  [
    'fbclid',
    `${SHOP}?fbclid=x`,
    '',
    'none',
    { typ: 'utm', src: 'facebook', mdm: 'social', cmp: none },
  ],
  [
    'msclkid',
    `${SHOP}?msclkid=x`,
    '',
    'none',
    { typ: 'utm', src: 'bing', mdm: 'cpc', cmp: 'bing_cpc' },
  ],
  ['gbraid', `${SHOP}?gbraid=x`, '', 'none', { typ: 'utm', src: 'google', mdm: 'cpc' }],
  ['wbraid', `${SHOP}?wbraid=x`, '', 'none', { typ: 'utm', src: 'google', cmp: 'google_cpc' }],
  ['ttclid', `${SHOP}?ttclid=x`, '', 'none', { typ: 'utm', src: 'tiktok', mdm: 'cpc' }],
  ['twclid', `${SHOP}?twclid=x`, '', 'none', { typ: 'utm', src: 'twitter', mdm: 'cpc' }],
  [
    'li_fat_id',
    `${SHOP}?li_fat_id=x`,
    '',
    'none',
    { typ: 'utm', src: 'linkedin', cmp: 'linkedin_cpc' },
  ],
  ['a paid click id wins over fbclid', `${SHOP}?fbclid=x&gclid=y`, '', 'none', { src: 'google' }],
  ['a click id in upper case', `${SHOP}?GCLID=abc`, '', 'none', { typ: 'utm', src: 'google' }],
  [
    'a click id in the fragment',
    `${SHOP}#msclkid=abc`,
    '',
    'none',
    { typ: 'utm', src: 'bing', mdm: 'cpc' },
  ],
  [
    'sourcebuster’s click ids only, when asked',
    `${SHOP}?fbclid=x`,
    '',
    'none',
    { typ: 'typein' },
    { clickIds: SOURCEBUSTER_CLICK_IDS },
  ],

  // 2. organic: a known search engine.
  [
    'google.com with no query (none needed)',
    SHOP,
    'https://www.google.com/',
    'none',
    { typ: 'organic', src: 'google', mdm: 'organic', cmp: none, cnt: none },
  ],
  [
    'google.com with its q parameter (the spec’s case)',
    SHOP,
    'https://www.google.com/search?q=wool+hat',
    'none',
    { typ: 'organic', src: 'google', mdm: 'organic' },
  ],
  ['google.co.uk', SHOP, 'https://www.google.co.uk/', 'none', { typ: 'organic', src: 'google' }],
  ['google.com.br', SHOP, 'https://google.com.br/', 'none', { typ: 'organic', src: 'google' }],
  [
    'news.google.com (not Google search)',
    SHOP,
    'https://news.google.com/articles/x',
    'none',
    { typ: 'referral', src: 'news.google.com' },
  ],
  [
    'Yandex with text',
    SHOP,
    'https://yandex.ru/search/?text=boots',
    'none',
    { typ: 'organic', src: 'yandex', mdm: 'organic', trm: none },
  ],
  [
    'a Yandex subdomain with text',
    SHOP,
    'https://www.yandex.com.tr/search/?lr=1&text=x',
    'none',
    { typ: 'organic', src: 'yandex' },
  ],
  [
    'Yandex without text',
    SHOP,
    'https://yandex.ru/maps/',
    'none',
    { typ: 'referral', src: 'yandex.ru' },
  ],
  [
    'bing.com with q',
    SHOP,
    'https://www.bing.com/search?q=hat',
    'none',
    { typ: 'organic', src: 'bing' },
  ],
  [
    'bing.com with a parameter that only ends in q (aq=)',
    SHOP,
    'https://www.bing.com/search?form=QBLH&aq=n',
    'none',
    { typ: 'referral', src: 'bing.com' },
  ],
  [
    'Yandex with a parameter that only ends in text (ptext=)',
    SHOP,
    'https://yandex.ru/search/?ptext=boots',
    'none',
    { typ: 'referral', src: 'yandex.ru' },
  ],
  [
    'rambler.ru with a parameter that only ends in query (subquery=)',
    SHOP,
    'https://nova.rambler.ru/search?subquery=hat',
    'none',
    { typ: 'referral', src: 'nova.rambler.ru' },
  ],
  [
    'bing.com without a query',
    SHOP,
    'https://www.bing.com/',
    'none',
    { typ: 'referral', src: 'bing.com' },
  ],
  [
    'yahoo.com with p',
    SHOP,
    'https://search.yahoo.com/search?p=hat',
    'none',
    { typ: 'organic', src: 'yahoo' },
  ],
  [
    'about.com with q',
    SHOP,
    'https://www.about.com/?q=hat',
    'none',
    { typ: 'organic', src: 'about' },
  ],
  [
    'aol.com with q',
    SHOP,
    'https://search.aol.com/aol/search?q=hat',
    'none',
    { typ: 'organic', src: 'aol' },
  ],
  ['ask.com with q', SHOP, 'https://www.ask.com/web?q=hat', 'none', { typ: 'organic', src: 'ask' }],
  [
    'globososo.com with q',
    SHOP,
    'https://globososo.com/?q=hat',
    'none',
    { typ: 'organic', src: 'globo' },
  ],
  [
    'go.mail.ru with q',
    SHOP,
    'https://go.mail.ru/search?q=hat',
    'none',
    { typ: 'organic', src: 'go.mail.ru' },
  ],
  [
    'rambler.ru with query',
    SHOP,
    'https://nova.rambler.ru/search?query=hat',
    'none',
    { typ: 'organic', src: 'rambler' },
  ],
  [
    'tut.by with query',
    SHOP,
    'https://search.tut.by/?query=hat',
    'none',
    { typ: 'organic', src: 'tut.by' },
  ],
  [
    'a parameter name in upper case (matched case-insensitively)',
    SHOP,
    'https://www.bing.com/search?Q=hat',
    'none',
    { typ: 'organic', src: 'bing' },
  ],
  [
    'a search engine in the middle of a session (no session rule for organic)',
    `${SHOP}shop/`,
    'https://www.google.de/',
    'storedInSession',
    { typ: 'organic', src: 'google' },
  ],
  [
    'an engine that is not in the list',
    SHOP,
    'https://duckduckgo.com/?q=hat',
    'none',
    { typ: 'referral', src: 'duckduckgo.com' },
  ],
  [
    'an engine given in the organics option',
    SHOP,
    'https://duckduckgo.com/?q=hat',
    'none',
    { typ: 'organic', src: 'duckduckgo' },
    { organics: [['duckduckgo.com', 'q', 'duckduckgo']] },
  ],

  // 3. referral: no active session and an external referrer.
  [
    'an external referrer: host without www, content is the path',
    SHOP,
    'https://www.blog.example/posts/best-hats?ref=1',
    'none',
    { typ: 'referral', src: 'blog.example', mdm: 'referral', cnt: '/posts/best-hats', cmp: none },
  ],
  ['t.co, renamed', SHOP, 'https://t.co/abc', 'none', { typ: 'referral', src: 'twitter.com' }],
  [
    'plus.url.google.com, renamed',
    SHOP,
    'https://plus.url.google.com/url?q=x',
    'none',
    { typ: 'referral', src: 'plus.google.com' },
  ],
  [
    'an external referrer after the session ended',
    SHOP,
    'https://forum.example/t/1',
    'storedNoSession',
    { typ: 'referral', src: 'forum.example' },
  ],
  [
    'an external referrer during a session (kept)',
    SHOP,
    'https://forum.example/t/1',
    'storedInSession',
    { typ: 'utm', src: 'news' },
  ],
  [
    'an app referrer',
    SHOP,
    'android-app://com.google.android.gm/',
    'none',
    { typ: 'referral', src: 'com.google.android.gm' },
  ],

  // Referrers that never start a source.
  ['the shop itself', `${SHOP}cart/`, `${SHOP}shop/`, 'none', { typ: 'typein' }],
  [
    'the shop’s www host',
    `${SHOP}cart/`,
    'https://www.shop.example/shop/',
    'none',
    { typ: 'typein' },
  ],
  [
    'a subdomain of the shop',
    SHOP,
    'https://blog.shop.example/post',
    'storedNoSession',
    { typ: 'utm', src: 'news' },
  ],
  [
    'a sibling host covered by the domain option',
    'https://shop.brand.example/',
    'https://pay.brand.example/done',
    'storedNoSession',
    { typ: 'utm', src: 'news' },
    { domain: 'brand.example' },
  ],
  // Payment hosts: external hosts like any other (spec §4), excluded only when asked.
  [
    'PayPal after the session ended: a referral by default',
    `${SHOP}checkout/order-received/1/`,
    'https://www.paypal.com/checkoutnow?token=x',
    'storedNoSession',
    { typ: 'referral', src: 'paypal.com', mdm: 'referral' },
  ],
  [
    'PayPal with PAYMENT_REFERRERS excluded (keeps the real source)',
    `${SHOP}checkout/order-received/1/`,
    'https://www.paypal.com/checkoutnow?token=x',
    'storedNoSession',
    { typ: 'utm', src: 'news', mdm: 'email' },
    { excludeReferrers: PAYMENT_REFERRERS },
  ],
  [
    'Stripe checkout with PAYMENT_REFERRERS excluded',
    `${SHOP}checkout/order-received/1/`,
    'https://checkout.stripe.com/c/pay/x',
    'storedNoSession',
    { typ: 'utm', src: 'news' },
    { excludeReferrers: PAYMENT_REFERRERS },
  ],
  [
    'PayPal on a first visit with PAYMENT_REFERRERS excluded (direct)',
    SHOP,
    'https://www.paypal.com/',
    'none',
    { typ: 'typein', src: '(direct)' },
    { excludeReferrers: PAYMENT_REFERRERS },
  ],

  // 4. typein, 5. keep.
  [
    'no referrer and nothing stored',
    SHOP,
    '',
    'none',
    { typ: 'typein', src: '(direct)', mdm: none, cmp: none, cnt: none, trm: none, id: none },
  ],
  ['no referrer, a stored touch (kept)', SHOP, '', 'storedNoSession', { typ: 'utm', src: 'news' }],
  ['only a first touch stored (kept)', SHOP, '', 'firstOnly', { typ: 'utm', src: 'news' }],
  ['a malformed referrer', SHOP, 'not a url', 'none', { typ: 'typein' }],
  ['a malformed page URL', ':::', '', 'none', { typ: 'typein' }],
  ['garbage sbjs cookies', SHOP, '', 'garbage', { typ: 'typein' }],
];

const EXTENDED_CASES: Case[] = [
  [
    'ChatGPT',
    SHOP,
    'https://chatgpt.com/',
    'none',
    { typ: 'referral', src: 'chatgpt', mdm: 'ai-assistant' },
  ],
  [
    'Perplexity',
    SHOP,
    'https://www.perplexity.ai/search/x',
    'none',
    { typ: 'referral', src: 'perplexity', mdm: 'ai-assistant' },
  ],
  [
    'Gemini (not Google search)',
    SHOP,
    'https://gemini.google.com/app',
    'none',
    { typ: 'referral', src: 'gemini', mdm: 'ai-assistant' },
  ],
  ['t.co still renamed', SHOP, 'https://t.co/x', 'none', { src: 'twitter.com' }],
  [
    'PayPal excluded',
    `${SHOP}checkout/order-received/1/`,
    'https://www.paypal.com/checkoutnow',
    'storedNoSession',
    { typ: 'utm', src: 'news' },
  ],
];

function classify(
  url: string,
  referrer: string,
  cookies: keyof typeof COOKIES,
  options?: AttributionTrackerOptions,
) {
  const { jar } = createMemoryJar(() => NOW, COOKIES[cookies]);
  const tracker = createAttributionTracker({ ...options, cookies: jar, now: () => NOW });
  return tracker.pageView({ url, referrer }).data?.current;
}

describe('traffic classification (spec §4, wire contract §3.6–3.7)', () => {
  test('covers at least 40 cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  test.each(CASES)('%s', (_title, url, referrer, cookies, expected, options) => {
    expect(classify(url, referrer, cookies, options)).toMatchObject(expected);
  });
});

describe('the opt-in extended classifier', () => {
  test.each(EXTENDED_CASES)('%s', (_title, url, referrer, cookies, expected) => {
    expect(classify(url, referrer, cookies, EXTENDED_CLASSIFIER)).toMatchObject(expected);
  });
});
