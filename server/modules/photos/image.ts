/**
 * Deciding by content whether uploaded bytes are a photo, and deriving the files we serve.
 *
 * 1. The bytes must be ONE image of a format we take, start to end: the container is walked
 *    (JPEG markers to the end of image, PNG chunks to IEND, the RIFF length of WebP, the
 *    boxes of AVIF), so a file that merely starts like an image (a JPEG with a ZIP or a
 *    script behind it, a polyglot) is refused as unsupported, and one that ends early as
 *    truncated. SVG, PDF, GIF, HTML and the rest never get that far. The name and the
 *    declared type of the upload play no part. (A phone's original with extra pictures or
 *    a video after the first image is refused too; the app re-encodes photos before upload.)
 * 2. The header's pixel count is checked before anything is decoded, and the decoder is
 *    bounded by the same limit, so a small file that unpacks to gigabytes (a decompression
 *    bomb) is refused without being unpacked. Decoding is what costs memory (a 155 KB PNG
 *    can declare 40 million pixels), so only a few images decode at once (`decodes`): one
 *    an account, two in all; the others wait their turn.
 * 3. sharp decodes it, failing on any warning (cut or corrupt data), turns it upright by
 *    its EXIF orientation and writes 160, 480 and 1200 px WebP versions (long side, never
 *    enlarged). sharp writes no metadata unless asked: EXIF (GPS included), XMP, IPTC and
 *    ICC profiles are all gone from what we serve.
 */
import crypto from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { KeyedLimit } from './decode-limit';
import { imageTooLarge, imageTruncated, imageUnsupported } from '../../../shared/errors';
import { PHOTO_SIZES, type PhotoSize } from '../../../shared/schemas/photo';

/**
 * More pixels than a phone's photo has (a 48 MP sensor bins to 12 MP; the app sends at most
 * 1600 px a side), and a bound on a decode's memory: 25 million pixels of RGBA are 100 MB.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Images decoding at once: per account, and in all (the server has a couple of cores). */
export const DECODES_PER_ACCOUNT = 1;
export const DECODES_AT_ONCE = 2;
/** Where every upload's bytes are read and processed, keyed by the account (uploads.ts). */
export const decodes = new KeyedLimit(DECODES_PER_ACCOUNT, DECODES_AT_ONCE);

/** Told when pixels start and stop being decoded: lets a test count the decodes running at once. */
export const decodeObserver: { start?: (input: Buffer) => void; end?: (input: Buffer) => void } = {};

type Format = 'jpeg' | 'png' | 'webp' | 'avif';

interface DerivedFile {
  size: PhotoSize;
  body: Buffer;
}

export interface ProcessedPhoto {
  /** hex SHA-256 of the 1200 px file: names all three files */
  hash: string;
  /** of the 1200 px file */
  width: number;
  height: number;
  /** the three files' bytes together */
  bytes: number;
  files: DerivedFile[];
}

export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const format = containerFormat(input);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw imageTruncated();
  }
  if (!sameFormat(format, meta.format)) throw imageUnsupported();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw imageTruncated();
  if (width * height > MAX_INPUT_PIXELS) {
    throw imageTooLarge(`The image has ${width}×${height} pixels; at most ${MAX_INPUT_PIXELS / 1e6} million are taken`);
  }

  const files: DerivedFile[] = [];
  let largest: OutputInfo | undefined;
  decodeObserver.start?.(input);
  try {
    // Decoded once into raw pixels (upright), then resized from memory three times.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .autoOrient()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    for (const size of PHOTO_SIZES) {
      const out = await sharp(data, raw)
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: size === 160 ? 70 : 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      files.push({ size, body: out.data });
      if (size === 1200) largest = out.info;
    }
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error).message))) throw imageTooLarge();
    throw imageTruncated();
  } finally {
    decodeObserver.end?.(input);
  }
  const big = files.find((f) => f.size === 1200)!;
  return {
    hash: crypto.createHash('sha256').update(big.body).digest('hex'),
    width: largest!.width,
    height: largest!.height,
    bytes: files.reduce((n, f) => n + f.body.length, 0),
    files,
  };
}

const sameFormat = (container: Format, decoded: string | undefined) =>
  container === 'avif' ? decoded === 'heif' : container === decoded;

/** The format the bytes are, checked whole: throws unsupported (not ours, or more than one thing) or truncated. */
function containerFormat(b: Buffer): Format {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return check('jpeg', jpegEnd(b), b.length);
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return check('png', pngEnd(b), b.length);
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') {
    const size = b.readUInt32LE(4) + 8;
    return check('webp', size + (size % 2), b.length);
  }
  if (b.length >= 12 && b.toString('latin1', 4, 8) === 'ftyp' && /^avi[fs]$/.test(b.toString('latin1', 8, 12))) {
    return check('avif', isoEnd(b), b.length);
  }
  throw imageUnsupported();
}

/** end: where the image's own structure ends (Infinity when it runs past the data). */
function check(format: Format, end: number, length: number): Format {
  if (end > length) throw imageTruncated();
  if (end < length) throw imageUnsupported('The file holds more than one image: something follows the picture');
  return format;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngEnd(b: Buffer): number {
  let pos = 8;
  while (pos + 8 <= b.length) {
    const len = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    pos += 12 + len;
    if (type === 'IEND') return pos;
  }
  return Infinity;
}

/** After the end-of-image marker, walking segments and the entropy-coded data of every scan. */
function jpegEnd(b: Buffer): number {
  let pos = 2;
  while (pos < b.length) {
    if (b[pos] !== 0xff) throw imageUnsupported();
    while (b[pos] === 0xff) pos++; // fill bytes
    if (pos >= b.length) break;
    const marker = b[pos++];
    if (marker === 0xd9) return pos; // EOI
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (pos + 2 > b.length) break;
    pos += b.readUInt16BE(pos);
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0x00 or a restart.
      while (pos < b.length) {
        if (b[pos] === 0xff && pos + 1 < b.length) {
          const next = b[pos + 1];
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
            pos += next === 0xff ? 1 : 2;
            continue;
          }
          break;
        }
        pos++;
      }
    }
  }
  return Infinity;
}

/** ISO base media boxes (AVIF) to their end; a box whose type is not four letters is not part of the file. */
function isoEnd(b: Buffer): number {
  let pos = 0;
  while (pos < b.length) {
    if (pos + 8 > b.length) return Infinity;
    let size = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (!/^[a-zA-Z0-9 ]{4}$/.test(type)) throw imageUnsupported('The file holds more than one thing: something follows the picture');
    if (size === 1) {
      if (pos + 16 > b.length) return Infinity;
      size = Number(b.readBigUInt64BE(pos + 8));
    } else if (size === 0) {
      size = b.length - pos;
    }
    if (size < 8) throw imageUnsupported();
    pos += size;
  }
  return pos;
}
