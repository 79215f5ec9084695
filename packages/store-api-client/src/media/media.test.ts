import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createApiFetch } from '../api-fetch';
import { json, startServer } from '../test/http-server';
import type { TestServer } from '../test/http-server';
import { POST_PROCESS_MESSAGE, mediaUploadMiddleware, uploadMedia } from './index';

let store: TestServer;
beforeAll(async () => {
  store = await startServer();
});
afterEach(() => store.reset());
afterAll(() => store.close());

const attachment = { id: 42, source_url: 'https://shop.example/wp-content/uploads/a.jpg' };

/** A media route whose upload fails post-processing, and whose post-process succeeds on attempt `okOn` (0: never). */
function failingUploads(okOn: number) {
  let attempts = 0;
  store.respond((request, response) => {
    if (request.url.startsWith('/wp-json/wp/v2/media?')) {
      return json(
        500,
        { code: 'rest_upload_sideload_error', message: 'Sub-sizes failed.' },
        {
          'x-wp-upload-attachment-id': '42',
        },
      )(request, response);
    }
    if (request.url.includes('/post-process')) {
      attempts += 1;
      return attempts === okOn
        ? json(200, attachment)(request, response)
        : json(500, { code: 'rest_upload_unknown_error', message: 'Again.' })(request, response);
    }
    json(200, { deleted: true })(request, response);
  });
}
const calls = () => store.requests.map((request) => `${request.method} ${request.url}`);
const withMiddleware = () => {
  const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/`, nonce: 'n' });
  apiFetch.use(mediaUploadMiddleware);
  return apiFetch;
};
const UPLOAD = 'POST /wp-json/wp/v2/media?_locale=user';
const POST_PROCESS = 'POST /wp-json/wp/v2/media/42/post-process?_locale=user';
const DELETE = 'POST /wp-json/wp/v2/media/42?force=true&_locale=user';

describe('mediaUploadMiddleware', () => {
  test('after 5 failed post-process attempts it deletes the upload and rejects with post_process', async () => {
    failingUploads(0);
    const error = await withMiddleware()({
      path: '/wp/v2/media',
      method: 'POST',
      body: 'bytes',
    }).catch((reason: unknown) => reason);
    expect(error).toMatchObject({
      name: 'StoreApiError',
      code: 'post_process',
      message: POST_PROCESS_MESSAGE,
      data: { attachmentId: 42, deleted: true },
    });
    expect(calls()).toEqual([UPLOAD, ...Array<string>(5).fill(POST_PROCESS), DELETE]);
    const [, firstAttempt] = store.requests;
    expect(JSON.parse(firstAttempt?.body ?? '')).toEqual({ action: 'create-image-subsizes' });
    expect(firstAttempt?.headers['x-wp-nonce']).toBe('n');
    expect(store.requests.at(-1)?.headers['x-http-method-override']).toBe('DELETE');
  });

  test('resolves with the attachment when a post-process attempt succeeds', async () => {
    failingUploads(3);
    await expect(
      withMiddleware()({ path: '/wp/v2/media', method: 'POST', body: 'bytes' }),
    ).resolves.toEqual(attachment);
    expect(calls()).toEqual([UPLOAD, POST_PROCESS, POST_PROCESS, POST_PROCESS]);
  });

  test.each([
    ['a 4xx', 413, { 'x-wp-upload-attachment-id': '42' }],
    ['a 5xx without the attachment header', 500, {}],
    ['a 5xx with a non-numeric attachment id', 500, { 'x-wp-upload-attachment-id': '../42' }],
  ])('passes %s through with no post-processing', async (_title, status, headers) => {
    store.respond(json(status, { code: 'rest_upload_error', message: 'No.' }, headers));
    await expect(
      withMiddleware()({ path: '/wp/v2/media', method: 'POST', body: 'x' }),
    ).rejects.toMatchObject({ code: 'rest_upload_error' });
    expect(store.requests).toHaveLength(1);
  });

  test('leaves other requests alone, including media GETs and the post-process route itself', async () => {
    store.respond(json(500, { code: 'boom', message: 'x' }, { 'x-wp-upload-attachment-id': '42' }));
    const apiFetch = withMiddleware();
    await expect(apiFetch({ path: '/wp/v2/media' })).rejects.toMatchObject({ code: 'boom' });
    await expect(
      apiFetch({ path: '/wp/v2/media/42/post-process', method: 'POST', data: {} }),
    ).rejects.toMatchObject({ code: 'boom' });
    expect(store.requests).toHaveLength(2);
  });
});

describe('uploadMedia', () => {
  test('uploads the file as multipart form data with its fields', async () => {
    store.respond(json(201, attachment));
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    const file = new File(['GIF89a'], 'pixel.gif', { type: 'image/gif' });
    await expect(uploadMedia(apiFetch, file, { alt_text: 'A pixel', post: 7 })).resolves.toEqual(
      attachment,
    );
    const [request] = store.requests;
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('filename="pixel.gif"');
    expect(request?.body).toContain('A pixel');
  });

  test('retries post-processing and cleans up by itself, and exactly once with the middleware too', async () => {
    failingUploads(0);
    const plain = createApiFetch({ root: `${store.origin}/wp-json/` });
    const blob = new Blob(['x'], { type: 'image/png' });
    await expect(uploadMedia(plain, blob, {}, { filename: 'a.png' })).rejects.toMatchObject({
      code: 'post_process',
    });
    expect(calls()).toEqual([UPLOAD, ...Array<string>(5).fill(POST_PROCESS), DELETE]);
    store.requests.length = 0;
    failingUploads(0);
    await expect(uploadMedia(withMiddleware(), blob)).rejects.toMatchObject({
      code: 'post_process',
    });
    expect(calls()).toEqual([UPLOAD, ...Array<string>(5).fill(POST_PROCESS), DELETE]);
  });

  test('refuses something that is not a Blob', async () => {
    const apiFetch = createApiFetch({ root: `${store.origin}/wp-json/` });
    await expect(uploadMedia(apiFetch, 'a.png' as unknown as Blob)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(store.requests).toHaveLength(0);
  });
});
