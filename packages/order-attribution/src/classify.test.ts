import { describe, expect, test } from 'vitest';
import { classifyTraffic, toSbjsTouch, urlParameters } from './index';
import type { TrafficInput } from './index';

const SHOP = 'https://shop.example/';
const none = '(none)';
const landing = (url: string, referrer = '', more: Partial<TrafficInput> = {}): TrafficInput => ({
  url,
  referrer,
  inSession: false,
  hasStoredTouch: false,
  ...more,
});

describe('classifyTraffic: the pure classification, in named fields', () => {
  test('a campaign landing returns every touch field by name', () => {
    expect(
      classifyTraffic(landing(`${SHOP}?utm_source=news&utm_medium=email&utm_id=42`)),
    ).toStrictEqual({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: none,
      utm_content: none,
      utm_term: none,
      utm_id: '42',
      utm_source_platform: none,
      utm_creative_format: none,
      utm_marketing_tactic: none,
    });
  });

  test('organic, referral and typein touches', () => {
    expect(classifyTraffic(landing(SHOP, 'https://www.bing.com/search?q=hat'))).toMatchObject({
      source_type: 'organic',
      utm_source: 'bing',
      utm_medium: 'organic',
    });
    expect(classifyTraffic(landing(SHOP, 'https://blog.example/post/1'))).toMatchObject({
      source_type: 'referral',
      utm_source: 'blog.example',
      utm_medium: 'referral',
      utm_content: '/post/1',
    });
    expect(classifyTraffic(landing(SHOP))).toMatchObject({
      source_type: 'typein',
      utm_source: '(direct)',
      utm_medium: none,
    });
  });

  test('null keeps the stored touch (rule 5)', () => {
    expect(classifyTraffic(landing(SHOP, '', { hasStoredTouch: true }))).toBeNull();
    expect(
      classifyTraffic(
        landing(SHOP, 'https://blog.example/', { hasStoredTouch: true, inSession: true }),
      ),
    ).toBeNull();
  });

  test('the domain and the rules are inputs, not globals', () => {
    const input = landing('https://shop.brand.example/', 'https://pay.brand.example/');
    expect(classifyTraffic(input)?.source_type).toBe('referral');
    expect(classifyTraffic({ ...input, domain: 'brand.example' })?.source_type).toBe('typein');
    expect(
      classifyTraffic(landing(SHOP, 'https://duckduckgo.com/?q=hat'), {
        organics: [['duckduckgo.com', 'q', 'duckduckgo']],
      })?.utm_source,
    ).toBe('duckduckgo');
    expect(
      classifyTraffic(landing(`${SHOP}?ref_id=1`), {
        clickIds: { ref_id: ['partner', 'cpc', 'p'] },
      }),
    ).toMatchObject({ source_type: 'utm', utm_source: 'partner', utm_campaign: 'p' });
  });

  test('malformed URLs count as absent', () => {
    expect(classifyTraffic(landing(':::', 'not a url'))?.source_type).toBe('typein');
  });
});

describe('the sbjs boundary', () => {
  test('toSbjsTouch maps the named fields to sourcebuster’s aliases, in its cookie order', () => {
    const touch = classifyTraffic(landing(`${SHOP}?gclid=1&utm_term=hat`))!;
    const stored = toSbjsTouch(touch);
    expect(Object.keys(stored)).toEqual([
      'typ',
      'src',
      'mdm',
      'cmp',
      'cnt',
      'trm',
      'id',
      'plt',
      'fmt',
      'tct',
    ]);
    expect(stored).toMatchObject({ typ: 'utm', src: 'google', mdm: 'cpc', trm: 'hat' });
  });
});

describe('urlParameters', () => {
  test('reads the query, then the fragment; names decoded and lower-cased, first wins', () => {
    const params = urlParameters(new URL(`${SHOP}?A%5Fb=1&bare&a_b=2#/route?c=3&A_B=4`));
    expect([...params]).toEqual([
      ['a_b', '1'],
      ['c', '3'],
    ]);
  });

  test('values are decoded, stripped of control characters and capped at 100 code points', () => {
    const params = urlParameters(new URL(`${SHOP}?v=${'x'.repeat(150)}%0A&w=%E0%A4%A`));
    expect(params.get('v')).toBe('x'.repeat(100));
    expect(params.get('w')).toBe('%E0%A4%A');
  });
});
