import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createAnalytics, createConsentStore, defineAnalyticsConfig } from './index';
import type { AnalyticsOptions, TrackedEvent } from './index';

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
    config: { commonProps: { store_currency: 'USD', is_guest: 1, store_admin: 0 } },
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
        config: { eventQueue: [{ eventName: 'product_view', props: { pi: 7 } }] },
        fetch: (_url, init) => {
          batches.push(JSON.parse(init?.body as string) as TrackedEvent[]);
          return Promise.resolve(new Response('{}'));
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
