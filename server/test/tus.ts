/**
 * A bare tus 1.0.0 client for the upload tests: every request by hand, so a test can stop
 * after any byte, read every header and resume from the server's offset. Carries a
 * TestClient's cookies and Origin like a browser would.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { TestClient } from './http-client';

export interface TusRes {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');

/** One request to the tus endpoint, `path` as given (a test may send any id it likes). */
export async function send(client: TestClient, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<TusRes> {
  const h: Record<string, string> = { 'Tus-Resumable': '1.0.0', ...headers };
  if (client.cookies.size) h.Cookie = client.cookieHeader();
  if (method !== 'HEAD' && method !== 'GET' && !('Origin' in headers)) h.Origin = client.origin;
  const res = await fetch(new URL(path, client.base), { method, headers: h, body: body ? new Uint8Array(body) : undefined });
  const text = method === 'HEAD' ? '' : await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export interface CreateOpts {
  productId: string;
  photoId?: string;
  length: number;
  filename?: string;
  filetype?: string;
  kind?: string;
  /** creation-with-upload: these bytes go in the POST */
  body?: Buffer;
  headers?: Record<string, string>;
}

export function tusCreate(client: TestClient, o: CreateOpts): Promise<TusRes> {
  const meta: Record<string, string> = {
    kind: o.kind ?? 'product_photo',
    product_id: o.productId,
    photo_id: o.photoId ?? crypto.randomUUID(),
    filename: o.filename ?? 'photo.jpg',
    filetype: o.filetype ?? 'image/jpeg',
  };
  const headers: Record<string, string> = {
    'Upload-Length': String(o.length),
    'Upload-Metadata': Object.entries(meta)
      .map(([k, v]) => `${k} ${b64(v)}`)
      .join(','),
    ...o.headers,
  };
  if (o.body) headers['Content-Type'] = 'application/offset+octet-stream';
  return send(client, 'POST', '/api/uploads', headers, o.body);
}

export const tusHead = (client: TestClient, location: string) => send(client, 'HEAD', location, {});

export const tusPatch = (client: TestClient, location: string, offset: number, chunk: Buffer) =>
  send(client, 'PATCH', location, { 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' }, chunk);

export const tusDelete = (client: TestClient, location: string) => send(client, 'DELETE', location, {});

/** The whole upload in chunks of `chunk` bytes; answers the last response. */
export async function uploadPhoto(
  client: TestClient,
  productId: string,
  bytes: Buffer,
  opts: { photoId?: string; chunk?: number; filename?: string; filetype?: string } = {},
): Promise<TusRes> {
  const created = await tusCreate(client, { productId, length: bytes.length, ...opts });
  if (created.status !== 201) return created;
  const location = created.headers.get('location')!;
  const chunk = opts.chunk ?? bytes.length;
  let res: TusRes = created;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    res = await tusPatch(client, location, offset, bytes.subarray(offset, offset + chunk));
    if (res.status !== 204) return res;
  }
  return res;
}

/** A camera-like JPEG: a picture with shapes, EXIF with a camera make and a GPS position. */
export async function cameraJpeg(width = 1800, height = 1200, colour = '#b86b2a'): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}"><rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="#2a6bb8"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 6}" fill="#fff"/></svg>`;
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'BinaaTestCam', Model: 'Secret Model 9', Copyright: 'Owner Name' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 3600/100', GPSLongitudeRef: 'E', GPSLongitude: '46/1 40/1 1200/100' },
    })
    .toBuffer();
}

/**
 * A file of a deal in one creation-with-upload (kind=delivery_file): the whole file, or
 * its first bytes of `total` (the rest then goes by tusPatch).
 */
/** A whole file in one creation-with-upload, with this Upload-Metadata. */
function uploadWhole(client: TestClient, meta: Record<string, string>, bytes: Buffer, total = bytes.length): Promise<TusRes> {
  const headers: Record<string, string> = {
    'Upload-Length': String(total),
    'Upload-Metadata': Object.entries(meta)
      .map(([k, v]) => `${k} ${b64(v)}`)
      .join(','),
    'Content-Type': 'application/offset+octet-stream',
  };
  return send(client, 'POST', '/api/uploads', headers, bytes);
}

export function uploadDeliveryFile(
  client: TestClient,
  o: { deliveryId: string; fileId?: string; purpose: 'signature' | 'proof' | 'problem'; total?: number },
  bytes: Buffer,
): Promise<TusRes> {
  const meta = { kind: 'delivery_file', delivery_id: o.deliveryId, photo_id: o.fileId ?? crypto.randomUUID(), purpose: o.purpose, filename: 'proof.jpg', filetype: 'image/jpeg' };
  return uploadWhole(client, meta, bytes, o.total);
}

/** The photo of a transfer's receipt, for the payment that names it. */
export function uploadReceipt(client: TestClient, o: { paymentId: string; fileId: string }, bytes: Buffer): Promise<TusRes> {
  return uploadWhole(client, { kind: 'payment_receipt', payment_id: o.paymentId, photo_id: o.fileId, filename: 'receipt.jpg', filetype: 'image/jpeg' }, bytes);
}

/** A photo of an order's goods receipt or dispute, for the order whose receipt or dispute names it. */
export function uploadOrderPhoto(client: TestClient, o: { purchaseOrderId: string; fileId: string }, bytes: Buffer): Promise<TusRes> {
  return uploadWhole(client, { kind: 'order_photo', purchase_order_id: o.purchaseOrderId, photo_id: o.fileId, filename: 'damage.jpg', filetype: 'image/jpeg' }, bytes);
}

/** A PNG whose header claims `w`×`h` pixels (a decompression bomb: tiny file, huge image). */
export function pngBomb(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  // Rows of zeros compress a thousandfold: a few hundred kB would unpack to gigabytes.
  const rows = zlib.deflateSync(Buffer.alloc((w + 1) * 64), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}
