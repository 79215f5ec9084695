import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAnalytics, createConsentStore, defineAnalyticsConfig } from './index';
import type { AnalyticsOptions, TrackedEvent } from './index';
import { createSessionTracker } from './session';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(overrides: Partial<AnalyticsOptions> = {}, framework = true) {
  const consent = createConsentStore({ framework });
  const sent: TrackedEvent[][] = [];
  const requests: RequestInit[] = [];
  let status = 200;
  const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    requests.push(init ?? {});
    if (status === 0) return Promise.reject(new TypeError('offline'));
    sent.push(JSON.parse(init?.body as string) as TrackedEvent[]);
    return Promise.resolve(new Response('{"success":true}', { status }));
  });
  const beacons: Array<{ url: string; events: TrackedEvent[] }> = [];
  let hide: () => void = () => undefined;
  const analytics = createAnalytics({
    consent,
    fetch,
    now: () => 1_700_000_000_000,
    config: {
      commonProps: { store_currency: 'USD', is_guest: 1, store_admin: 0 },
      features: { proxy: true },
    },
    sendBeacon: (url, data) => {
      void data
        .text()
        .then((text) => beacons.push({ url, events: JSON.parse(text) as TrackedEvent[] }));
      return true;
    },
    onPageHide: (listener) => {
      hide = listener;
      return () => undefined;
    },
    ...overrides,
  });
  return {
    consent,
    analytics,
    fetch,
    sent,
    requests,
    beacons,
    hide: () => hide(),
    setStatus: (next: number) => {
      status = next;
    },
  };
}

describe('defineAnalyticsConfig', () => {
  test('starts with an empty queue, every flag false and the store’s track route', () => {
    expect(defineAnalyticsConfig()).toEqual({
      commonProps: {},
      eventQueue: [],
      features: { ch: false, sessionTracking: false, proxy: false },
      pages: { isAccountPage: false, isCart: false },
      trackEndpoint: '/wp-json/woocommerce-analytics/v1/track',
    });
  });

  test('keeps given values and page flags', () => {
    const config = defineAnalyticsConfig({ pages: { isAccountPage: false, isCart: true } });
    expect(config.pages.isCart).toBe(true);
    expect(config.features.proxy).toBe(false);
  });
});

describe('createAnalytics', () => {
  test('sends nothing before a decision, then the held events on grant, without a reload', async () => {
    const { consent, analytics, fetch, sent } = setup();
    analytics.record('product_view', { pi: 42 });
    analytics.record('cart_view');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();

    consent.set('statistics', 'granted');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([
      [
        {
          event_name: 'product_view',
          properties: {
            store_currency: 'USD',
            is_guest: 1,
            store_admin: 0,
            pi: 42,
            _ts: 1_700_000_000_000,
          },
        },
        {
          event_name: 'cart_view',
          properties: {
            store_currency: 'USD',
            is_guest: 1,
            store_admin: 0,
            _ts: 1_700_000_000_000,
          },
        },
      ],
    ]);
    expect(fetch.mock.calls[0]?.[0]).toBe('/wp-json/woocommerce-analytics/v1/track');
  });

  test('drops held events on denial and records nothing afterwards', async () => {
    const { consent, analytics, fetch } = setup();
    analytics.record('product_view');
    consent.set('statistics', 'denied');
    analytics.record('cart_view');
    consent.set('marketing', 'granted');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).not.toHaveBeenCalled();
  });

  test('without a consent framework, events are sent right away (batched)', async () => {
    const { analytics, sent } = setup({}, false);
    analytics.record('search', { q: 'hat' });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.flat().map((event) => event.event_name)).toEqual(['search']);
  });

  test('setCommonProps changes the properties of later events only', async () => {
    const { analytics, sent } = setup({}, false);
    analytics.record('page_view', { n: 1 });
    analytics.setCommonProps({ store_currency: 'USD', is_guest: 0, ui: 7, store_admin: 1 });
    analytics.record('page_view', { n: 2 });
    await vi.advanceTimersByTimeAsync(1000);
    const [first, second] = sent.flat();
    expect(first?.properties).toMatchObject({ n: 1, is_guest: 1, store_admin: 0 });
    expect(first?.properties).not.toHaveProperty('ui');
    expect(second?.properties).toMatchObject({ n: 2, is_guest: 0, ui: 7, store_admin: 1 });
  });

  test('a full batch is sent at once, with the nonce header and cookies', async () => {
    const { analytics, sent, requests } = setup(
      { batchSize: 3, headers: () => ({ 'X-WP-Nonce': 'abc' }) },
      false,
    );
    for (let index = 0; index < 7; index += 1) analytics.record('page_view', { index });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((batch) => batch.length)).toEqual([3, 3]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': 'abc' },
    });
  });

  test('replays the configuration’s event queue once statistics are granted', async () => {
    const { sent } = (() => {
      const consent = createConsentStore({ framework: true, initial: { statistics: 'granted' } });
      const batches: TrackedEvent[][] = [];
      createAnalytics({
        consent,
        config: {
          eventQueue: [{ eventName: 'product_view', props: { pi: 7 } }],
          features: { proxy: true },
        },
        send: (_endpoint, events) => {
          batches.push(events);
          return Promise.resolve();
        },
        onPageHide: () => () => undefined,
      });
      return { sent: batches };
    })();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.flat()).toMatchObject([{ event_name: 'product_view', properties: { pi: 7 } }]);
  });

  test('a failed send puts the events back at the front of the queue', async () => {
    const { analytics, sent, setStatus } = setup({}, false);
    setStatus(0);
    analytics.record('first');
    await vi.advanceTimersByTimeAsync(1000);
    setStatus(500);
    analytics.record('second');
    await analytics.flush();
    setStatus(200);
    analytics.record('third');
    await analytics.flush();
    expect(sent.map((batch) => batch.map((event) => event.event_name))).toEqual([
      ['first', 'second'],
      ['first', 'second', 'third'],
    ]);
  });

  test('a 207 (some events failed on the server) is not resent', async () => {
    const { analytics, sent, setStatus } = setup({}, false);
    setStatus(207);
    analytics.record('first');
    await analytics.flush();
    await analytics.flush();
    expect(sent).toHaveLength(1);
  });

  test('page hide flushes the queue with sendBeacon', async () => {
    const { analytics, fetch, beacons, hide } = setup({}, false);
    analytics.record('product_view');
    analytics.record('cart_view');
    hide();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).not.toHaveBeenCalled();
    expect(beacons).toEqual([
      {
        url: '/wp-json/woocommerce-analytics/v1/track',
        events: [
          expect.objectContaining({ event_name: 'product_view' }),
          expect.objectContaining({ event_name: 'cart_view' }),
        ],
      },
    ]);
  });

  test('page hide with nothing queued sends no beacon', () => {
    const sendBeacon = vi.fn(() => true);
    const { hide } = setup({ sendBeacon }, false);
    hide();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  test.each([['Product View'], [''], ['1st'], ['cart-view']])(
    'refuses the event name %j with invalid_event',
    (name) => {
      const { analytics } = setup({}, false);
      expect(() => analytics.record(name)).toThrow(
        expect.objectContaining({ name: 'ConsentAnalyticsError', code: 'invalid_event' }),
      );
    },
  );

  test('refuses to start without a consent store', () => {
    expect(() => createAnalytics({} as never)).toThrow(
      expect.objectContaining({ code: 'invalid_options' }),
    );
  });

  test('exposes the page context flags', () => {
    const consent = createConsentStore();
    const analytics = createAnalytics({
      consent,
      config: { pages: { isAccountPage: true, isCart: false } },
      onPageHide: () => () => undefined,
    });
    expect(analytics.pages).toEqual({ isAccountPage: true, isCart: false });
    analytics.destroy();
  });
});

describe('the injected send (features.proxy)', () => {
  test('each batch goes to the injected send with the track endpoint; a rejection queues it again', async () => {
    const consent = createConsentStore({ framework: false });
    const calls: Array<[string, string[]]> = [];
    let fail = true;
    const analytics = createAnalytics({
      consent,
      config: {
        features: { proxy: true },
        trackEndpoint: '/wp-json/woocommerce-analytics/v1/track',
      },
      send: (endpoint, events) => {
        calls.push([endpoint, events.map((event) => event.event_name)]);
        return fail
          ? Promise.reject(new Error('timeout_error'))
          : Promise.resolve({ success: true });
      },
      onPageHide: () => () => undefined,
    });
    analytics.record('cart_view');
    await vi.advanceTimersByTimeAsync(1000);
    fail = false;
    analytics.record('product_view');
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([
      ['/wp-json/woocommerce-analytics/v1/track', ['cart_view']],
      ['/wp-json/woocommerce-analytics/v1/track', ['cart_view', 'product_view']],
    ]);
  });

  test('with proxy off nothing is sent: events go to the Tracks queue with their prefixed names', async () => {
    const consent = createConsentStore({ framework: true });
    const send = vi.fn(() => Promise.resolve());
    const tracks: Record<string, unknown>[] = [];
    const analytics = createAnalytics({
      consent,
      config: { commonProps: { store_currency: 'USD' } },
      send,
      tracksQueue: tracks,
      now: () => 5,
      onPageHide: () => () => undefined,
    });
    analytics.record('product_view', { pi: 3 });
    expect(tracks).toEqual([]);
    consent.update({ statistics: 'granted' });
    analytics.record('cart_view');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).not.toHaveBeenCalled();
    expect(tracks).toEqual([
      { _en: 'woocommerceanalytics_product_view', store_currency: 'USD', pi: 3, _ts: 5 },
      { _en: 'woocommerceanalytics_cart_view', store_currency: 'USD', _ts: 5 },
    ]);
  });

  test('with proxy off and no queue given, window._wca is created and used', () => {
    const analytics = createAnalytics({
      consent: createConsentStore({ framework: false }),
      now: () => 1,
      onPageHide: () => () => undefined,
    });
    analytics.record('search', { q: 'mug' });
    const wca = (globalThis as { _wca?: unknown[] })._wca;
    expect(wca).toEqual([{ _en: 'woocommerceanalytics_search', q: 'mug', _ts: 1 }]);
    delete (globalThis as { _wca?: unknown[] })._wca;
  });
});

describe('features.ch', () => {
  test('every event carries ch: 1 when on, and none when off', async () => {
    for (const ch of [true, false]) {
      const sent: TrackedEvent[] = [];
      const analytics = createAnalytics({
        consent: createConsentStore({ framework: false }),
        config: { features: { proxy: true, ch } },
        send: (_endpoint, events) => {
          sent.push(...events);
          return Promise.resolve();
        },
        now: () => 9,
        onPageHide: () => () => undefined,
      });
      analytics.record('product_view', { pi: 1 });
      await analytics.flush();
      expect(sent).toEqual([
        {
          event_name: 'product_view',
          properties: ch ? { pi: 1, ch: 1, _ts: 9 } : { pi: 1, _ts: 9 },
        },
      ]);
    }
  });
});

describe('features.sessionTracking', () => {
  const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);

  function jar() {
    const cookies = new Map<string, { value: string; attributes: string }>();
    return {
      cookies,
      read: () => [...cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; '),
      write: (cookie: string) => {
        const [pair = '', ...attributes] = cookie.split('; ');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        const expires = attributes.find((a) => a.startsWith('expires='))?.slice(8);
        if (expires && Date.parse(expires) <= NOW) cookies.delete(name);
        else cookies.set(name, { value: pair.slice(at + 1), attributes: attributes.join('; ') });
      },
    };
  }

  function tracked(sessionTracking: boolean, cookies = jar(), framework = true, now = () => NOW) {
    const consent = createConsentStore({ framework });
    const sent: TrackedEvent[] = [];
    let ids = 0;
    const make = () =>
      createAnalytics({
        consent,
        config: { commonProps: { is_guest: 1 }, features: { proxy: true, sessionTracking } },
        send: (_endpoint, events) => {
          sent.push(...events);
          return Promise.resolve();
        },
        session: createSessionTracker({
          cookies,
          randomId: () => `session-${++ids}`,
          secure: true,
        }),
        now,
        onPageHide: () => () => undefined,
      });
    return { consent, sent, cookies, make };
  }

  const names = (events: TrackedEvent[]) => events.map((event) => event.event_name);

  test('on without a session tracker is refused', () => {
    expect(() =>
      createAnalytics({
        consent: createConsentStore(),
        config: { features: { sessionTracking: true } },
      }),
    ).toThrow(expect.objectContaining({ code: 'invalid_options' }));
  });

  test('off: page views carry no session and no cookie is written', async () => {
    const { sent, cookies, make } = tracked(false, undefined, false);
    const analytics = make();
    analytics.pageView({ url: 'https://shop.example/shop/' });
    await analytics.flush();
    expect(names(sent)).toEqual(['page_view']);
    expect(sent[0]?.properties).not.toHaveProperty('session_id');
    expect(cookies.cookies.size).toBe(0);
  });

  test('on: the first page starts the session, the second engages it, every event carries it', async () => {
    const { sent, cookies, make } = tracked(true, undefined, false);
    make().pageView({ url: 'https://shop.example/shop/' });
    // The next page is a new page load: a new analytics object reading the same cookie.
    const next = make();
    next.pageView({ url: 'https://shop.example/product/mug/' });
    next.record('product_view', { pi: 4 });
    next.pageView({ url: 'https://shop.example/cart/' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(names(sent)).toEqual([
      'session_started',
      'page_view',
      'session_engagement',
      'page_view',
      'product_view',
      'page_view',
    ]);
    for (const event of sent) {
      expect(event.properties).toMatchObject({
        session_id: 'session-1',
        landing_page: 'https://shop.example/shop/',
      });
    }
    const cookie = cookies.cookies.get('woocommerceanalytics_session');
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toEqual({
      session_id: 'session-1',
      landing_page: 'https://shop.example/shop/',
      expires: NOW + 30 * 60 * 1000,
      is_engaged: true,
    });
    expect(cookie?.attributes).toBe(
      `expires=${new Date(NOW + 30 * 60 * 1000).toUTCString()}; path=/; samesite=strict; secure`,
    );
  });

  test('a session ends at UTC midnight if that is sooner than 30 minutes', () => {
    const late = Date.UTC(2026, 10, 27, 23, 50, 0);
    const { cookies, make } = tracked(true, undefined, false, () => late);
    make().pageView({ url: '/shop/' });
    const cookie = cookies.cookies.get('woocommerceanalytics_session');
    const session = JSON.parse(decodeURIComponent(cookie?.value ?? '')) as { expires: number };
    expect(session.expires).toBe(Date.UTC(2026, 10, 28, 0, 0, 0));
  });

  test('an expired or garbled session cookie starts a new session', async () => {
    const cookies = jar();
    cookies.cookies.set('woocommerceanalytics_session', {
      value: encodeURIComponent(
        JSON.stringify({ session_id: 'old', landing_page: '/', expires: NOW - 1 }),
      ),
      attributes: '',
    });
    const { sent, make } = tracked(true, cookies, false);
    make().pageView({ url: '/shop/' });
    cookies.cookies.set('woocommerceanalytics_session', { value: '%7Bnot json', attributes: '' });
    make().pageView({ url: '/cart/' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(names(sent)).toEqual(['session_started', 'page_view', 'session_started', 'page_view']);
    expect(sent.map((event) => event.properties.session_id)).toEqual([
      'session-1',
      'session-1',
      'session-2',
      'session-2',
    ]);
  });

  test('no cookie before statistics consent; a grant starts the session at the page viewed and the held view joins it', async () => {
    const { consent, sent, cookies, make } = tracked(true);
    const analytics = make();
    analytics.pageView({ url: 'https://shop.example/landing/' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cookies.cookies.size).toBe(0);
    expect(sent).toEqual([]);
    consent.update({ statistics: 'granted' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(names(sent)).toEqual(['session_started', 'page_view']);
    expect(sent[1]?.properties).toMatchObject({
      session_id: 'session-1',
      landing_page: 'https://shop.example/landing/',
    });
    expect(cookies.cookies.has('woocommerceanalytics_session')).toBe(true);
  });

  test('denied statistics write no cookie, and withdrawing consent removes the session cookie', async () => {
    const { consent, sent, cookies, make } = tracked(true);
    consent.update({ statistics: 'denied' });
    make().pageView({ url: '/a/' });
    expect(cookies.cookies.size).toBe(0);
    consent.update({ statistics: 'granted' });
    const analytics = make();
    analytics.pageView({ url: '/b/' });
    await analytics.flush();
    expect(cookies.cookies.has('woocommerceanalytics_session')).toBe(true);
    consent.update({ statistics: 'denied' });
    expect(cookies.cookies.has('woocommerceanalytics_session')).toBe(false);
    analytics.pageView({ url: '/c/' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(names(sent)).toEqual(['session_started', 'page_view']);
  });
});
