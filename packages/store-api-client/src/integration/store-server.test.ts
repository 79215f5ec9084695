// The client against the real store server (@cartwright/store-server on in-memory PGlite),
// over real HTTP on loopback. Node's fetch keeps no cookies, so a small cookie jar stands in
// for the browser's; everything else is the production code on both sides.
import type { AddressInfo } from 'node:net';
import { createStore } from '@cartwright/store-server';
import type { AdministratorCredentials, Store } from '@cartwright/store-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { isStoreApiError } from '../errors';
import { mediaUploadMiddleware, uploadMedia } from '../media/index';
import { rejection } from '../test/http-server';

const NONCE_LIFETIME_SECONDS = 120;
let now = Date.parse('2026-11-22T12:00:00Z');
let store: Store;
let origin: string;
let admin: AdministratorCredentials | undefined;

beforeAll(async () => {
  store = await createStore({
    inMemory: true,
    seed: false,
    clock: () => now,
    nonceLifetime: NONCE_LIFETIME_SECONDS,
    onAdministratorCreated: (credentials) => (admin = credentials),
    // The upload and the 5 post-process attempts all fail, so the client must clean up.
    testing: { mediaPostProcessFailures: 6 },
  });
  await store.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(store.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await store.close();
});

/** A browser-like cookie jar around the platform fetch, logging every exchange. */
function browser() {
  const cookies = new Map<string, string>();
  const log: string[] = [];
  const fetchWithCookies: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) {
      headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const url = input instanceof Request ? input.url : input.toString();
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === '') cookies.delete(pair.slice(0, index));
      else cookies.set(pair.slice(0, index), value);
    }
    const override = headers.get('X-HTTP-Method-Override');
    const { pathname, search } = new URL(url);
    log.push(
      `${init.method ?? 'GET'}${override ? `(${override})` : ''} ${pathname}${search} → ${response.status}`,
    );
    return response;
  };
  return { fetch: fetchWithCookies, log };
}

async function loggedInAdmin() {
  const jar = browser();
  if (!admin) throw new Error('the store did not report its administrator');
  const login = await jar.fetch(`${origin}/wp-login.php`, {
    method: 'POST',
    body: new URLSearchParams({ log: admin.login, pwd: admin.password }),
  });
  expect(login.status).toBe(302);
  const nonce = (
    await (await jar.fetch(`${origin}/wp-admin/admin-ajax.php?action=rest-nonce`)).text()
  ).trim();
  const apiFetch = createApiFetch({ root: `${origin}/wp-json/`, nonce, fetch: jar.fetch });
  jar.log.length = 0;
  return { apiFetch, log: jar.log, nonce };
}

describe('against the real store server', () => {
  test('an expired nonce is refreshed once, silently, and the request succeeds', async () => {
    const { apiFetch, log } = await loggedInAdmin();
    const me = await apiFetch<{ id: number; slug: string }>({ path: '/wp/v2/users/me' });
    expect(me.slug).toBe('admin');

    now += 3 * NONCE_LIFETIME_SECONDS * 1000; // past the current and the previous tick
    log.length = 0;
    await expect(apiFetch({ path: '/wp/v2/users/me' })).resolves.toMatchObject({ id: me.id });
    expect(log).toEqual([
      'GET /wp-json/wp/v2/users/me?_locale=user → 403',
      'GET /wp-admin/admin-ajax.php?action=rest-nonce → 200',
      'GET /wp-json/wp/v2/users/me?_locale=user → 200',
    ]);
  });

  test('a media upload whose post-processing keeps failing is retried 5 times, then deleted', async () => {
    const { apiFetch, log } = await loggedInAdmin();
    apiFetch.use(mediaUploadMiddleware);
    // A real 1×1 PNG: the store sniffs the bytes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const error = await rejection(
      uploadMedia(apiFetch, new File([png], 'pixel.png', { type: 'image/png' }), {
        alt_text: 'One pixel',
      }),
    );
    expect(error).toMatchObject({
      name: 'StoreApiError',
      code: 'post_process',
      message:
        'Media upload failed. If this is a photo or a large image, please scale it down and try again.',
      data: { deleted: true },
    });
    const id = (error as { data: { attachmentId: number } }).data.attachmentId;
    expect(log).toEqual([
      'POST /wp-json/wp/v2/media?_locale=user → 500',
      ...Array<string>(5).fill(`POST /wp-json/wp/v2/media/${id}/post-process?_locale=user → 500`),
      `POST(DELETE) /wp-json/wp/v2/media/${id}?force=true&_locale=user → 200`,
    ]);
    const gone = await rejection(apiFetch({ path: `/wp/v2/media/${id}` }));
    expect(isStoreApiError(gone) && gone.response?.status).toBe(404);
  });
});
