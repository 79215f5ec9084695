/**
 * Attack suite: property-based fuzzing (fast-check) of every route in the store's route table and
 * of the routes outside `/wp-json` — path parameters, path spellings, query strings, bodies of
 * every content type, and hostile headers — as a guest with a session, and as an administrator
 * with a valid nonce. Whatever arrives:
 * - the answer is never a 5xx;
 * - a REST answer is JSON, and a REST refusal is WordPress's `{code, message, data: {status}}`;
 * - a refusal changes nothing in the database (every table, row by row).
 *
 * `npm test` runs a fixed seed; `RELIABILITY_SOAK=1` runs 20× more cases with a fresh seed (a
 * failure prints the seed to replay).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drivers, type TestStore } from '../test/drivers';
import { fingerprint } from '../test/fingerprint';
import { Browser } from '../test/session';

const SOAK = process.env.RELIABILITY_SOAK === '1';
const RUNS = SOAK ? 4000 : 300;
const settings = { numRuns: RUNS, ...(SOAK ? {} : { seed: 0xc0ffee }) };
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** Routes outside `/wp-json` that take input. */
const OTHER_ROUTES: [string, Method[]][] = [
  ['/?wc-ajax=add_to_cart', ['POST']],
  ['/?wc-ajax=remove_from_cart', ['POST']],
  ['/?wc-ajax=get_refreshed_fragments', ['GET', 'POST']],
  ['/?wc-ajax=update_order_review', ['POST']],
  ['/shop/?add-to-cart=1', ['GET', 'POST']],
  ['/cart/?remove_item=1', ['GET']],
  ['/wp-login.php', ['GET', 'POST']],
  ['/wp-admin/admin-ajax.php?action=rest-nonce', ['GET', 'POST']],
  ['/wp-content/uploads/2026/11/x.png', ['GET']],
];

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    '\u0000',
    '\ud800',
    '%00',
    '%ED%A0%80',
    '%2F..%2F',
    '../..',
    '9223372036854775808',
    '-2147483649',
    '1e400',
    '__proto__',
    '<script>alert(1)</script>',
    "' OR 1=1--",
    'a'.repeat(5000),
  ),
);
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(text, fc.constantFrom('id', 'quantity', '__proto__', 'constructor')),
      tie('value'),
      {
        maxKeys: 5,
      },
    ),
  ),
})).value;
const deep = fc.integer({ min: 50, max: 5000 }).map((n) => `${'['.repeat(n)}1${']'.repeat(n)}`);

interface Body {
  contentType: string | undefined;
  payload: string | undefined;
}
const body: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 4,
    arbitrary: json.map((v) => ({
      contentType: 'application/json',
      payload: JSON.stringify(v) ?? 'null',
    })),
  },
  { weight: 1, arbitrary: deep.map((payload) => ({ contentType: 'application/json', payload })) },
  {
    weight: 2,
    arbitrary: fc.array(fc.tuple(text, text), { maxLength: 5 }).map((pairs) => ({
      contentType: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(pairs).toString(),
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          '',
        ),
        text,
      )
      .map(([contentType, payload]) => ({ contentType, payload })),
  },
  { weight: 1, arbitrary: fc.constant({ contentType: undefined, payload: undefined }) },
);
const query = fc.array(
  fc.tuple(
    fc.oneof(
      text,
      fc.constantFrom(
        'page',
        'per_page',
        'id',
        'key',
        '_wpnonce',
        '_method',
        'rest_route',
        'include[]',
        'a[b][c]',
      ),
    ),
    text,
  ),
  {
    maxLength: 4,
  },
);
const hostileHeaders = fc.record(
  {
    'x-wp-nonce': text,
    nonce: text,
    'cart-token': text,
    'x-http-method-override': fc.oneof(text, fc.constantFrom(...METHODS)),
    'content-language': text,
    referer: fc.oneof(text, fc.constantFrom('//evil.example/', 'https://evil.example/x')),
    origin: fc.constantFrom('https://evil.example', 'null', ''),
  },
  { requiredKeys: [] },
);
/** Mostly a well-behaved client (so requests reach the routes), sometimes hostile headers. */
const headers = fc.oneof(
  { weight: 3, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: hostileHeaders },
);
/** A path parameter, percent-encoded as a client would (or not at all). */
const param = fc.oneof(
  fc.constantFrom('1', '0', '-1', '99999999999', 'billing', 'shipping', 'x'),
  text.map((value) => {
    try {
      return encodeURIComponent(value).slice(0, 200) || 'x';
    } catch {
      return '%ED%A0%80'; // a lone surrogate, as its UTF-8 bytes would arrive
    }
  }),
);

function headerSafe(value: string): string {
  // Node refuses to send control characters in a header: keep printable Latin-1 only.
  return [...value].filter((c) => c >= ' ' && c <= '\u00ff' && c !== '\u007f').join('');
}

function isWordPressError(response: LightMyRequestResponse): boolean {
  try {
    const parsed = response.json<{
      code?: unknown;
      message?: unknown;
      data?: { status?: unknown };
    }>();
    return (
      typeof parsed.code === 'string' &&
      typeof parsed.message === 'string' &&
      parsed.data?.status === response.statusCode
    );
  } catch {
    return false;
  }
}

describe.each(drivers)('every route, fuzzed, on $name', (driver) => {
  let t: TestStore;
  let guest: Browser;
  let admin: Browser;
  let adminNonce: string;
  let guestStoreNonce: string;
  let restRoutes: [string, Method[]][] = [];

  beforeAll(async () => {
    t = await driver.open();
    guest = new Browser(t.store.app);
    await guest.restNonce();
    guestStoreNonce = String(
      (await guest.request({ url: '/wp-json/wc/store/v1/cart' })).headers.nonce,
    );
    admin = new Browser(t.store.app);
    await admin.logIn(t.admin.login, t.admin.password);
    adminNonce = await admin.restNonce();
    const index = await t.store.app.inject('/wp-json/');
    const routes = index.json<{ routes: Record<string, { methods: string[] }> }>().routes;
    restRoutes = Object.entries(routes).map(([pattern, { methods }]) => [
      `/wp-json${pattern}`,
      methods.filter((m): m is Method => (METHODS as readonly string[]).includes(m)),
    ]);
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  test('the route table is the one the store serves', () => {
    expect(restRoutes.length).toBeGreaterThan(25);
    expect(restRoutes.map(([route]) => route)).toContain('/wp-json/wc/store/v1/cart/add-item');
  });

  for (const actor of ['guest', 'administrator'] as const) {
    test(
      `as ${actor}: no 5xx, WordPress-shaped answers, refusals change nothing`,
      async () => {
        const browser = actor === 'guest' ? guest : admin;
        const routes = [...restRoutes, ...OTHER_ROUTES];
        const route = fc.constantFrom(...routes).chain(([pattern, methods]) =>
          fc.record({
            pattern: fc.constant(pattern),
            method: fc.constantFrom(...(methods.length > 0 ? methods : (['GET'] as Method[]))),
          }),
        );
        const failures: string[] = [];
        await fc.assert(
          fc.asyncProperty(
            route,
            fc.array(param, { minLength: 3, maxLength: 3 }),
            query,
            body,
            headers,
            fc.boolean(),
            async (
              { pattern, method },
              params,
              pairs,
              { contentType, payload },
              extra,
              encodePrefix,
            ) => {
              let i = 0;
              let url = pattern.replace(/\(\?P<\w+>[^)]*\)/g, () => params[i++ % params.length]!);
              if (encodePrefix) url = url.replace('/wp-json/', '/wp-%6Ason/');
              const search = new URLSearchParams(pairs).toString();
              if (search !== '') url += `${url.includes('?') ? '&' : '?'}${search}`;
              const sent: Record<string, string> = {};
              for (const [name, value] of Object.entries(extra)) sent[name] = headerSafe(value);
              if (actor === 'administrator' && !('x-wp-nonce' in extra))
                sent['x-wp-nonce'] = adminNonce;
              if (actor === 'guest' && !('nonce' in extra)) sent.nonce = guestStoreNonce;
              if (contentType !== undefined && contentType !== '')
                sent['content-type'] = contentType;
              const problems: string[] = [];
              const before = await fingerprint(t.db);
              const response = await browser.request({
                method,
                url,
                headers: sent,
                ...(payload === undefined || method === 'GET' ? {} : { payload }),
              });
              const isRest = pattern.startsWith('/wp-json');
              const where = `${method} ${url.slice(0, 120)} [${contentType}] → ${response.statusCode}`;
              // WordPress's one deliberate 5xx: 501 rest_trash_not_supported for a DELETE of an
              // attachment without force=true (media cannot be trashed).
              const wordpress501 =
                response.statusCode === 501 && response.body.includes('"rest_trash_not_supported"');
              if (response.statusCode >= 500 && !wordpress501)
                problems.push(`5xx: ${where} ${response.body.slice(0, 200)}`);
              if (isRest && response.statusCode >= 400 && !isWordPressError(response)) {
                problems.push(`not a WordPress error: ${where} ${response.body.slice(0, 120)}`);
              }
              if (response.statusCode >= 400) {
                const after = await fingerprint(t.db);
                const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
                if (changed.length > 0)
                  problems.push(`refusal changed ${changed.join(', ')}: ${where}`);
              }
              failures.push(...problems);
              return problems.length === 0;
            },
          ),
          settings,
        );
        expect(failures).toEqual([]);
      },
      SOAK ? 900_000 : 120_000,
    );
  }
});
