// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://shop.example/"}
import sbjs from 'sourcebuster';
import { afterEach, describe, expect, test } from 'vitest';
import { createMemoryJar } from '../test/jar';
import { createAttributionTracker, parseSbjsCookies } from './index';

const START = Date.parse('2026-03-07T09:05:03Z');
const none = '(none)';

// Cookie values exactly as WooCommerce's sourcebuster writes them (wire contract §3.8),
// for a landing on /shop/?utm_source=news&utm_campaign=spring%20sale with no referrer.
const FIXTURE = {
  sbjs_migrations: '1418474375998%3D1',
  sbjs_current:
    'typ%3Dutm%7C%7C%7Csrc%3Dnews%7C%7C%7Cmdm%3Demail%7C%7C%7Ccmp%3Dspring%2520sale%7C%7C%7Ccnt%3D%28none%29%7C%7C%7Ctrm%3D%28none%29%7C%7C%7Cid%3D%28none%29%7C%7C%7Cplt%3D%28none%29%7C%7C%7Cfmt%3D%28none%29%7C%7C%7Ctct%3D%28none%29',
  sbjs_current_add:
    'fd%3D2026-03-07%2009%3A05%3A03%7C%7C%7Cep%3Dhttps%3A%2F%2Fshop.example%2Fshop%2F%3Futm_source%3Dnews%26utm_campaign%3Dspring%2520sale%7C%7C%7Crf%3D%28none%29',
  sbjs_first:
    'typ%3Dutm%7C%7C%7Csrc%3Dnews%7C%7C%7Cmdm%3Demail%7C%7C%7Ccmp%3Dspring%2520sale%7C%7C%7Ccnt%3D%28none%29%7C%7C%7Ctrm%3D%28none%29%7C%7C%7Cid%3D%28none%29%7C%7C%7Cplt%3D%28none%29%7C%7C%7Cfmt%3D%28none%29%7C%7C%7Ctct%3D%28none%29',
  sbjs_first_add:
    'fd%3D2026-03-07%2009%3A05%3A03%7C%7C%7Cep%3Dhttps%3A%2F%2Fshop.example%2Fshop%2F%3Futm_source%3Dnews%26utm_campaign%3Dspring%2520sale%7C%7C%7Crf%3D%28none%29',
  sbjs_session: 'pgs%3D1%7C%7C%7Ccpg%3Dhttps%3A%2F%2Fshop.example%2Fshop%2F',
  sbjs_udata: 'vst%3D1%7C%7C%7Cuip%3D%28none%29%7C%7C%7Cuag%3DMozilla%2F5.0',
};

// The same sbjs_current with WooCommerce's base64 option on.
const FIXTURE_BASE64 =
  'dHlwJTNEdXRtJTdDJTdDJTdDc3JjJTNEbmV3cyU3QyU3QyU3Q21kbSUzRGVtYWlsJTdDJTdDJTdDY21wJTNEc3ByaW5nJTI1MjBzYWxlJTdDJTdDJTdDY250JTNEJTI4bm9uZSUyOSU3QyU3QyU3Q3RybSUzRCUyOG5vbmUlMjklN0MlN0MlN0NpZCUzRCUyOG5vbmUlMjklN0MlN0MlN0NwbHQlM0QlMjhub25lJTI5JTdDJTdDJTdDZm10JTNEJTI4bm9uZSUyOSU3QyU3QyU3Q3RjdCUzRCUyOG5vbmUlMjk';

const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=-1; path=/; domain=.shop.example`;
  }
};

const visit = (path: string, referrer = '') => {
  history.replaceState(null, '', path);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
};

afterEach(clearCookies);

describe('sourcebuster-format fixture strings', () => {
  test('cookies written in sourcebuster’s format are read by ours (plain and Base64)', () => {
    for (const current of [FIXTURE.sbjs_current, FIXTURE_BASE64]) {
      const header = Object.entries({ ...FIXTURE, sbjs_current: current })
        .map(([name, value]) => `${name}=${value}`)
        .join('; ');
      const tracker = createAttributionTracker({
        cookies: { get: () => header, set: () => undefined },
        now: () => START + 60_000,
        userAgent: 'Mozilla/5.0',
      });
      const { values } = tracker.pageView({
        url: 'https://shop.example/cart/',
        referrer: 'https://shop.example/shop/',
      });
      expect(values).toEqual({
        source_type: 'utm',
        referrer: none,
        utm_campaign: 'spring sale',
        utm_source: 'news',
        utm_medium: 'email',
        utm_content: none,
        utm_id: none,
        utm_term: none,
        utm_source_platform: none,
        utm_creative_format: none,
        utm_marketing_tactic: none,
        session_entry: 'https://shop.example/shop/?utm_source=news&utm_campaign=spring sale',
        session_start_time: '2026-03-07 09:05:03',
        session_pages: '2',
        session_count: '1',
        user_agent: 'Mozilla/5.0',
      });
    }
  });

  test('our cookies are exactly what sourcebuster writes for the same landing', () => {
    const memory = createMemoryJar(() => START);
    const tracker = createAttributionTracker({
      cookies: memory.jar,
      now: () => START,
      userAgent: 'Mozilla/5.0',
    });
    tracker.pageView({
      url: 'https://shop.example/shop/?utm_source=news&utm_medium=email&utm_campaign=spring%20sale',
      referrer: '',
    });
    expect(memory.raw('sbjs_migrations')).toBe(FIXTURE.sbjs_migrations);
    // sourcebuster stores the raw "spring%20sale" and decodes it on read; we store the
    // decoded value. Both read back as "spring sale".
    expect(memory.raw('sbjs_current')).toBe(
      FIXTURE.sbjs_current.replace('spring%2520sale', 'spring%20sale'),
    );
    expect(memory.raw('sbjs_first')).toBe(memory.raw('sbjs_current'));
    expect(memory.raw('sbjs_udata')).toBe(FIXTURE.sbjs_udata);
    expect(parseSbjsCookies(memory.jar.get()).data.current).toEqual(
      parseSbjsCookies(`sbjs_current=${FIXTURE.sbjs_current}`).data.current,
    );
  });
});

describe('against the sourcebuster library itself (upstream 1.1.0, in jsdom)', () => {
  const init = () => sbjs.init({ lifetime: 0.00001, session_length: 30, timezone_offset: 0 });

  test('what sourcebuster wrote, our tracker reads and continues', () => {
    visit('/shop/?utm_source=news&utm_medium=email&utm_campaign=spring%20sale');
    init();
    const theirs = sbjs.get;
    expect(theirs.current).toMatchObject({ typ: 'utm', src: 'news', cmp: 'spring sale' });

    const ours = parseSbjsCookies(document.cookie).data;
    for (const container of ['current', 'current_add', 'first', 'first_add', 'session', 'udata']) {
      expect(ours[container as keyof typeof ours]).toEqual(theirs[container]);
    }

    const tracker = createAttributionTracker({ userAgent: navigator.userAgent });
    const { values } = tracker.pageView({
      url: 'https://shop.example/cart/',
      referrer: 'https://shop.example/shop/',
    });
    expect(values).toMatchObject({
      source_type: 'utm',
      utm_source: 'news',
      utm_campaign: 'spring sale',
      session_entry: theirs.current_add?.ep,
      session_start_time: theirs.current_add?.fd,
      session_pages: '2',
      session_count: '1',
    });
  });

  test('what our tracker wrote, sourcebuster reads and continues', () => {
    const tracker = createAttributionTracker({ userAgent: navigator.userAgent });
    const hostile = encodeURIComponent('x|||typ=organic');
    tracker.pageView({
      url: `https://shop.example/shop/?utm_source=${hostile}&utm_medium=email&utm_term=wool%20hat`,
      referrer: 'https://mail.example/inbox',
    });
    const ours = tracker.getSnapshot().data;

    visit('/cart/', 'https://shop.example/shop/');
    init();
    expect(sbjs.get.current).toEqual(ours?.current);
    expect(sbjs.get.current).toMatchObject({ typ: 'utm', src: 'x|||typ=organic', trm: 'wool hat' });
    expect(sbjs.get.first).toEqual(ours?.first);
    expect(sbjs.get.current_add).toEqual(ours?.current_add);
    expect(sbjs.get.session?.pgs).toBe('2');
    expect(sbjs.get.udata?.vst).toBe('1');
  });

  test('turning tracking off deletes the cookies sourcebuster set', () => {
    visit('/?utm_source=news');
    init();
    expect(document.cookie).toContain('sbjs_current=');
    const tracker = createAttributionTracker();
    tracker.pageView({ url: location.href, referrer: '' });
    tracker.setAllowTracking(false);
    expect(document.cookie).not.toContain('sbjs_');
  });
});
