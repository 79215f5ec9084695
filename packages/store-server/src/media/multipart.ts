/** One part of a `multipart/form-data` body. */
export interface FormPart {
  /** The form field name. */
  name: string;
  /** The file name, for file fields. */
  filename: string | undefined;
  /** The part's declared Content-Type, if any. */
  contentType: string | undefined;
  data: Buffer;
}

/** Why a multipart body could not be read. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError' as const;
}

const MAX_PARTS = 50;

/** The `boundary` parameter of a multipart Content-Type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !/^multipart\/form-data\s*;/i.test(contentType))
    return undefined;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Reads a `Content-Disposition` value (`attachment; filename="a.png"`, RFC 5987 `filename*=`
 * included), returning its `name` and `filename` parameters.
 */
export function parseDisposition(value: string): { name?: string; filename?: string } {
  const out: { name?: string; filename?: string } = {};
  const pattern = /;\s*([A-Za-z*]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  let extended: string | undefined;
  for (const match of value.matchAll(pattern)) {
    const key = match[1]!.toLowerCase();
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!.trim();
    if (key === 'name') out.name = raw;
    else if (key === 'filename') out.filename = raw;
    else if (key === 'filename*') {
      const star = /^[\w-]+'[^']*'(.*)$/.exec(raw);
      if (star !== null) {
        try {
          extended = decodeURIComponent(star[1]!);
        } catch {
          // An undecodable extended name is ignored; the plain one (if any) stays.
        }
      }
    }
  }
  if (extended !== undefined) out.filename = extended;
  return out;
}

/** Splits a buffered `multipart/form-data` body into its parts. */
export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  const separator = Buffer.from(`\r\n--${boundary}`, 'latin1');
  const parts: FormPart[] = [];
  let position = body.indexOf(delimiter);
  if (position === -1) throw new MultipartError('The multipart body has no boundary.');
  position += delimiter.length;
  for (;;) {
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return parts; // "--": the end
    if (body[position] !== 0x0d || body[position + 1] !== 0x0a) {
      throw new MultipartError('The multipart body is malformed.');
    }
    position += 2;
    const headerEnd = body.indexOf('\r\n\r\n', position, 'latin1');
    if (headerEnd === -1) throw new MultipartError('A multipart part has no end of headers.');
    const headers = new Map<string, string>();
    for (const line of body.toString('utf8', position, headerEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const start = headerEnd + 4;
    const end = body.indexOf(separator, start);
    if (end === -1) throw new MultipartError('The multipart body ends before its last boundary.');
    const disposition = parseDisposition(headers.get('content-disposition') ?? '');
    if (disposition.name !== undefined) {
      parts.push({
        name: disposition.name,
        filename: disposition.filename,
        contentType: headers.get('content-type'),
        data: body.subarray(start, end),
      });
    }
    if (parts.length > MAX_PARTS)
      throw new MultipartError('The multipart body has too many parts.');
    position = end + separator.length;
  }
}
