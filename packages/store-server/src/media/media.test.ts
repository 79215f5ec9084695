import { describe, expect, test } from 'vitest';
import { GIF_1X1, jpeg, multipart, png, SVG, WEBP_1X1 } from '../test/images';
import { multipartBoundary, parseDisposition, parseMultipart } from './multipart';
import { sniffImage } from './sniff';

describe('sniffImage', () => {
  test.each([
    ['a PNG', png(3, 2), { mimeType: 'image/png', extension: 'png', width: 3, height: 2 }],
    [
      'a JPEG',
      jpeg(640, 480),
      { mimeType: 'image/jpeg', extension: 'jpg', width: 640, height: 480 },
    ],
    ['a GIF', GIF_1X1, { mimeType: 'image/gif', extension: 'gif', width: 1, height: 1 }],
    [
      'a lossless WebP',
      WEBP_1X1,
      { mimeType: 'image/webp', extension: 'webp', width: 1, height: 1 },
    ],
  ])('identifies %s from its bytes with its dimensions', (_title, bytes, expected) => {
    expect(sniffImage(bytes)).toEqual(expected);
  });

  test.each([
    ['an SVG', SVG],
    ['an SVG with a PNG-like name is still SVG bytes', Buffer.from('<?xml version="1.0"?><svg/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a PNG signature with a truncated header', png(1, 1).subarray(0, 16)],
    ['a JPEG start with no frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    [
      'a zero-sized PNG',
      (() => {
        const b = png(1, 1);
        b.writeUInt32BE(0, 16);
        return b;
      })(),
    ],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_title, bytes) => {
    expect(sniffImage(bytes)).toBeUndefined();
  });
});

describe('multipart bodies', () => {
  test('are split into fields and files, bytes intact', async () => {
    const image = png(2, 2);
    const { body, contentType } = await multipart({
      title: 'Café',
      file: { data: image, filename: 'mug photo.png', type: 'image/png' },
    });
    const boundary = multipartBoundary(contentType);
    expect(boundary).toBeDefined();
    const parts = parseMultipart(body, boundary!);
    expect(parts.map((part) => [part.name, part.filename])).toEqual([
      ['title', undefined],
      ['file', 'mug photo.png'],
    ]);
    expect(parts[0]!.data.toString()).toBe('Café');
    expect(parts[1]!.data.equals(image)).toBe(true);
  });

  test('a body cut short is an error, not a partial file', async () => {
    const { body, contentType } = await multipart({ file: { data: png(2, 2), filename: 'a.png' } });
    expect(() =>
      parseMultipart(body.subarray(0, body.length - 20), multipartBoundary(contentType)!),
    ).toThrow('The multipart body ends before its last boundary.');
  });

  test('Content-Disposition file names are read plain, quoted and RFC 5987-encoded', () => {
    expect(parseDisposition('attachment; filename=a.png')).toEqual({ filename: 'a.png' });
    expect(parseDisposition('attachment; filename="a \\"b\\".png"')).toEqual({
      filename: 'a "b".png',
    });
    expect(
      parseDisposition('attachment; filename="x.png"; filename*=UTF-8\'\'caf%C3%A9.png'),
    ).toEqual({
      filename: 'café.png',
    });
    expect(multipartBoundary('application/json')).toBeUndefined();
  });
});
