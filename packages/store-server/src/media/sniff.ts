/** The image types `/wp/v2/media` accepts, by what the bytes are (never by name or header). */
export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** What {@link sniffImage} found. */
export interface SniffedImage {
  mimeType: ImageType;
  extension: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const MAX_SIDE = 65_535;

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('latin1', start, end);
}

function result(
  mimeType: ImageType,
  extension: SniffedImage['extension'],
  width: number,
  height: number,
): SniffedImage | undefined {
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  return { mimeType, extension, width, height };
}

function png(bytes: Buffer): SniffedImage | undefined {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return undefined;
  return result('image/png', 'png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

function gif(bytes: Buffer): SniffedImage | undefined {
  if (bytes.length < 10) return undefined;
  return result('image/gif', 'gif', bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

function webp(bytes: Buffer): SniffedImage | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return undefined;
    return result(
      'image/webp',
      'webp',
      bytes.readUInt16LE(26) & 0x3fff,
      bytes.readUInt16LE(28) & 0x3fff,
    );
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return undefined;
    const [b1, b2, b3, b4] = [bytes[21]!, bytes[22]!, bytes[23]!, bytes[24]!];
    const width = 1 + (b1 | ((b2 & 0x3f) << 8));
    const height = 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10));
    return result('image/webp', 'webp', width, height);
  }
  if (chunk === 'VP8X') {
    return result('image/webp', 'webp', 1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3));
  }
  return undefined;
}

/** Start-of-frame markers carry the dimensions (all SOFn except DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Buffer): SniffedImage | undefined {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end or scan before any frame
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    if (SOF.has(marker)) {
      if (offset + 9 > bytes.length) return undefined;
      return result(
        'image/jpeg',
        'jpg',
        bytes.readUInt16BE(offset + 7),
        bytes.readUInt16BE(offset + 5),
      );
    }
    offset += 2 + length;
  }
  return undefined;
}

/**
 * Identifies a PNG, JPEG, GIF or WebP image from its bytes and reads its dimensions. Anything else
 * — SVG (a script risk once served), HTML, a renamed executable, a truncated header — is
 * `undefined`.
 */
export function sniffImage(bytes: Buffer): SniffedImage | undefined {
  if (
    bytes.length >= 8 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.readUInt32BE(4) === 0x0d0a1a0a
  ) {
    return png(bytes);
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return jpeg(bytes);
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) {
    return gif(bytes);
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return webp(bytes);
  }
  return undefined;
}
