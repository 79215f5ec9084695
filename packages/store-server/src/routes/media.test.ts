import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GIF_1X1, jpeg, multipart, png, SVG, WEBP_1X1 } from '../test/images';
import { drivers, type TestStore } from '../test/drivers';
import { Browser } from '../test/session';
import { createUser } from '../users/users';

const MEDIA = '/wp-json/wp/v2/media';
const MAX_UPLOAD = 64 * 1024;

interface WpMedia {
  id: number;
  mime_type: string;
  media_type: string;
  source_url: string;
  title: { rendered: string };
  alt_text: string;
  author: number;
  media_details: {
    width: number;
    height: number;
    file: string;
    filesize: number;
    sizes: Record<string, { source_url: string }>;
  };
}

describe.each(drivers)('media uploads on $name', (driver) => {
  let t: TestStore;
  let admin: Browser;
  let adminNonce: string;

  async function signedIn(login: string, password: string) {
    const browser = new Browser(t.store.app);
    await browser.logIn(login, password);
    return { browser, nonce: await browser.restNonce() };
  }

  beforeAll(async () => {
    t = await driver.open({ maxUploadBytes: MAX_UPLOAD });
    await createUser(t.db, {
      login: 'manager',
      email: 'm@example.com',
      password: 'pw-manager',
      role: 'shop_manager',
    });
    await createUser(t.db, { login: 'shopper', email: 's@example.com', password: 'pw-shopper' });
    ({ browser: admin, nonce: adminNonce } = await signedIn('admin', t.admin.password));
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function uploadForm(
    who: Browser,
    nonce: string | undefined,
    fields: Parameters<typeof multipart>[0],
  ) {
    const { body, contentType } = await multipart(fields);
    return who.request({
      method: 'POST',
      url: MEDIA,
      headers: {
        'content-type': contentType,
        ...(nonce === undefined ? {} : { 'x-wp-nonce': nonce }),
      },
      payload: body,
    });
  }

  test("an administrator uploads a PNG as a multipart form: 201 with WordPress's media object", async () => {
    const image = png(4, 3);
    const response = await uploadForm(admin, adminNonce, {
      file: { data: image, filename: 'Blue Mug.PNG', type: 'image/png' },
      alt_text: 'A blue mug',
    });
    expect(response.statusCode).toBe(201);
    const item = response.json<WpMedia>();
    expect(response.headers.location).toBe(`http://localhost:80${MEDIA}/${item.id}`);
    expect(item).toMatchObject({
      media_type: 'image',
      mime_type: 'image/png',
      title: { rendered: 'blue-mug' },
      alt_text: 'A blue mug',
      media_details: { width: 4, height: 3, filesize: image.length },
    });
    expect(item.source_url).toMatch(
      /^http:\/\/localhost:80\/wp-content\/uploads\/\d{4}\/\d{2}\/blue-mug\.png$/,
    );
    expect(item.media_details.sizes.full!.source_url).toBe(item.source_url);

    const served = await t.store.app.inject(new URL(item.source_url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
  });

  test('the same name twice gets a numbered file, as wp_unique_filename does', async () => {
    const first = await uploadForm(admin, adminNonce, {
      file: { data: png(1, 1), filename: 'twin.png' },
    });
    const second = await uploadForm(admin, adminNonce, {
      file: { data: png(1, 1), filename: 'twin.png' },
    });
    expect(first.json<WpMedia>().source_url).toMatch(/\/twin\.png$/);
    expect(second.json<WpMedia>().source_url).toMatch(/\/twin-1\.png$/);
  });

  test.each([
    ['a JPEG', jpeg(800, 600), 'photo.jpeg', 'image/jpeg', 'photo.jpg', 800],
    ['a GIF', GIF_1X1, 'dot.gif', 'image/gif', 'dot.gif', 1],
    ['a WebP', WEBP_1X1, 'tiny.webp', 'image/webp', 'tiny.webp', 1],
    ['a PNG named .svg', png(2, 2), 'sneaky.svg', 'image/png', 'sneaky.png', 2],
  ])(
    '%s sent as the raw body with Content-Disposition is stored by what its bytes are',
    async (_title, bytes, filename, type, stored, width) => {
      const response = await admin.request({
        method: 'POST',
        url: MEDIA,
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${filename}"`,
          'x-wp-nonce': adminNonce,
        },
        payload: bytes,
      });
      expect(response.statusCode).toBe(201);
      const item = response.json<WpMedia>();
      expect(item.mime_type).toBe(type);
      expect(item.media_details.width).toBe(width);
      expect(item.source_url.endsWith(`/${stored}`)).toBe(true);
    },
  );

  test.each([
    ['an SVG (scripts run in served SVG)', SVG, 'logo.svg'],
    ['HTML renamed to .png', Buffer.from('<html><script>alert(1)</script></html>'), 'x.png'],
  ])('%s is refused: 400 rest_upload_sideload_error', async (_title, data, filename) => {
    const response = await uploadForm(admin, adminNonce, {
      file: { data, filename, type: 'image/png' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'rest_upload_sideload_error',
      message: 'Sorry, you are not allowed to upload this file type.',
      data: { status: 400 },
    });
  });

  test('a file over the size limit is a 413 rest_upload_file_too_big, before it is stored', async () => {
    const big = Buffer.concat([png(1, 1), Buffer.alloc(MAX_UPLOAD + 1)]);
    for (const response of [
      await uploadForm(admin, adminNonce, { file: { data: big, filename: 'big.png' } }),
      await admin.request({
        method: 'POST',
        url: MEDIA,
        headers: {
          'content-type': 'image/png',
          'content-disposition': 'attachment; filename=big.png',
          'x-wp-nonce': adminNonce,
        },
        payload: Buffer.concat([big, Buffer.alloc(MAX_UPLOAD * 2)]),
      }),
    ]) {
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({
        code: 'rest_upload_file_too_big',
        data: { status: 413 },
      });
    }
  });

  test.each([
    [
      'no Content-Disposition',
      { 'content-type': 'image/png' },
      png(1, 1),
      'rest_upload_no_content_disposition',
    ],
    [
      'no file name',
      { 'content-type': 'image/png', 'content-disposition': 'attachment' },
      png(1, 1),
      'rest_upload_invalid_disposition',
    ],
    [
      'an empty body',
      { 'content-type': 'image/png', 'content-disposition': 'attachment; filename=a.png' },
      Buffer.alloc(0),
      'rest_upload_no_data',
    ],
  ])('a raw upload with %s is a 400 %s', async (_title, headers, payload, code) => {
    const response = await admin.request({
      method: 'POST',
      url: MEDIA,
      headers: { ...headers, 'x-wp-nonce': adminNonce },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code });
  });

  test('a multipart form without a file is a 400 rest_upload_no_data', async () => {
    const response = await uploadForm(admin, adminNonce, { title: 'no file' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'rest_upload_no_data' });
  });

  test('only users who can upload_files may: guests 401, customers 403, shop managers 201', async () => {
    const file = { file: { data: png(1, 1), filename: 'p.png' } };
    const guest = await uploadForm(new Browser(t.store.app), undefined, file);
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({
      code: 'rest_cannot_create',
      message: 'Sorry, you are not allowed to upload media on this site.',
      data: { status: 401 },
    });
    const shopper = await signedIn('shopper', 'pw-shopper');
    expect((await uploadForm(shopper.browser, shopper.nonce, file)).statusCode).toBe(403);
    const manager = await signedIn('manager', 'pw-manager');
    expect((await uploadForm(manager.browser, manager.nonce, file)).statusCode).toBe(201);
    // An administrator's cookie without X-WP-Nonce is not enough (CSRF), as in WordPress.
    expect((await uploadForm(admin, undefined, file)).statusCode).toBe(401);
  });

  test('DELETE needs force=true (501 otherwise); then the item and its file are gone', async () => {
    const item = (
      await uploadForm(admin, adminNonce, { file: { data: png(1, 1), filename: 'gone.png' } })
    ).json<WpMedia>();
    const noForce = await admin.request({
      method: 'DELETE',
      url: `${MEDIA}/${item.id}`,
      headers: { 'x-wp-nonce': adminNonce },
    });
    expect(noForce.statusCode).toBe(501);
    expect(noForce.json()).toMatchObject({ code: 'rest_trash_not_supported' });

    const shopper = await signedIn('shopper', 'pw-shopper');
    const forbidden = await shopper.browser.request({
      method: 'DELETE',
      url: `${MEDIA}/${item.id}?force=true`,
      headers: { 'x-wp-nonce': shopper.nonce },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'rest_cannot_delete' });

    const deleted = await admin.request({
      method: 'DELETE',
      url: `${MEDIA}/${item.id}?force=true`,
      headers: { 'x-wp-nonce': adminNonce },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, previous: { id: item.id } });
    expect((await t.store.app.inject(`${MEDIA}/${item.id}`)).json()).toEqual({
      code: 'rest_post_invalid_id',
      message: 'Invalid post ID.',
      data: { status: 404 },
    });
    expect((await t.store.app.inject(new URL(item.source_url).pathname)).statusCode).toBe(404);
  });

  test.each([
    [{ action: 'resize' }, 400, 'rest_invalid_param'],
    [{}, 400, 'rest_missing_callback_param'],
  ])('post-process with %j is a %i %s', async (body, status, code) => {
    const item = (
      await uploadForm(admin, adminNonce, { file: { data: png(1, 1), filename: 'pp.png' } })
    ).json<WpMedia>();
    const response = await admin.request({
      method: 'POST',
      url: `${MEDIA}/${item.id}/post-process`,
      headers: { 'x-wp-nonce': adminNonce, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code });
  });

  test('post-process on an unknown id is a 404 rest_post_invalid_id', async () => {
    const response = await admin.request({
      method: 'POST',
      url: `${MEDIA}/999999/post-process`,
      headers: { 'x-wp-nonce': adminNonce, 'content-type': 'application/json' },
      payload: '{"action":"create-image-subsizes"}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'rest_post_invalid_id' });
  });
});

describe.each(drivers)(
  'failing media post-processing (testing switch) on $name, over real HTTP',
  (driver) => {
    let t: TestStore;
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      t = await driver.open({ testing: { mediaPostProcessFailures: 3 } });
      server = createServer(t.store.handle);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve));
      await t?.cleanup();
    });

    test('an upload answers 500 with X-WP-Upload-Attachment-Id, post-process fails as often as told, then succeeds', async () => {
      const browser = new Browser(t.store.app);
      await browser.logIn('admin', t.admin.password);
      const nonce = await browser.restNonce();
      const headers = { cookie: browser.cookieHeader(), 'x-wp-nonce': nonce };

      const form = new FormData();
      form.append('file', new Blob([png(2, 2)], { type: 'image/png' }), 'slow.png');
      const upload = await fetch(`${origin}${MEDIA}`, { method: 'POST', headers, body: form });
      expect(upload.status).toBe(500);
      const id = upload.headers.get('x-wp-upload-attachment-id');
      expect(id).toMatch(/^\d+$/);
      expect(await upload.json()).toMatchObject({
        code: 'internal_server_error',
        data: { status: 500 },
      });

      const unfinished = (await (await fetch(`${origin}${MEDIA}/${id}`)).json()) as WpMedia;
      expect(unfinished.media_details.sizes).toEqual({});

      const postProcess = () =>
        fetch(`${origin}${MEDIA}/${id}/post-process`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'create-image-subsizes' }),
        });
      expect((await postProcess()).status).toBe(500);
      expect((await postProcess()).status).toBe(500);
      const done = await postProcess();
      expect(done.status).toBe(200);
      expect(((await done.json()) as WpMedia).media_details.sizes.full).toBeDefined();

      // The client's clean-up path: DELETE sent as POST with X-HTTP-Method-Override.
      const removed = await fetch(`${origin}${MEDIA}/${id}?force=true`, {
        method: 'POST',
        headers: {
          ...headers,
          'x-http-method-override': 'DELETE',
          'content-type': 'application/json',
        },
        body: '{}',
      });
      expect(removed.status).toBe(200);
      expect(await removed.json()).toMatchObject({ deleted: true });
      expect((await fetch(`${origin}${MEDIA}/${id}`)).status).toBe(404);
    });
  },
);
