import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_INT, cleanText } from '../catalog/product-query';
import { defineArgs } from '../http/args';
import { requestOrigin } from '../http/origin';
import { requestParams } from './cart-http';
import { RestError } from '../http/rest-error';
import {
  MultipartError,
  multipartBoundary,
  parseDisposition,
  parseMultipart,
} from '../media/multipart';
import {
  deleteMedia,
  findMediaById,
  insertUpload,
  markProcessed,
  type MediaRecord,
} from '../media/repository';
import { sniffImage } from '../media/sniff';
import { userCan } from '../users/users';
import { WP_API, type RouteContext } from './context';
import { trimWhere } from '../http/text';

/** Multipart framing on top of the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** `POST /media/{id}/post-process` and `DELETE /media/{id}`, as WordPress declares them. */
const POST_PROCESS_ARGS = defineArgs({
  action: { type: 'string', required: true, enum: ['create-image-subsizes'] },
});
const DELETE_ARGS = defineArgs({ force: { type: 'boolean' } });

function wpDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

/** WordPress's attachment object (`context=edit` adds the raw title and caption). */
export function serializeMedia(item: MediaRecord, origin: string, edit = false) {
  const sourceUrl = `${origin}/wp-content/uploads/${item.path}`;
  const file = item.path.slice(item.path.lastIndexOf('/') + 1);
  const slug = file.replace(/\.[a-z0-9]+$/i, '');
  return {
    id: item.id,
    date: wpDate(item.createdAt),
    date_gmt: wpDate(item.createdAt),
    guid: { rendered: sourceUrl, ...(edit ? { raw: sourceUrl } : {}) },
    modified: wpDate(item.createdAt),
    modified_gmt: wpDate(item.createdAt),
    slug,
    status: 'inherit',
    type: 'attachment',
    link: `${origin}/?attachment_id=${item.id}`,
    title: { rendered: item.name, ...(edit ? { raw: item.name } : {}) },
    author: item.authorId ?? 0,
    comment_status: 'closed',
    ping_status: 'closed',
    template: '',
    meta: [],
    description: { rendered: '', ...(edit ? { raw: '' } : {}) },
    caption: { rendered: '', ...(edit ? { raw: '' } : {}) },
    alt_text: item.alt,
    media_type: 'image',
    mime_type: item.mimeType,
    media_details: {
      width: item.width,
      height: item.height,
      file: item.path,
      filesize: item.filesize,
      // Only the original: the store makes no resized copies. Empty until post-processing ran.
      sizes: item.processed
        ? {
            full: {
              file,
              width: item.width,
              height: item.height,
              mime_type: item.mimeType,
              source_url: sourceUrl,
            },
          }
        : {},
      image_meta: {},
    },
    post: null,
    source_url: sourceUrl,
  };
}

function criticalError(): RestError {
  return new RestError(
    'internal_server_error',
    'There has been a critical error on this website.',
    500,
  );
}

function invalidId(): RestError {
  return new RestError('rest_post_invalid_id', 'Invalid post ID.', 404);
}

function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw invalidId();
  const id = Number(raw);
  if (id < 1 || id > MAX_INT) throw invalidId();
  return id;
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const cleaned = cleanText(value); // as sanitize_text_field
  return cleaned === '' ? undefined : cleaned.slice(0, 200);
}

/** `name.ext` → a safe `name` for the stored file (as sanitize_file_name, ASCII only). */
function fileBase(filename: string): string {
  const base = filename
    .slice(filename.replace(/\\/g, '/').lastIndexOf('/') + 1)
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  const trimmed = trimWhere(base, (char) => char === '-').slice(0, 100);
  return trimmed === '' ? 'image' : trimmed;
}

function uploadsFolder(date: Date): string {
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

interface IncomingFile {
  filename: string;
  data: Buffer;
  fields: Record<string, string>;
}

/** The uploaded file from a multipart form (field `file`) or a raw body with Content-Disposition. */
function incomingFile(request: FastifyRequest): IncomingFile {
  const contentType = request.headers['content-type'];
  const boundary = multipartBoundary(contentType);
  if (boundary !== undefined) {
    if (!Buffer.isBuffer(request.body))
      throw new RestError('rest_upload_no_data', 'No data supplied.', 400);
    let parts;
    try {
      parts = parseMultipart(request.body, boundary);
    } catch (cause) {
      if (!(cause instanceof MultipartError)) throw cause;
      throw new RestError(
        'rest_upload_no_data',
        `No data supplied. ${cause.message}`,
        400,
        {},
        { cause },
      );
    }
    const fields: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const part of parts)
      if (part.filename === undefined) fields[part.name] = part.data.toString('utf8');
    const file =
      parts.find((part) => part.name === 'file' && part.filename !== undefined) ??
      parts.find((part) => part.filename !== undefined);
    if (file === undefined || file.data.length === 0) {
      throw new RestError('rest_upload_no_data', 'No data supplied.', 400);
    }
    return { filename: file.filename ?? 'image', data: file.data, fields };
  }
  if (contentType === undefined || contentType === '') {
    throw new RestError('rest_upload_no_content_type', 'No Content-Type supplied.', 400);
  }
  const disposition = request.headers['content-disposition'];
  if (typeof disposition !== 'string' || disposition === '') {
    throw new RestError(
      'rest_upload_no_content_disposition',
      'No Content-Disposition supplied.',
      400,
    );
  }
  const { filename } = parseDisposition(
    disposition.includes(';') ? disposition : `x; ${disposition}`,
  );
  if (filename === undefined || filename.trim() === '') {
    throw new RestError(
      'rest_upload_invalid_disposition',
      'Invalid Content-Disposition supplied. Content-Disposition needs to be formatted as `attachment; filename="image.png"` or similar.',
      400,
    );
  }
  if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
    throw new RestError('rest_upload_no_data', 'No data supplied.', 400);
  }
  return { filename, data: request.body, fields: Object.create(null) as Record<string, string> };
}

/**
 * `/wp/v2/media`: upload (POST, multipart or raw body), read one (GET), finish post-processing
 * (`POST …/{id}/post-process`) and delete (`DELETE …/{id}?force=true`). Writes need a user who
 * can `upload_files` (administrator, shop manager), authenticated by cookie and `X-WP-Nonce`.
 */
export function registerMediaRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, media: config } = context;

  /** Consumes one simulated post-processing failure, if any are left (testing only). */
  function postProcessFails(): boolean {
    if (config.postProcessFailures.remaining <= 0) return false;
    config.postProcessFailures.remaining -= 1;
    return true;
  }

  /** An onRequest hook: runs before the body is read, so a stranger cannot make us buffer 8 MiB. */
  function requireUploader(code: string, message: string) {
    return (
      request: { auth: FastifyRequest['auth'] },
      _reply: unknown,
      done: (error?: Error) => void,
    ) => {
      const user = request.auth.user;
      done(
        userCan(user, 'upload_files')
          ? undefined
          : new RestError(code, message, user === undefined ? 401 : 403),
      );
    };
  }

  const tooBig = () =>
    new RestError(
      'rest_upload_file_too_big',
      `This file is too big. Files must be less than ${Math.floor(config.maxUploadBytes / 1024)} KB in size.`,
      413,
    );

  void app.register((scope, _options, registered) => {
    // Any body type: a multipart form, or the raw file with Content-Disposition (as WordPress).
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: config.maxUploadBytes + MULTIPART_OVERHEAD },
      (_request, body, done) => done(null, body),
    );

    scope.post(
      `${WP_API}/media`,
      {
        onRequest: requireUploader(
          'rest_cannot_create',
          'Sorry, you are not allowed to upload media on this site.',
        ),
        errorHandler(error: FastifyError, _request, reply: FastifyReply) {
          if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') {
            void reply.send(error); // on to the app's error handler
            return;
          }
          const body = tooBig();
          void reply
            .code(body.status)
            .header('X-Content-Type-Options', 'nosniff')
            .type('application/json; charset=UTF-8')
            .send(body.toJSON());
        },
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const file = incomingFile(request);
        if (file.data.length > config.maxUploadBytes) throw tooBig();
        const image = sniffImage(file.data);
        if (image === undefined) {
          throw new RestError(
            'rest_upload_sideload_error',
            'Sorry, you are not allowed to upload this file type.',
            400,
          );
        }
        const query = request.query as Record<string, unknown>;
        const base = fileBase(file.filename);
        const created = await insertUpload(db, {
          folder: uploadsFolder(new Date(context.auth.config.now())),
          base,
          extension: image.extension,
          name: text(file.fields.title ?? query.title) ?? base,
          alt: text(file.fields.alt_text ?? query.alt_text) ?? '',
          mimeType: image.mimeType,
          width: image.width,
          height: image.height,
          bytes: file.data,
          authorId: request.auth.user!.id,
        });
        const origin = requestOrigin(request, context.siteUrl);
        if (postProcessFails()) {
          // What WordPress answers when making sub-sizes dies: the attachment exists, the client
          // may finish it with post-process or delete it.
          return reply
            .code(500)
            .header('X-WP-Upload-Attachment-Id', String(created.id))
            .header('X-Content-Type-Options', 'nosniff')
            .type('application/json; charset=UTF-8')
            .send(criticalError().toJSON());
        }
        await markProcessed(db, created.id);
        return reply
          .code(201)
          .header('Location', `${origin}/wp-json/wp/v2/media/${created.id}`)
          .send(serializeMedia({ ...created, processed: true }, origin, true));
      },
    );
    registered();
  });

  app.get(`${WP_API}/media/:id`, async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const item = await findMediaById(db, parseId(request.params.id));
    if (item === undefined) throw invalidId();
    return serializeMedia(item, requestOrigin(request, context.siteUrl));
  });

  app.post<{ Params: { id: string } }>(
    `${WP_API}/media/:id/post-process`,
    {
      onRequest: requireUploader(
        'rest_cannot_edit',
        'Sorry, you are not allowed to edit this post.',
      ),
    },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const id = parseId(request.params.id);
      POST_PROCESS_ARGS.read(requestParams(request));
      const item = await findMediaById(db, id);
      if (item === undefined) throw invalidId();
      if (postProcessFails()) {
        throw criticalError();
      }
      await markProcessed(db, id);
      return serializeMedia(
        { ...item, processed: true },
        requestOrigin(request, context.siteUrl),
        true,
      );
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${WP_API}/media/:id`,
    {
      onRequest: requireUploader(
        'rest_cannot_delete',
        'Sorry, you are not allowed to delete this post.',
      ),
    },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const id = parseId(request.params.id);
      const force = DELETE_ARGS.read(requestParams(request)).force ?? false;
      const item = await findMediaById(db, id);
      if (item === undefined) throw invalidId();
      if (!force) {
        throw new RestError(
          'rest_trash_not_supported',
          "The post does not support trashing. Set 'force' to delete.",
          501,
        );
      }
      await deleteMedia(db, id);
      return {
        deleted: true,
        previous: serializeMedia(item, requestOrigin(request, context.siteUrl), true),
      };
    },
  );
}
