import { describe, expect, test } from 'vitest';
import { createMemoryJar, sbjsValue } from '../test/jar';
import { createAttributionTracker, parseSbjsCookies, toExtensionData, toFormFields } from './index';
import type { AttributionSnapshot, AttributionTrackerOptions, CookieJar } from './index';

const SHOP = 'https://shop.example/';
const START = Date.parse('2026-03-07T09:05:03Z');
const UA = 'Mozilla/5.0 (X11; Linux x86_64) Test/1.0';
const MINUTE = 60_000;

function setup(options: AttributionTrackerOptions = {}, initial: Record<string, string> = {}) {
  let time = START;
  const memory = createMemoryJar(() => time, initial);
  const tracker = createAttributionTracker({
    cookies: memory.jar,
    now: () => time,
    userAgent: UA,
    ...options,
  });
  return {
    tracker,
    memory,
    advance: (ms: number) => {
      time += ms;
    },
    read: () => {
      const header = memory.jar.get();
      return parseSbjsCookies(header).data;
    },
  };
}

describe('the record', () => {
  test('fills all 16 fields from a landing page view, in WooCommerce’s shapes', () => {
    const { tracker } = setup();
    const { values, reason } = tracker.pageView({
      url: `${SHOP}shop/?utm_source=news&utm_medium=email&utm_campaign=spring`,
      referrer: 'https://mail.example/inbox',
    });
    expect(reason).toBeNull();
    expect(values).toEqual({
      source_type: 'utm',
      referrer: 'https://mail.example/inbox',
      utm_campaign: 'spring',
      utm_source: 'news',
      utm_medium: 'email',
      utm_content: '(none)',
      utm_id: '(none)',
      utm_term: '(none)',
      utm_source_platform: '(none)',
      utm_creative_format: '(none)',
      utm_marketing_tactic: '(none)',
      session_entry: `${SHOP}shop/?utm_source=news&utm_medium=email&utm_campaign=spring`,
      session_start_time: '2026-03-07 09:05:03',
      session_pages: '1',
      session_count: '1',
      user_agent: UA,
    });
    expect(toFormFields(values).wc_order_attribution_utm_source).toBe('news');
    expect(toExtensionData(values)['woocommerce/order-attribution'].source_type).toBe('utm');
  });

  test('a page without a referrer records "(none)" as the referrer', () => {
    const { tracker } = setup();
    expect(tracker.pageView({ url: SHOP, referrer: '' }).values.referrer).toBe('(none)');
  });

  test('keeps the first touch apart from the current one', () => {
    const { tracker, advance } = setup();
    tracker.pageView({ url: `${SHOP}?utm_source=news&utm_medium=email`, referrer: '' });
    advance(45 * MINUTE);
    const { data, values } = tracker.pageView({ url: SHOP, referrer: 'https://www.google.com/' });
    expect(data?.first).toMatchObject({ typ: 'utm', src: 'news' });
    expect(data?.first_add).toMatchObject({ fd: '2026-03-07 09:05:03' });
    expect(data?.current).toMatchObject({ typ: 'organic', src: 'google' });
    expect(data?.current_add).toMatchObject({ fd: '2026-03-07 09:50:03' });
    expect(values.source_type).toBe('organic');
    expect(values.session_start_time).toBe('2026-03-07 09:50:03');
  });

  test('counts pages in a 30-minute sliding session and visits across sessions', () => {
    const { tracker, advance } = setup();
    const pages: string[] = [];
    const visits: string[] = [];
    const view = (path: string) => {
      const { values } = tracker.pageView({ url: `${SHOP}${path}` });
      pages.push(values.session_pages);
      visits.push(values.session_count);
    };
    view('');
    advance(29 * MINUTE);
    view('shop/'); // 29 minutes after the last page: same session
    advance(29 * MINUTE);
    view('cart/'); // 58 minutes after the start, but the session slid
    advance(31 * MINUTE);
    view(''); // 31 idle minutes: a new session
    view('shop/');
    expect(pages).toEqual(['1', '2', '3', '1', '2']);
    expect(visits).toEqual(['1', '1', '1', '2', '2']);
  });

  test('a session keeps its source through internal pages (kept, not re-classified)', () => {
    const { tracker } = setup();
    tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: 'https://mail.example/' });
    const { values } = tracker.pageView({ url: `${SHOP}cart/` }); // referrer: the previous page
    expect(values).toMatchObject({
      source_type: 'utm',
      utm_source: 'news',
      session_entry: `${SHOP}?utm_source=news`,
      session_pages: '2',
    });
  });
});

describe('cookies', () => {
  test('reads the cookies once and writes each cookie at most once per page view', () => {
    const { tracker, memory } = setup();
    tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: '' });
    expect(memory.reads).toBe(1);
    const names = memory.writes.map((cookie) => cookie.slice(0, cookie.indexOf('=')));
    expect(names.sort()).toEqual([
      'sbjs_current',
      'sbjs_current_add',
      'sbjs_first',
      'sbjs_first_add',
      'sbjs_migrations',
      'sbjs_session',
      'sbjs_udata',
    ]);

    memory.writes.length = 0;
    tracker.pageView({ url: `${SHOP}cart/` });
    expect(memory.reads).toBe(2);
    // Nothing but the session changed: only it is written.
    expect(memory.writes.map((cookie) => cookie.split('=')[0])).toEqual(['sbjs_session']);
  });

  test('writes browser-session cookies (lifetime 0.00001 months) and a 30-minute session', () => {
    const { tracker, memory } = setup();
    tracker.pageView({ url: SHOP, referrer: '' });
    const session = memory.writes.find((cookie) => cookie.startsWith('sbjs_session='));
    const others = memory.writes.filter((cookie) => !cookie.startsWith('sbjs_session='));
    expect(session).toContain(`expires=${new Date(START + 30 * MINUTE).toUTCString()}`);
    expect(session).toMatch(/; path=\/; domain=\.shop\.example$/);
    for (const cookie of others) {
      expect(cookie).not.toContain('expires');
      expect(cookie).toMatch(/; path=\/; domain=\.shop\.example$/);
    }
  });

  test('a lifetime in months becomes whole minutes, as in sourcebuster', () => {
    const { tracker, memory } = setup({ lifetime: 1 });
    tracker.pageView({ url: SHOP, referrer: '' });
    const current = memory.writes.find((cookie) => cookie.startsWith('sbjs_current='));
    expect(current).toContain(`expires=${new Date(START + 43_200 * MINUTE).toUTCString()}`);
  });

  test.each([
    ['https://www.shop.example/', '; domain=.shop.example'],
    ['https://shop.example:8443/', '; domain=.shop.example'],
    ['http://localhost:3000/', ''],
    ['http://127.0.0.1:3000/', ''],
    ['http://[::1]:3000/', ''],
  ])('on %s sets the domain attribute "%s"', (url, domain) => {
    const { tracker, memory } = setup();
    tracker.pageView({ url, referrer: '' });
    for (const cookie of memory.writes) expect(cookie.endsWith(`; path=/${domain}`)).toBe(true);
  });

  test('with base64 on, values are Base64 without padding and still read back', () => {
    const { tracker, memory, read } = setup({ base64: true });
    tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: '' });
    expect(memory.raw('sbjs_current')).toMatch(/^[A-Za-z0-9+/]+$/);
    expect(read().current).toMatchObject({ typ: 'utm', src: 'news' });
    expect(tracker.pageView({ url: `${SHOP}cart/` }).values.utm_source).toBe('news');
  });

  test('writes the migrations marker once, so WooCommerce’s script leaves our cookies alone', () => {
    const { tracker, memory } = setup();
    tracker.pageView({ url: SHOP, referrer: '' });
    expect(memory.raw('sbjs_migrations')).toBe('1418474375998%3D1');
    memory.writes.length = 0;
    tracker.pageView({ url: SHOP });
    expect(memory.writes.some((cookie) => cookie.startsWith('sbjs_migrations'))).toBe(false);
  });
});

describe('allowTracking and consent', () => {
  const ALL = {
    sbjs_current: sbjsValue({ typ: 'typein', src: '(direct)' }),
    sbjs_current_add: sbjsValue({ fd: '2026-01-01 00:00:00' }),
    sbjs_first: sbjsValue({ typ: 'typein', src: '(direct)' }),
    sbjs_first_add: sbjsValue({ fd: '2026-01-01 00:00:00' }),
    sbjs_session: sbjsValue({ pgs: '1' }),
    sbjs_udata: sbjsValue({ vst: '1' }),
    sbjs_migrations: '1418474375998%3D1',
    sbjs_promo: sbjsValue({ code: '123' }),
    other: 'kept',
  };

  test('starts empty with the reason not_started', () => {
    const { tracker } = setup();
    expect(tracker.getSnapshot()).toMatchObject({ reason: 'not_started', data: null });
    expect(tracker.getSnapshot().values.source_type).toBe('');
  });

  test('turning tracking off deletes every sbjs cookie and empties the fields', () => {
    const { tracker, memory } = setup({}, ALL);
    tracker.pageView({ url: SHOP });
    tracker.setAllowTracking(false);
    expect(memory.names()).toEqual(['other']);
    const { values, reason, data } = tracker.getSnapshot();
    expect(reason).toBe('tracking_off');
    expect(data).toBeNull();
    expect(Object.values(values).every((value) => value === '')).toBe(true);
    for (const cookie of memory.writes.filter((c) => c.includes('max-age'))) {
      expect(cookie).toMatch(/^sbjs_\w+=; max-age=-999; path=\/; domain=\.shop\.example$/);
    }
  });

  test('tracking off from the start stores nothing and removes what is there', () => {
    const { tracker, memory } = setup({ allowTracking: false }, ALL);
    const snapshot = tracker.pageView({ url: `${SHOP}?utm_source=news` });
    expect(snapshot.reason).toBe('tracking_off');
    expect(memory.names()).toEqual(['other']);
    expect(memory.writes.every((cookie) => cookie.includes('max-age=-999'))).toBe(true);
  });

  test('turning tracking on initialises it for the current page', () => {
    const { tracker } = setup({ allowTracking: false });
    tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: '' });
    tracker.setAllowTracking(true);
    expect(tracker.getSnapshot()).toMatchObject({ reason: null });
    expect(tracker.getSnapshot().values.utm_source).toBe('news');
  });

  test('while consent is pending nothing is written, and granting keeps the landing UTMs', () => {
    const { tracker, memory } = setup({ consent: 'pending' });
    const landing = tracker.pageView({
      url: `${SHOP}shop/?utm_source=news&utm_medium=email`,
      referrer: 'https://mail.example/',
    });
    tracker.pageView({ url: `${SHOP}product/beanie/` }); // a client-side navigation
    expect(landing.reason).toBe('consent_pending');
    expect(tracker.getSnapshot().reason).toBe('consent_pending');
    expect(memory.writes).toEqual([]);

    tracker.setConsent('granted');
    const { values, reason } = tracker.getSnapshot();
    expect(reason).toBeNull();
    expect(values).toMatchObject({
      source_type: 'utm',
      utm_source: 'news',
      utm_medium: 'email',
      session_pages: '2',
      referrer: 'https://mail.example/',
    });
    expect(memory.names()).toContain('sbjs_current');
  });

  test('a pending session ends after 30 idle minutes, like the cookie would', () => {
    const { tracker, advance } = setup({ consent: 'pending' });
    tracker.pageView({ url: SHOP, referrer: '' });
    advance(31 * MINUTE);
    tracker.pageView({ url: `${SHOP}cart/` });
    tracker.setConsent('granted');
    expect(tracker.getSnapshot().values).toMatchObject({ session_pages: '1', session_count: '2' });
  });

  test('denial from pending stores nothing at all', () => {
    const { tracker, memory } = setup({ consent: 'pending' });
    tracker.pageView({ url: `${SHOP}?utm_source=news` });
    tracker.setConsent('denied');
    expect(memory.writes).toEqual([]);
    expect(tracker.getSnapshot().reason).toBe('consent_denied');
    tracker.pageView({ url: `${SHOP}cart/` });
    expect(memory.writes).toEqual([]);
    expect(tracker.getSnapshot().values.utm_source).toBe('');
  });

  test('withdrawing consent removes every sbjs cookie on the same page', () => {
    const { tracker, memory } = setup();
    tracker.pageView({ url: `${SHOP}?utm_source=news` });
    expect(memory.names().filter((name) => name.startsWith('sbjs_'))).toHaveLength(7);
    tracker.setConsent('denied');
    expect(memory.names()).toEqual([]);
    expect(tracker.getSnapshot().reason).toBe('consent_denied');
  });

  test('granting after a denial starts tracking on the current page', () => {
    const { tracker } = setup({ consent: 'denied' });
    tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: '' });
    tracker.setConsent('granted');
    expect(tracker.getSnapshot().values.utm_source).toBe('news');
  });

  test('listeners hear each change; the same decision twice changes nothing', () => {
    const { tracker } = setup({ consent: 'pending' });
    const heard: AttributionSnapshot[] = [];
    const unsubscribe = tracker.subscribe((snapshot) => heard.push(snapshot));
    tracker.pageView({ url: SHOP, referrer: '' });
    tracker.setConsent('granted');
    tracker.setConsent('granted');
    unsubscribe();
    tracker.pageView({ url: SHOP });
    expect(heard.map((snapshot) => snapshot.reason)).toEqual(['consent_pending', null]);
    expect(Object.isFrozen(tracker.getSnapshot().values)).toBe(true);
  });

  test('without a cookie jar (server rendering) the reason is no_cookies', () => {
    const tracker = createAttributionTracker();
    expect(tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: '' }).reason).toBe(
      'no_cookies',
    );
  });
});

describe('hostile input', () => {
  test('"|||" in a parameter cannot inject fields, and reads back exactly', () => {
    const { tracker, read } = setup();
    const hostile = encodeURIComponent('x|||typ=organic|||src=evil');
    tracker.pageView({ url: `${SHOP}?utm_source=${hostile}&utm_medium=a|b`, referrer: '' });
    const current = read().current;
    expect(current).toMatchObject({ typ: 'utm', src: 'x|||typ=organic|||src=evil', mdm: 'a|b' });
    expect(Object.keys(current ?? {})).toHaveLength(10);
  });

  test('control characters are dropped and values are capped', () => {
    const { tracker, read } = setup();
    const long = 'a'.repeat(5000);
    tracker.pageView({
      url: `${SHOP}?utm_source=ne%0D%0Aws%00&utm_campaign=${long}`,
      referrer: `https://ref.example/${long}`,
      // not a valid header: the tracker must clean it, not trust it
    });
    const data = read();
    expect(data.current?.src).toBe('news');
    expect(data.current?.cmp).toHaveLength(100);
    expect(data.current_add?.rf?.length).toBeLessThanOrEqual(500);
  });

  test('a user agent with control characters and "|||" is stored harmlessly', () => {
    const { tracker, read } = setup({ userAgent: 'UA|||vst=999\n' });
    tracker.pageView({ url: SHOP, referrer: '' });
    expect(read().udata).toEqual({ vst: '1', uip: '(none)', uag: 'UA|||vst=999' });
  });

  test.each([
    ['an empty string', ''],
    ['separators only', ';;; ; =;'],
    ['broken percent-encoding', 'sbjs_current=%E0%A4%A; sbjs_session=%'],
    ['a bad Base64 look-alike', 'sbjs_current=abc'],
    ['names without values', 'sbjs_current; sbjs_udata='],
    ['non-numeric counters', `sbjs_session=${sbjsValue({ pgs: 'NaN' })}; sbjs_udata=vst%3Dx`],
    ['a huge header', `sbjs_current=${'%7C'.repeat(10_000)}`],
  ])('malformed cookies (%s) never throw', (_title, header) => {
    const jar: CookieJar = { get: () => header, set: () => undefined };
    const tracker = createAttributionTracker({ cookies: jar, now: () => START, userAgent: UA });
    const { values } = tracker.pageView({ url: SHOP, referrer: '' });
    expect(values.source_type).not.toBe('');
    expect(Number(values.session_pages)).toBeGreaterThanOrEqual(1);
  });

  test('a jar that throws on read or write does not break the page', () => {
    const jar: CookieJar = {
      get: () => {
        throw new Error('blocked');
      },
      set: () => {
        throw new Error('blocked');
      },
    };
    const tracker = createAttributionTracker({ cookies: jar, userAgent: UA });
    expect(tracker.pageView({ url: `${SHOP}?utm_source=news`, referrer: '' }).values).toMatchObject(
      { utm_source: 'news' },
    );
  });

  test.each([
    ['options that are not an object', () => createAttributionTracker(null as never)],
    ['a non-boolean allowTracking', () => createAttributionTracker({ allowTracking: 1 as never })],
    ['an unknown consent', () => createAttributionTracker({ consent: 'yes' as never })],
    ['a null allowTracking', () => createAttributionTracker({ allowTracking: null as never })],
    ['a null consent', () => createAttributionTracker({ consent: null as never })],
    ['a zero session length', () => createAttributionTracker({ sessionLength: 0 })],
    ['a page URL that is not a string', () => setup().tracker.pageView({ url: 1 as never })],
    ['a null referrer', () => setup().tracker.pageView({ referrer: null as never })],
    ['an unknown consent later', () => setup().tracker.setConsent('allow' as never)],
    ['subscribing a non-function', () => setup().tracker.subscribe(null as never)],
  ])('refuses %s with invalid_options', (_title, run) => {
    expect(run).toThrow(
      expect.objectContaining({ name: 'OrderAttributionError', code: 'invalid_options' }),
    );
  });
});
