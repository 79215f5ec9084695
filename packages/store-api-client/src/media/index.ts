import { StoreApiError, isStoreApiError } from '../errors';
import { isAbort, parseJsonResponse } from '../response';
import type { ApiFetch, ApiFetchMiddleware, ApiFetchNext, ApiFetchOptions } from '../types';

/** The spec's message for a failed post-processing (§8). */
export const POST_PROCESS_MESSAGE =
  'Media upload failed. If this is a photo or a large image, please scale it down and try again.';

/** How many times post-processing is tried before the upload is deleted (WordPress: 5). */
export const POST_PROCESS_ATTEMPTS = 5;

const MEDIA_UPLOAD = /\/wp\/v2\/media\/?(?:[?&#]|$)/;

/** What the `data` of a `post_process` error holds. */
export interface PostProcessErrorData {
  /** The attachment the server created and this client then deleted. */
  attachmentId: number;
  /** Whether the `DELETE …?force=true` succeeded. */
  deleted: boolean;
}

/**
 * Runs an upload through `send` and, when it fails with a 5xx that carries
 * `x-wp-upload-attachment-id`, asks for post-processing up to 5 times; if all
 * fail, deletes the attachment and rejects with `post_process` (spec §7).
 */
async function uploadWithRecovery(options: ApiFetchOptions, send: ApiFetchNext): Promise<unknown> {
  const { parse = true, signal } = options;
  const finish = async (response: Response) =>
    parse ? parseJsonResponse(response, signal) : response;
  try {
    return await finish((await send({ ...options, parse: false })) as Response);
  } catch (error) {
    const response = isStoreApiError(error) ? error.response : undefined;
    const id = response?.headers.get('x-wp-upload-attachment-id') ?? '';
    if (
      !response ||
      (error as StoreApiError).code === 'post_process' ||
      response.status < 500 ||
      response.status > 599 ||
      !/^\d+$/.test(id)
    ) {
      throw error;
    }
    let last: unknown = error;
    for (let attempt = 0; attempt < POST_PROCESS_ATTEMPTS; attempt++) {
      try {
        return await finish(
          (await send({
            path: `/wp/v2/media/${id}/post-process`,
            method: 'POST',
            data: { action: 'create-image-subsizes' },
            parse: false,
            ...(signal ? { signal } : {}),
          })) as Response,
        );
      } catch (failure) {
        if (isAbort(failure, signal)) throw failure;
        last = failure;
      }
    }
    // WordPress fires the DELETE and forgets it; awaiting it lets the error say whether it worked.
    const deleted = await send({ path: `/wp/v2/media/${id}?force=true`, method: 'DELETE' }).then(
      () => true,
      () => false,
    );
    const data: PostProcessErrorData = { attachmentId: Number(id), deleted };
    throw new StoreApiError(POST_PROCESS_MESSAGE, {
      code: 'post_process',
      data,
      response,
      cause: last,
    });
  }
}

/**
 * The media upload middleware, as in WordPress (`@wordpress/api-fetch`'s
 * `mediaUploadMiddleware`): a `POST` to `/wp/v2/media` that fails with a 5xx
 * and an `x-wp-upload-attachment-id` header gets `POST
 * /wp/v2/media/{id}/post-process` `{action: "create-image-subsizes"}` up to 5
 * times; if every attempt fails the attachment is deleted (`DELETE
 * /wp/v2/media/{id}?force=true`) and the request rejects with `post_process`
 * (spec §7, §8). Register it with `use()`; it then runs before the nonce and
 * root URL middlewares, exactly where WordPress puts it.
 *
 * @example
 * const apiFetch = createApiFetch({ root: '/wp-json/', nonce });
 * apiFetch.use(mediaUploadMiddleware);
 * const media = await apiFetch({ path: '/wp/v2/media', method: 'POST', body: formData });
 */
export const mediaUploadMiddleware: ApiFetchMiddleware = (options, next) =>
  options.method?.toUpperCase() === 'POST' && MEDIA_UPLOAD.test(options.path ?? options.url ?? '')
    ? uploadWithRecovery(options, next)
    : next(options);

/** Fields WordPress accepts with an upload, besides the file. */
export interface MediaFields {
  /** Attachment title. */
  title?: string;
  /** Caption. */
  caption?: string;
  /** Alternative text. */
  alt_text?: string;
  /** Description. */
  description?: string;
  /** The post the attachment belongs to. */
  post?: number;
}

/** The attachment WordPress answers with (the fields most callers use). */
export interface WpMedia {
  /** Attachment id. */
  id: number;
  /** Full-size file URL. */
  source_url: string;
  /** MIME type, e.g. `'image/jpeg'`. */
  mime_type: string;
  /** Alternative text. */
  alt_text: string;
  /** Sizes, dimensions and file name. */
  media_details: Record<string, unknown>;
  /** Anything else WordPress sends. */
  [field: string]: unknown;
}

/**
 * Uploads one file to `/wp/v2/media` as multipart form data, with the same
 * post-process retries and cleanup as {@link mediaUploadMiddleware} (it works
 * with or without that middleware registered).
 *
 * @param file - The image (a `File`, or a `Blob` with `filename`).
 * @param fields - Title, caption, alt text…
 * @param init - `filename` for a Blob, and a `signal`.
 * @throws {StoreApiError} `post_process` after 5 failed post-processing
 * attempts (the upload is deleted), `invalid_request` for something that is
 * not a Blob, the server's error (e.g. `rest_upload_unknown_error`), or a
 * client code from {@link createApiFetch}.
 * @example
 * const media = await uploadMedia(apiFetch, input.files[0], { alt_text: 'A red beanie' });
 */
export async function uploadMedia(
  apiFetch: ApiFetch,
  file: Blob,
  fields: MediaFields = {},
  init: { filename?: string; signal?: AbortSignal } = {},
): Promise<WpMedia> {
  if (!(file instanceof Blob)) {
    throw new StoreApiError('uploadMedia() needs a File or Blob.', { code: 'invalid_request' });
  }
  const form = new FormData();
  const name = init.filename ?? (file as File).name;
  form.append('file', file, typeof name === 'string' && name ? name : 'upload');
  for (const [field, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(field, String(value));
  }
  return (await uploadWithRecovery(
    {
      path: '/wp/v2/media',
      method: 'POST',
      body: form,
      ...(init.signal ? { signal: init.signal } : {}),
    },
    (options) => apiFetch(options),
  )) as WpMedia;
}
