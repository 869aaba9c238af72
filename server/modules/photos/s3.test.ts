/**
 * The photo pipeline on S3-compatible storage: a local S3 server (s3rver) started by the
 * test (server/test/s3-server.ts), the app configured with S3_*. Unfinished uploads (@tus/s3-store) and photo files
 * live in the bucket, nothing in DATA_DIR; a refused file leaves nothing in the bucket;
 * a removed photo's files leave it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUrl, PHOTO_SIZES } from '../../../shared/schemas/photo';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { cameraJpeg, tusCreate, tusHead, tusPatch, uploadPhoto } from '../../test/tus';
import { s3ClientConfig } from '../../storage/s3';
import { startLocalS3, type LocalS3 } from '../../test/s3-server';

const BUCKET = 'binaa-photos';
let s3: LocalS3;
let s3Dir: string;
let dataDir: string;
let server: TestServer;
let supplier: Client;
let client: S3Client;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-s3rver-'));
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-s3data-'));
  s3 = await startLocalS3(s3Dir, [BUCKET]);
  const settings = {
    endpoint: s3.endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  client = new S3Client(s3ClientConfig(settings));
  server = await startTestServer({
    env: {
      DATA_DIR: dataDir,
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
  });
  expect(server.config.s3).toMatchObject({ bucket: BUCKET, forcePathStyle: true });
  supplier = await as(server, 'supplier');
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function keys(): Promise<string[]> {
  const out = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

async function newProduct(): Promise<string> {
  const res = await supplier.post('/api/products', { name: 'أسمنت بورتلاندي', price: 18, unit: 'كيس' });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('photos on S3', () => {
  it('keeps the unfinished upload in the bucket, resumes it, and serves the photo files from the bucket', async () => {
    const productId = await newProduct();
    const jpeg = await cameraJpeg(1600, 1200, '#8b4513');
    const created = await tusCreate(supplier, { productId, length: jpeg.length });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const half = Math.floor(jpeg.length / 2);
    expect((await tusPatch(supplier, location, 0, jpeg.subarray(0, half))).status).toBe(204);
    expect(Number((await tusHead(supplier, location)).headers.get('upload-offset'))).toBe(half);
    const id = location.split('/').pop()!;
    expect((await keys()).some((k) => k.startsWith(id))).toBe(true);

    const done = await tusPatch(supplier, location, half, jpeg.subarray(half));
    expect(done.status).toBe(200);
    const hash: string = done.body.hash;
    expect(await keys()).toEqual(PHOTO_SIZES.map((s) => `media/${hash}-${s}.webp`).sort());
    for (const size of PHOTO_SIZES) {
      const res = await fetch(new URL(photoUrl(hash, size), server.url));
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, Math.max(meta.width!, meta.height!), meta.exif]).toEqual(['webp', size, undefined]);
      expect(bytes.includes('BinaaTestCam')).toBe(false);
    }
    // Nothing of it on the local disk.
    expect(fs.existsSync(path.join(dataDir, 'media'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

    const photoId = (await supplier.get(`/api/products/${productId}`)).body.photos[0].id;
    expect((await supplier.delete(`/api/products/${productId}/photos/${photoId}`)).status).toBe(200);
    expect(await keys()).toEqual([]);
    expect((await fetch(new URL(photoUrl(hash, 480), server.url))).status).toBe(404);
  });

  it('refuses a polyglot and a truncated photo with nothing left in the bucket', async () => {
    const productId = await newProduct();
    const jpeg = await cameraJpeg(800, 600, '#2f4f4f');
    const polyglot = Buffer.concat([jpeg, Buffer.from(`PK\x03\x04${crypto.randomBytes(64).toString('hex')}`, 'latin1')]);
    const refused = await uploadPhoto(supplier, productId, polyglot, { chunk: Math.ceil(polyglot.length / 3) });
    expect([refused.status, refused.body.code]).toEqual([415, 'image_unsupported']);
    const cut = await uploadPhoto(supplier, productId, jpeg.subarray(0, jpeg.length - 200));
    expect([cut.status, cut.body.code]).toEqual([422, 'image_truncated']);
    expect(await keys()).toEqual([]);
    expect(await server.db.knex('product_photos').where({ product_id: productId })).toEqual([]);
  });
});
