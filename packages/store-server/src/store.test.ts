import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { StoreApiProduct } from './catalog/serialize';
import { isStoreServerError, StoreServerError } from './errors';
import { createStore, type AdministratorCredentials, type Store } from './index';
import { DEMO_PRODUCTS } from './seed/catalog';
import { DEMO_VARIABLE_PRODUCTS } from './seed/variations';
import { drivers } from './test/drivers';

const PRODUCTS = '/wp-json/wc/store/v1/products';
const TOTAL =
  DEMO_PRODUCTS.filter((product) => product.status !== 'draft').length +
  DEMO_VARIABLE_PRODUCTS.length;

describe('an on-disk PGlite data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cw-store-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('keeps its data across close and reopen, and is not seeded twice', async () => {
    const dataDir = path.join(dir, 'nested', 'data');
    const reported: AdministratorCredentials[] = [];
    const onAdministratorCreated = (credentials: AdministratorCredentials) =>
      void reported.push(credentials);
    const first = await createStore({
      dataDir,
      siteUrl: 'http://shop.test',
      onAdministratorCreated,
    });
    expect(first.driver).toBe('pglite');
    expect(first.seeded).toBe(true);
    const before = await first.app.inject(`${PRODUCTS}?per_page=100&orderby=id&order=asc`);
    // A guest's nonce and session, to use again after the restart.
    const nonceResponse = await first.app.inject('/wp-admin/admin-ajax.php?action=rest-nonce');
    const cookie = String(nonceResponse.headers['set-cookie']).split(';')[0]!;
    await first.close();

    const second = await createStore({
      dataDir,
      siteUrl: 'http://shop.test',
      onAdministratorCreated,
    });
    try {
      expect(second.seeded).toBe(false);
      const after = await second.app.inject(`${PRODUCTS}?per_page=100&orderby=id&order=asc`);
      expect(after.headers['x-wp-total']).toBe(String(TOTAL));
      expect(after.body).toBe(before.body);
      // The administrator was made, and its password shown, once only.
      expect(reported).toHaveLength(1);
      // The secret and the session survived the restart: the nonce still verifies.
      const again = await second.app.inject({
        url: PRODUCTS,
        headers: { cookie, 'x-wp-nonce': nonceResponse.body },
      });
      expect(again.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('createStore options', () => {
  test.each([
    [{ dataDir: '  ' }, 'dataDir must be a non-empty path.'],
    [{ databaseUrl: '' }, 'databaseUrl must be a non-empty PostgreSQL URL.'],
    [
      { inMemory: true, databaseUrl: 'postgres://localhost/x' },
      'inMemory and databaseUrl cannot be combined.',
    ],
    [{ siteUrl: 'shop.example.com' }, 'siteUrl must be an absolute http(s) URL'],
    [{ siteUrl: 'ftp://shop.example.com' }, 'siteUrl must be an absolute http(s) URL'],
    [{ siteUrl: 'https://shop.example.com/?x=1' }, 'siteUrl must be an absolute http(s) URL'],
    [{ trustProxy: 1 as unknown as boolean }, 'trustProxy must be a boolean'],
    [{ nonceLifetime: 0 }, 'nonceLifetime must be a whole number of at least 2, got 0.'],
    [{ sessionLifetime: 60 }, 'sessionLifetime must be a whole number of at least 7200'],
    [{ maxUploadBytes: 1.5 }, 'maxUploadBytes must be a whole number of at least 1'],
    [{ testing: { mediaPostProcessFailures: -1 } }, 'testing.mediaPostProcessFailures must be'],
    [{ clock: 5 as unknown as () => number }, 'clock must be a function.'],
    [{ siteName: 1 as unknown as string }, 'siteName must be a string.'],
    [
      { analyticsFeatures: { proxy: 'yes' as unknown as boolean } },
      'analyticsFeatures takes ch, sessionTracking and proxy as booleans, got "proxy": "yes".',
    ],
    [
      { analyticsFeatures: { tracking: true } as unknown as { proxy: boolean } },
      'analyticsFeatures takes ch, sessionTracking and proxy as booleans, got "tracking": true.',
    ],
  ])('rejects %j with invalid_option', async (options, message) => {
    const error: unknown = await createStore(options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreServerError);
    expect(isStoreServerError(error)).toBe(true);
    expect((error as StoreServerError).code).toBe('invalid_option');
    expect((error as StoreServerError).message).toContain(message);
  });

  test('analyticsFeatures reach the settings route as the page’s wcAnalytics.features; proxy on by default', async () => {
    const plain = await createStore({ inMemory: true });
    const flagged = await createStore({
      inMemory: true,
      analyticsFeatures: { sessionTracking: true, proxy: false },
    });
    try {
      const featuresOf = async (store: Store) =>
        (await store.app.inject('/wp-json/cartwright/v1/settings')).json<{
          analytics_features: unknown;
        }>().analytics_features;
      expect(await featuresOf(plain)).toEqual({ ch: false, sessionTracking: false, proxy: true });
      expect(await featuresOf(flagged)).toEqual({ ch: false, sessionTracking: true, proxy: false });
    } finally {
      await plain.close();
      await flagged.close();
    }
  });

  test('an unreachable PostgreSQL is database_unavailable, with the cause attached and no password shown', async () => {
    const error: unknown = await createStore({
      databaseUrl: 'postgres://user:secret@127.0.0.1:1/none',
    }).catch((caught: unknown) => caught);
    expect(isStoreServerError(error)).toBe(true);
    expect((error as StoreServerError).code).toBe('database_unavailable');
    expect((error as StoreServerError).message).not.toContain('secret');
    expect((error as StoreServerError).cause).toBeInstanceOf(Error);
  });

  test('isStoreServerError recognises the error across realms by name and rejects look-alikes', () => {
    const foreign = Object.assign(new Error('x'), {
      name: 'StoreServerError',
      code: 'seed_failed',
    });
    expect(isStoreServerError(foreign)).toBe(true);
    expect(isStoreServerError({ name: 'StoreServerError', code: 'seed_failed' })).toBe(false);
    expect(isStoreServerError(new Error('x'))).toBe(false);
  });
});

describe('an in-memory store', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createStore({ inMemory: true, seed: false, trustProxy: true });
  });
  afterAll(async () => {
    await store?.close();
  });

  test('with seed: false starts with an empty catalogue', async () => {
    const response = await store.app.inject(PRODUCTS);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-wp-total']).toBe('0');
    expect(response.headers['x-wp-totalpages']).toBe('0');
    expect(store.seeded).toBe(false);
  });

  test('with trustProxy, links follow X-Forwarded-Proto and X-Forwarded-Host', async () => {
    const response = await store.app.inject({
      url: `${PRODUCTS}?page=2`,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' },
    });
    expect(response.headers.link).toBe(`<https://shop.example.com${PRODUCTS}?page=1>; rel="prev"`);
  });

  test('with trustProxy set to loopback, only proxies on 127.0.0.1 are believed', async () => {
    const local = await createStore({ inMemory: true, seed: false, trustProxy: 'loopback' });
    try {
      const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example.com' };
      const viaLoopback = await local.app.inject({
        url: `${PRODUCTS}?page=2`,
        headers,
        remoteAddress: '127.0.0.1',
      });
      expect(viaLoopback.headers.link).toBe(
        `<https://shop.example.com${PRODUCTS}?page=1>; rel="prev"`,
      );
      const direct = await local.app.inject({
        url: `${PRODUCTS}?page=2`,
        headers: { ...headers, host: 'store.internal:8080' },
        remoteAddress: '203.0.113.9',
      });
      expect(direct.headers.link).toBe(
        `<http://store.internal:8080${PRODUCTS}?page=1>; rel="prev"`,
      );
    } finally {
      await local.close();
    }
  });

  test('a Host header that is not a host name is not echoed into URLs', async () => {
    const response = await store.app.inject({
      url: `${PRODUCTS}?page=2`,
      headers: { host: 'evil.test/<script>' },
    });
    expect(response.headers.link).toBe(`<http://localhost${PRODUCTS}?page=1>; rel="prev"`);
  });

  test('close can be called twice', async () => {
    const other = await createStore({ inMemory: true, seed: false });
    await other.close();
    await expect(other.close()).resolves.toBeUndefined();
  });
});

describe('the demo shop', () => {
  test('is identical on every driver and every install, apart from the origin', async () => {
    const bodies: string[] = [];
    for (const driver of [...drivers, drivers[0]!]) {
      const t = await driver.open({ siteUrl: 'https://shop.example.com/' });
      try {
        const response = await t.store.app.inject(`${PRODUCTS}?per_page=100&orderby=id&order=asc`);
        const items = response.json<StoreApiProduct[]>();
        expect(items[0]!.permalink).toMatch(
          /^https:\/\/shop\.example\.com\/product\/[a-z0-9-]+\/$/,
        );
        bodies.push(response.body);
        const image = await t.store.app.inject(new URL(items[0]!.images[0]!.src).pathname);
        bodies.push(image.body);
      } finally {
        await t.cleanup();
      }
    }
    expect(new Set(bodies.filter((_, index) => index % 2 === 0)).size).toBe(1);
    expect(new Set(bodies.filter((_, index) => index % 2 === 1)).size).toBe(1);
  });
});

describe.each(drivers.filter((driver) => driver.freshDatabaseUrl !== undefined))(
  'several servers on one $name database',
  (driver) => {
    test('start at the same time without racing: migrated once, seeded once', async () => {
      const database = await driver.freshDatabaseUrl!();
      try {
        const stores = await Promise.all([
          createStore({ databaseUrl: database.url }),
          createStore({ databaseUrl: database.url }),
          createStore({ databaseUrl: database.url }),
        ]);
        try {
          expect(stores.filter((store) => store.seeded)).toHaveLength(1);
          const response = await stores[2].app.inject(PRODUCTS);
          expect(response.headers['x-wp-total']).toBe(String(TOTAL));
        } finally {
          await Promise.all(stores.map((store) => store.close()));
        }
      } finally {
        await database.drop();
      }
    });
  },
);
