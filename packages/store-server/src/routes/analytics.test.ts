import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { MAX_TRACK_BODY_BYTES, MAX_TRACK_EVENTS, TRACK_ROUTE } from '../analytics/track';
import { analyticsEvents } from '../db/schema';
import { drivers, type TestStore } from '../test/drivers';
import { Shopper } from '../test/shopper';

const GRANTED = 'wp_consent_statistics=allow';

describe.each(drivers)('analytics track route on $name', (driver) => {
  let t: TestStore;
  beforeAll(async () => {
    t = await driver.open();
  });
  afterAll(async () => {
    await t?.cleanup();
  });
  beforeEach(async () => {
    await t.db.delete(analyticsEvents);
  });

  const post = (payload: string, cookie?: string, contentType = 'application/json') =>
    t.store.app.inject({
      method: 'POST',
      url: TRACK_ROUTE,
      headers: { 'content-type': contentType, ...(cookie === undefined ? {} : { cookie }) },
      payload,
    });
  const rows = () => t.db.select().from(analyticsEvents).orderBy(asc(analyticsEvents.id));
  const batch = [
    { event_name: 'page_view', properties: { url: 'http://localhost/shop/', is_guest: 1 } },
    { event_name: 'product_view', properties: { pi: 42 } },
  ];

  test('without statistics consent the batch is answered 200 and nothing is recorded', async () => {
    for (const cookie of [undefined, 'wp_consent_statistics=deny', 'wp_consent_marketing=allow']) {
      const response = await post(JSON.stringify(batch), cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Events skipped due to lack of statistics consent',
        results: [],
      });
    }
    expect(await rows()).toEqual([]);
  });

  test('with statistics consent every event is recorded in order and answered 200', async () => {
    const response = await post(JSON.stringify(batch), `${GRANTED}; other=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    expect(response.json()).toEqual({
      success: true,
      results: [{ success: true }, { success: true }],
    });
    const stored = await rows();
    expect(stored.map((row) => [row.eventName, row.properties, row.userId])).toEqual([
      ['page_view', { url: 'http://localhost/shop/', is_guest: 1 }, 0],
      ['product_view', { pi: 42 }, 0],
    ]);
  });

  test('a shopper session is recorded with its events', async () => {
    const shopper = new Shopper(t.store.app);
    await shopper.api('cart/add-item', { id: (await firstProductId()) as number, quantity: 1 });
    expect(shopper.cookies.size).toBeGreaterThan(0);
    shopper.cookies.set('wp_consent_statistics', 'allow');
    const response = await shopper.request({
      method: 'POST',
      url: TRACK_ROUTE,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify([batch[0]]),
    });
    expect(response.statusCode).toBe(200);
    const [row] = await rows();
    expect(typeof row?.sessionKey).toBe('string');
    expect(row?.sessionKey).not.toBe('');
    const stranger = await post(JSON.stringify([batch[0]]), GRANTED);
    expect(stranger.statusCode).toBe(200);
    expect((await rows())[1]?.sessionKey).toBeNull();
  });

  async function firstProductId() {
    const response = await t.store.app.inject({ url: '/wp-json/wc/store/v1/products?per_page=1' });
    const [product] = response.json<{ id: number }[]>();
    return product?.id;
  }

  test('an invalid event fails alone: the others are recorded and the answer is 207', async () => {
    const response = await post(
      JSON.stringify([
        batch[0],
        { event_name: 'Bad Name', properties: {} },
        { event_name: 'cart_view', properties: 'not an object' },
        'not an event',
        { event_name: 'cart_view' },
        { event_name: 'x'.repeat(101) },
        { event_name: 'search', properties: { q: 'y'.repeat(9000) } },
      ]),
      GRANTED,
    );
    expect(response.statusCode).toBe(207);
    expect(response.json()).toEqual({
      success: false,
      results: [
        { success: true },
        { success: false, error: 'Invalid event name.' },
        { success: false, error: 'Event properties must be an object.' },
        { success: false, error: 'An event must be an object.' },
        { success: true },
        { success: false, error: 'Invalid event name.' },
        { success: false, error: 'Event properties must be at most 8192 bytes.' },
      ],
    });
    expect((await rows()).map((row) => row.eventName)).toEqual(['page_view', 'cart_view']);
  });

  test('NUL characters and prototype keys are stored as harmless data', async () => {
    const response = await post(
      '[{"event_name":"page_view","properties":{"a\\u0000b":"c\\u0000d","__proto__x":{"n":["\\u0000"]}}}]',
      GRANTED,
    );
    expect(response.statusCode).toBe(200);
    const [row] = await rows();
    expect(row?.properties).toEqual({ ab: 'cd', __proto__x: { n: [''] } });
  });

  test.each([
    ['an object', JSON.stringify({ event_name: 'page_view' }), 'events is not of type array.'],
    ['an empty array', '[]', 'events must contain at least 1 item.'],
    [
      'too many events',
      JSON.stringify(Array.from({ length: MAX_TRACK_EVENTS + 1 }, () => batch[0])),
      `events must contain at most ${MAX_TRACK_EVENTS} items.`,
    ],
    ['a string', '"page_view"', 'events is not of type array.'],
  ])('a body that is %s is a 400 rest_invalid_param', async (_what, payload, message) => {
    const response = await post(payload, GRANTED);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): events',
      data: { status: 400, params: { events: message } },
    });
    expect(await rows()).toEqual([]);
  });

  test('malformed JSON, a wrong content type and an oversized body are 4xx WordPress errors', async () => {
    const malformed = await post('[{"event_name":', GRANTED);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });

    // A text body is not parsed as JSON (as WordPress): no events were posted.
    const text = await post(JSON.stringify(batch), GRANTED, 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });

    const unknown = await post(JSON.stringify(batch), GRANTED, 'application/x-unknown');
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json()).toMatchObject({ code: 'rest_invalid_request', data: { status: 415 } });

    const big = JSON.stringify([
      { event_name: 'page_view', properties: { pad: 'z'.repeat(MAX_TRACK_BODY_BYTES) } },
    ]);
    const tooLarge = await post(big, GRANTED);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'rest_invalid_request', data: { status: 413 } });
    expect(await rows()).toEqual([]);
  });

  test('GET on the track route is a rest_no_route 404', async () => {
    const response = await t.store.app.inject({ url: TRACK_ROUTE });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'rest_no_route' });
  });
});
