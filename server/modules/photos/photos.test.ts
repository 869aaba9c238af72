/**
 * Product photos over the tus endpoint, on disk storage: an upload becomes a photo with
 * three clean WebP files at immutable URLs; every bad file is refused with its code and
 * leaves nothing (no row, no file, no unfinished upload); the limits; reorder and remove
 * through REST and the sync push; deleting a product deletes its photos and their files.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrl, PHOTO_SIZES } from '../../../shared/schemas/photo';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, type Client } from '../../test/factories';
import { cameraJpeg, pngBomb, tusCreate, tusHead, tusPatch, uploadPhoto } from '../../test/tus';

let server: TestServer;
let dataDir: string;
let supplier: Client;
let other: Client;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer({ files: 'photos' });
  dataDir = server.config.dataDir;
  supplier = await as(server, 'supplier');
  other = await as(server, 'supplier');
  // Products without the free plan's limit of 10.
  await server.db.knex('subscriptions').insert({ user_id: supplier.user.id, plan_id: 'enterprise', status: 'active' });
  jpeg = await cameraJpeg();
});
afterAll(() => server?.close());

async function newProduct(client: Client = supplier): Promise<string> {
  const res = await client.post('/api/products', { name: 'حديد تسليح', price: 10, unit: 'طن' });
  expect(res.status).toBe(201);
  return res.body.id;
}

const filesIn = (sub: string): string[] => {
  const dir = path.join(dataDir, sub);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
/** Unfinished uploads on disk (the file store keeps a .json beside each). */
const uploadsLeft = () => filesIn('uploads');
const mediaFiles = () => filesIn('media');

/** Whether an EXIF block (TIFF) points to a GPS directory (tag 0x8825 in IFD0). */
function hasGpsIfd(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.indexOf('Exif\0\0') === 0 ? exif.subarray(6) : exif;
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}

describe('uploading a photo', () => {
  it('makes the photo from a resumable upload in chunks: three WebP files, no metadata, immutable URLs, the product re-sent', async () => {
    const productId = await newProduct();
    const before = await changesOf(server.db.knex, 'product', productId);
    // The test image carries what must not leak: a camera make and a GPS position.
    const inMeta = await sharp(jpeg).metadata();
    expect(hasGpsIfd(inMeta.exif)).toBe(true);
    expect(jpeg.includes('BinaaTestCam')).toBe(true);

    const photoId = crypto.randomUUID();
    const created = await tusCreate(supplier, { productId, photoId, length: jpeg.length });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]+$/);
    const half = Math.floor(jpeg.length / 2);
    expect((await tusPatch(supplier, location, 0, jpeg.subarray(0, half))).status).toBe(204);
    const head = await tusHead(supplier, location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    // Someone else cannot see or touch it.
    expect((await tusHead(other, location)).status).toBe(404);
    expect((await tusPatch(other, location, half, jpeg.subarray(half))).status).toBe(404);

    const done = await tusPatch(supplier, location, half, jpeg.subarray(half));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: photoId, product_id: productId, position: 0, width: 1200, height: 800 });
    expect(done.body.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(uploadsLeft()).toEqual([]);
    expect((await tusHead(supplier, location)).status).toBe(404);

    const product = await supplier.get(`/api/products/${productId}`);
    expect(product.body.photos).toEqual([{ id: photoId, hash: done.body.hash, width: 1200, height: 800 }]);
    expect((await changesOf(server.db.knex, 'product', productId)).count).toBeGreaterThan(before.count);

    for (const size of PHOTO_SIZES) {
      const res = await fetch(new URL(photoUrl(done.body.hash, size), server.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('set-cookie')).toBeNull();
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width!, meta.height!)).toBe(size);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      for (const leak of ['BinaaTestCam', 'Secret Model', 'Owner Name', 'Exif', 'GPS']) expect(bytes.includes(leak), leak).toBe(false);
      if (size === 1200) expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(done.body.hash);
    }
    expect((await fetch(new URL(`/media/${done.body.hash}-999.webp`, server.url))).status).toBe(404);
    expect((await fetch(new URL('/media/../config.json', server.url))).status).toBe(404);
  });

  it('takes the whole photo in the creation request too, and a retried photo id makes one photo', async () => {
    const productId = await newProduct();
    const photoId = crypto.randomUUID();
    const first = await tusCreate(supplier, { productId, photoId, length: jpeg.length, body: jpeg });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: photoId, position: 0 });
    const again = await uploadPhoto(supplier, productId, jpeg, { photoId });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: photoId, position: 0 });
    expect(await server.db.knex('product_photos').where({ product_id: productId }).count('* as n').first()).toMatchObject({ n: 1 });
    // The same id on another product is someone else's photo.
    const elsewhere = await tusCreate(supplier, { productId: await newProduct(), photoId, length: jpeg.length });
    expect([elsewhere.status, elsewhere.body.code]).toEqual([409, 'conflict']);
    expect(uploadsLeft()).toEqual([]);
  });
});

describe('refusing what is not a photo', () => {
  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, number, string?]> = [
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'image_unsupported', 415, 'image/svg+xml'],
    ['a PDF named photo.jpg', () => Buffer.from('%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'), 'image_unsupported', 415],
    ['an HTML page sent as image/jpeg', () => Buffer.from('<!doctype html><title>x</title><img src=x onerror=alert(1)>'), 'image_unsupported', 415],
    ['a GIF', () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#f00' } }).gif().toBuffer(), 'image_unsupported', 415, 'image/gif'],
    ['a JPEG with a ZIP behind it (a polyglot)', async () => Buffer.concat([jpeg, Buffer.from('PK\x03\x04\x14\x00\x00\x00evil.js\x00PK\x05\x06' + '\0'.repeat(18), 'latin1')]), 'image_unsupported', 415],
    ['a truncated JPEG', () => jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'image_truncated', 422],
    ['a pixel bomb (60000×60000 PNG)', () => pngBomb(60000, 60000), 'image_too_large', 413, 'image/png'],
  ];

  for (const [what, make, code, status, filetype] of cases) {
    it(`refuses ${what} with ${code} and keeps nothing`, async () => {
      const productId = await newProduct();
      const bytes = await make();
      const mediaBefore = mediaFiles();
      const res = await uploadPhoto(supplier, productId, bytes, { filename: 'photo.jpg', filetype: filetype ?? 'image/jpeg', chunk: Math.ceil(bytes.length / 2) });
      expect([res.status, res.body?.code]).toEqual([status, code]);
      expect(res.body.error).toEqual(expect.any(String));
      expect(await server.db.knex('product_photos').where({ product_id: productId })).toEqual([]);
      expect((await supplier.get(`/api/products/${productId}`)).body.photos).toEqual([]);
      expect(mediaFiles()).toEqual(mediaBefore);
      expect(uploadsLeft()).toEqual([]);
    });
  }
});

describe('limits', () => {
  it('refuses an upload larger than 20 MB before taking it, and a stranger, and bad metadata', async () => {
    const productId = await newProduct();
    const big = await tusCreate(supplier, { productId, length: 21 * 1024 * 1024 });
    expect([big.status, big.body.code]).toEqual([413, 'upload_too_large']);
    const strangers = await tusCreate(other, { productId, length: 1000 });
    expect([strangers.status, strangers.body.code]).toEqual([404, 'not_found']);
    const kind = await tusCreate(supplier, { productId, length: 1000, kind: 'delivery_proof' });
    expect([kind.status, kind.body.code]).toEqual([400, 'validation_failed']);
    const anonymous = await fetch(new URL('/api/uploads', server.url), {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', Origin: server.url },
    });
    expect(anonymous.status).toBe(401);
    const crossSite = await tusCreate(supplier, { productId, length: 1000, headers: { Origin: 'https://evil.example' } });
    expect([crossSite.status, crossSite.body.code]).toEqual([403, 'bad_origin']);
    expect(uploadsLeft()).toEqual([]);
  });

  it('takes 8 photos a product and refuses the 9th with photo_limit', async () => {
    const productId = await newProduct();
    for (let i = 0; i < 8; i++) {
      const img = await cameraJpeg(400, 300, `#${(i * 30 + 16).toString(16)}8040`);
      expect((await uploadPhoto(supplier, productId, img)).status).toBe(200);
    }
    const ninth = await tusCreate(supplier, { productId, length: jpeg.length });
    expect([ninth.status, ninth.body.code]).toEqual([409, 'photo_limit']);
    const product = await supplier.get(`/api/products/${productId}`);
    expect(product.body.photos).toHaveLength(8);
  });

  it("refuses a photo past the plan's storage with storage_quota and keeps nothing, at its creation or at its finish", async () => {
    const knex = server.db.knex;
    const saved = await knex('subscription_plans').where({ id: 'free' }).first('max_storage_bytes');
    expect(Number(saved.max_storage_bytes)).toBe(100 * 1024 * 1024);
    const supplierB = await as(server, 'supplier');
    const productId = await newProduct(supplierB);
    const img = await cameraJpeg(900, 700, '#123456');
    try {
      // Declaring more than the plan's room: refused before a byte is sent.
      await knex('subscription_plans').where({ id: 'free' }).update({ max_storage_bytes: img.length - 1 });
      const early = await tusCreate(supplierB, { productId, length: img.length });
      expect([early.status, early.body.code]).toEqual([409, 'storage_quota']);
      // Room at the creation, none left at the finish (another photo took it meanwhile).
      await knex('subscription_plans').where({ id: 'free' }).update({ max_storage_bytes: img.length });
      const created = await tusCreate(supplierB, { productId, length: img.length });
      expect(created.status).toBe(201);
      await knex('product_photos').insert({ id: crypto.randomUUID(), product_id: await newProduct(supplierB), supplier_id: supplierB.user.id, position: 0, hash: 'a'.repeat(64), width: 1, height: 1, bytes: img.length });
      const mediaBefore = mediaFiles();
      const res = await tusPatch(supplierB, created.headers.get('location')!, 0, img);
      expect([res.status, res.body.code]).toEqual([409, 'storage_quota']);
      expect(await knex('product_photos').where({ product_id: productId })).toEqual([]);
      expect(mediaFiles()).toEqual(mediaBefore);
      expect(uploadsLeft()).toEqual([]);
      expect(await knex('unfinished_uploads').where({ account_id: supplierB.user.id })).toEqual([]);
      // Full: the next one is refused before a byte is sent.
      const full = await tusCreate(supplierB, { productId, length: 1000 });
      expect([full.status, full.body.code]).toEqual([409, 'storage_quota']);
    } finally {
      await knex('subscription_plans').where({ id: 'free' }).update(saved);
    }
  });
});

describe('reordering and removing', () => {
  async function productWithPhotos(n: number) {
    const productId = await newProduct();
    const ids: string[] = [];
    const colour = `#${crypto.randomBytes(3).toString('hex')}`; // pictures no other test uploads
    for (let i = 0; i < n; i++) {
      const res = await uploadPhoto(supplier, productId, await cameraJpeg(300 + i * 10, 200, colour));
      expect(res.status).toBe(200);
      ids.push(res.body.id);
    }
    return { productId, ids, colour };
  }
  const order = async (productId: string) => ((await supplier.get(`/api/products/${productId}`)).body.photos as Array<{ id: string }>).map((p) => p.id);

  it('reorders over REST (the first is the cover) and through the sync push, with one rule', async () => {
    const { productId, ids } = await productWithPhotos(3);
    const [a, b, c] = ids;
    const put = await supplier.put(`/api/products/${productId}/photos`, { order: [c, a, b] });
    expect(put.status).toBe(200);
    expect(put.body.photos.map((p: { id: string }) => p.id)).toEqual([c, a, b]);
    // A stale client: a photo it does not know keeps its place after the ones it lists.
    await supplier.put(`/api/products/${productId}/photos`, { order: [b, crypto.randomUUID()] });
    expect(await order(productId)).toEqual([b, c, a]);
    expect((await other.put(`/api/products/${productId}/photos`, { order: [a] })).status).toBe(404);
    expect((await supplier.put(`/api/products/${productId}/photos`, { order: [a, a] })).body.code).toBe('conflict');

    const push = await supplier.post('/api/sync/push', {
      client_id: `photos-${crypto.randomBytes(4).toString('hex')}`,
      mutations: [
        { id: 1, name: 'product.photos.reorder', args: { id: productId, order: [a, b, c] } },
        { id: 2, name: 'product.photos.remove', args: { id: productId, photo_id: b } },
        { id: 3, name: 'product.photos.reorder', args: { id: productId, order: [a, a] } },
      ],
    });
    expect(push.status).toBe(200);
    expect(push.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(await order(productId)).toEqual([a, c]);
    const positions = await server.db.knex('product_photos').where({ product_id: productId }).orderBy('position').pluck('position');
    expect(positions).toEqual([0, 1]);
  });

  it('removes a photo and its files once no photo uses them; removing it again is done', async () => {
    const { productId, ids, colour } = await productWithPhotos(2);
    const hash = (await server.db.knex('product_photos').where({ id: ids[0] }).first('hash')).hash;
    // The same picture on another product shares the files: removing one keeps them.
    const twin = await newProduct();
    const same = await cameraJpeg(300, 200, colour);
    expect((await uploadPhoto(supplier, twin, same)).body.hash).toBe(hash);

    const del = await supplier.delete(`/api/products/${productId}/photos/${ids[0]}`);
    expect(del.status).toBe(200);
    expect(del.body.photos.map((p: { id: string }) => p.id)).toEqual([ids[1]]);
    expect((await fetch(new URL(photoUrl(hash, 480), server.url))).status).toBe(200);
    expect((await supplier.delete(`/api/products/${productId}/photos/${ids[0]}`)).status).toBe(200);
    expect((await other.delete(`/api/products/${productId}/photos/${ids[1]}`)).status).toBe(404);

    const twinPhoto = (await supplier.get(`/api/products/${twin}`)).body.photos[0].id;
    expect((await supplier.delete(`/api/products/${twin}/photos/${twinPhoto}`)).status).toBe(200);
    for (const size of PHOTO_SIZES) expect((await fetch(new URL(photoUrl(hash, size), server.url))).status).toBe(404);
    expect(mediaFiles().filter((f) => f.startsWith(hash))).toEqual([]);
    expect(await server.db.knex('media_deletions')).toEqual([]);
  });

  it('deletes the photos and their files with the product', async () => {
    const { productId, ids } = await productWithPhotos(2);
    const hashes: string[] = await server.db.knex('product_photos').whereIn('id', ids).pluck('hash');
    expect((await supplier.delete(`/api/products/${productId}`)).status).toBe(204);
    expect(await server.db.knex('product_photos').where({ product_id: productId })).toEqual([]);
    for (const hash of hashes) expect(mediaFiles().filter((f) => f.startsWith(hash))).toEqual([]);
    // Uploading to the deleted product is refused.
    expect((await tusCreate(supplier, { productId, length: jpeg.length })).status).toBe(404);
  });
});
