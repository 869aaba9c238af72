/**
 * The tus endpoint under attack: another user's upload through a percent-encoded
 * or otherwise disguised id, an upload whose owner cannot be read, tus's own refusals in
 * the one error body, a product's photo slots and the storage quota held from the creation
 * on, a small number of unfinished uploads per account, pixel bombs refused before
 * decoding, and how many images decode at once. Disk storage (DATA_DIR/uploads).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTOS_PER_PRODUCT, MAX_UNFINISHED_UPLOADS, MAX_UPLOAD_BYTES } from '../../../shared/photos';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { cameraJpeg, pngBomb, send as raw, tusCreate, tusDelete, tusHead, tusPatch, uploadDeliveryFile, uploadPhoto, type TusRes } from '../../test/tus';
import { assignedDelivery } from '../../test/deals';
import { DECODES_AT_ONCE, DECODES_PER_ACCOUNT, decodeObserver, MAX_INPUT_PIXELS, processPhoto } from './image';
import { expireUploads, UPLOAD_EXPIRY_MS } from './uploads';

let server: TestServer;
let dataDir: string;
let owner: Client;
let stranger: Client;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer({ files: 'upload-attacks' });
  dataDir = server.config.dataDir;
  owner = await as(server, 'supplier');
  stranger = await as(server, 'supplier');
  jpeg = await cameraJpeg(600, 400);
});
afterAll(() => server?.close());

async function newProduct(client: Client = owner): Promise<string> {
  const res = await client.post('/api/products', { name: 'إسمنت', price: 10, unit: 'كيس' });
  expect(res.status).toBe(201);
  return res.body.id;
}

const uploadFile = (id: string) => path.join(dataDir, 'uploads', id);
const idOf = (location: string) => location.split('/').pop()!;
const unfinishedRows = (client: Client) => server.db.knex('unfinished_uploads').where({ account_id: client.user.id });

/** What a refusal must look like: the status, our code, and JSON with tus's header kept. */
function expectRefusal(res: TusRes, status: number, code: string) {
  expect([res.status, res.body?.code]).toEqual([status, code]);
  expect(res.body.error).toEqual(expect.any(String));
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('tus-resumable')).toBe('1.0.0');
}

describe("another user's upload", () => {
  it('is out of reach through a percent-encoded, upper-cased or nested id: 404 not_found, and nothing changes', async () => {
    const productId = await newProduct();
    const created = await tusCreate(owner, { productId, length: jpeg.length });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = idOf(location);
    const half = Math.floor(jpeg.length / 2);
    expect((await tusPatch(owner, location, 0, jpeg.subarray(0, half))).status).toBe(204);
    const bytesBefore = fs.readFileSync(uploadFile(id));
    const metaBefore = fs.readFileSync(`${uploadFile(id)}.json`, 'utf8');

    const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
    const disguises = [
      `/api/uploads/${pct(id[0])}${id.slice(1)}`, // %38b80…, the attack as found
      `/api/uploads/${pct(id[0]).toLowerCase()}${id.slice(1)}`,
      // oxlint-disable-next-line typescript/no-misused-spread -- the id is ASCII: every character percent-encoded
      `/api/uploads/${[...id].map(pct).join('')}`,
      `/api/uploads/x/${id}`, // tus takes the last segment
      `/api/uploads/${id}/`,
    ];
    for (const p of [...disguises, location]) {
      const head = await raw(stranger, 'HEAD', p, {});
      expect([p, head.status]).toEqual([p, 404]);
      expect(head.headers.get('upload-metadata')).toBeNull();
      expect(head.headers.get('upload-offset')).toBeNull();
      expectRefusal(await raw(stranger, 'PATCH', p, { 'Upload-Offset': String(half), 'Content-Type': 'application/offset+octet-stream' }, jpeg.subarray(half)), 404, 'not_found');
      expectRefusal(await raw(stranger, 'DELETE', p, {}), 404, 'not_found');
    }

    // The upload is the owner's as it was: its bytes, its metadata, its offset.
    expect(fs.readFileSync(uploadFile(id)).equals(bytesBefore)).toBe(true);
    expect(fs.readFileSync(`${uploadFile(id)}.json`, 'utf8')).toBe(metaBefore);
    const head = await tusHead(owner, location);
    expect([head.status, head.headers.get('upload-offset')]).toEqual([200, String(half)]);
    const done = await tusPatch(owner, location, half, jpeg.subarray(half));
    expect([done.status, done.body.product_id]).toEqual([200, productId]);
    expect((await owner.get(`/api/products/${productId}`)).body.photos).toHaveLength(1);
  });

  it("is out of reach for a deal's files too: a driver's half-sent signature cannot be written by another through its encoded id", async () => {
    const job = await assignedDelivery(server);
    const half = Math.floor(jpeg.length / 2);
    const created = await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, purpose: 'signature', total: jpeg.length }, jpeg.subarray(0, half));
    expect(created.status, created.text).toBe(201);
    const id = idOf(created.headers.get('location')!);
    const forged = Buffer.alloc(jpeg.length - half, 0x41); // exactly the bytes still due
    for (const client of [job.driver2, job.contractor]) {
      const res = await raw(client, 'PATCH', `/api/uploads/%${id.charCodeAt(0).toString(16)}${id.slice(1)}`, { 'Upload-Offset': String(half), 'Content-Type': 'application/offset+octet-stream' }, forged);
      expectRefusal(res, 404, 'not_found');
    }
    const done = await tusPatch(job.driver, created.headers.get('location')!, half, jpeg.subarray(half));
    expect([done.status, done.body.purpose]).toEqual([200, 'signature']);
    expect(done.body.hash).toBe((await processPhoto(jpeg)).hash);
  });

  it('is refused to everyone when its owner cannot be read: 404 not_found, the bytes untouched', async () => {
    const productId = await newProduct();
    const created = await tusCreate(owner, { productId, length: jpeg.length });
    const location = created.headers.get('location')!;
    const id = idOf(location);
    // An upload stored without its owner (written by hand, or by an older server).
    const info = JSON.parse(fs.readFileSync(`${uploadFile(id)}.json`, 'utf8'));
    delete info.metadata.owner;
    fs.writeFileSync(`${uploadFile(id)}.json`, JSON.stringify(info));

    for (const client of [owner, stranger]) {
      expect((await tusHead(client, location)).status).toBe(404);
      expectRefusal(await tusPatch(client, location, 0, jpeg), 404, 'not_found');
    }
    expect(fs.statSync(uploadFile(id)).size).toBe(0);
    expectRefusal(await tusDelete(stranger, location), 404, 'not_found');
    expect(fs.existsSync(uploadFile(id))).toBe(true);
  });
});

describe("tus's own refusals", () => {
  it('answer the JSON error body with tus status codes and the Tus-Resumable header', async () => {
    const productId = await newProduct();
    const created = await tusCreate(owner, { productId, length: jpeg.length });
    const location = created.headers.get('location')!;
    expectRefusal(await tusPatch(owner, location, 5, jpeg.subarray(0, 10)), 409, 'conflict');
    expectRefusal(await raw(owner, 'PATCH', location, { 'Content-Type': 'application/offset+octet-stream' }, jpeg.subarray(0, 10)), 403, 'forbidden');
    expectRefusal(await tusCreate(owner, { productId, length: MAX_UPLOAD_BYTES + 1 }), 413, 'upload_too_large');
    expectRefusal(await raw(owner, 'POST', '/api/uploads', { 'Upload-Length': 'ten' }), 400, 'validation_failed');
    expectRefusal(await raw(owner, 'PATCH', `/api/uploads/${'0'.repeat(32)}`, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, Buffer.from('x')), 404, 'not_found');
    const noVersion = await fetch(new URL(location, server.url), { method: 'PATCH', headers: { Cookie: owner.cookieHeader(), Origin: owner.origin } });
    expect([noVersion.status, noVersion.headers.get('content-type'), (await noVersion.json()).code]).toEqual([412, 'application/json', 'validation_failed']);
  });
});

describe('what an upload holds from its creation', () => {
  it("holds a photo slot: a product's ninth creation is refused at once with photo_limit, a terminated one gives its slot back", async () => {
    const owner = await as(server, 'supplier');
    const productId = await newProduct(owner);
    const locations: string[] = [];
    for (let i = 0; i < MAX_PHOTOS_PER_PRODUCT; i++) {
      const res = await tusCreate(owner, { productId, length: jpeg.length });
      expect(res.status).toBe(201);
      locations.push(res.headers.get('location')!);
    }
    // Refused before a byte: the creation carries the whole photo and none of it is kept.
    const ninth = await tusCreate(owner, { productId, length: jpeg.length, body: jpeg });
    expectRefusal(ninth, 409, 'photo_limit');
    // Eight slots held by eight unfinished uploads, none by the refused ninth.
    expect((await unfinishedRows(owner).where({ target_id: productId })).length).toBe(MAX_PHOTOS_PER_PRODUCT);

    expect((await tusDelete(owner, locations[0])).status).toBe(204);
    expect((await tusHead(owner, locations[0])).status).toBe(404);
    const again = await tusCreate(owner, { productId, length: jpeg.length, body: jpeg });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ product_id: productId, position: 0 });
    // The finished photo took the slot its upload held: still eight in all.
    expectRefusal(await tusCreate(owner, { productId, length: jpeg.length }), 409, 'photo_limit');
    for (const l of locations.slice(1)) expect((await tusDelete(owner, l)).status).toBe(204);
    expect(await unfinishedRows(owner).where({ target_id: productId })).toEqual([]);
  });

  it('gives sixteen creations at once on a product with room for eight exactly eight slots, the rest photo_limit', async () => {
    const supplier = await as(server, 'supplier');
    const productId = await newProduct(supplier);
    const results = await Promise.all(Array.from({ length: 16 }, () => tusCreate(supplier, { productId, length: jpeg.length })));
    const outcomes = results.map((r) => `${r.status} ${r.body?.code ?? ''}`.trim()).sort();
    expect(outcomes).toEqual([...Array(8).fill('201'), ...Array(8).fill('409 photo_limit')]);
    expect(await unfinishedRows(supplier).where({ target_id: productId })).toHaveLength(MAX_PHOTOS_PER_PRODUCT);
  });

  it('counts the declared length of unfinished uploads against the storage quota (free plan, 100 MB)', async () => {
    const supplier = await as(server, 'supplier');
    const products = await Promise.all([1, 2, 3].map(() => newProduct(supplier)));
    const locations: string[] = [];
    // Five of 20 MB fill 100 MB; the sixth would not fit.
    for (let i = 0; i < 5; i++) {
      const res = await tusCreate(supplier, { productId: products[i % 3], length: MAX_UPLOAD_BYTES });
      expect(res.status).toBe(201);
      locations.push(res.headers.get('location')!);
    }
    expectRefusal(await tusCreate(supplier, { productId: products[0], length: MAX_UPLOAD_BYTES }), 409, 'storage_quota');
    expect(await unfinishedRows(supplier)).toHaveLength(5);
    // Terminating one gives its room back.
    expect((await tusDelete(supplier, locations[0])).status).toBe(204);
    expect((await tusCreate(supplier, { productId: products[0], length: MAX_UPLOAD_BYTES })).status).toBe(201);
    expectRefusal(await tusCreate(supplier, { productId: products[1], length: 1000 }), 409, 'storage_quota');
  });

  it(`keeps at most ${MAX_UNFINISHED_UPLOADS} unfinished uploads an account: the next is refused with too_many_uploads until one finishes`, async () => {
    const supplier = await as(server, 'supplier');
    const products = await Promise.all([1, 2].map(() => newProduct(supplier)));
    const locations: string[] = [];
    for (let i = 0; i < MAX_UNFINISHED_UPLOADS; i++) {
      const res = await tusCreate(supplier, { productId: products[i % 2], length: jpeg.length });
      expect(res.status).toBe(201);
      locations.push(res.headers.get('location')!);
    }
    expectRefusal(await tusCreate(supplier, { productId: products[0], length: jpeg.length, body: jpeg }), 409, 'too_many_uploads');
    // Another account is not held back by this one.
    expect((await tusCreate(stranger, { productId: await newProduct(stranger), length: jpeg.length })).status).toBe(201);
    // Finishing one frees its place.
    expect((await tusPatch(supplier, locations[0], 0, jpeg)).status).toBe(200);
    expect((await tusCreate(supplier, { productId: products[1], length: jpeg.length })).status).toBe(201);
    expectRefusal(await tusCreate(supplier, { productId: products[1], length: jpeg.length }), 409, 'too_many_uploads');
  });

  it('a creation again for the same photo replaces its unfinished upload instead of holding a second place', async () => {
    const owner = await as(server, 'supplier');
    const productId = await newProduct(owner);
    const photoId = crypto.randomUUID();
    const first = await tusCreate(owner, { productId, photoId, length: jpeg.length });
    expect((await tusPatch(owner, first.headers.get('location')!, 0, jpeg.subarray(0, 100))).status).toBe(204);
    const second = await tusCreate(owner, { productId, photoId, length: jpeg.length });
    expect(second.status).toBe(201);
    expect((await unfinishedRows(owner).where({ photo_id: photoId })).map((r) => r.id)).toEqual([idOf(second.headers.get('location')!)]);
    expect((await tusHead(owner, first.headers.get('location')!)).status).toBe(404);
    expect(fs.existsSync(uploadFile(idOf(first.headers.get('location')!)))).toBe(false);
    expect((await tusDelete(owner, second.headers.get('location')!)).status).toBe(204);
  });

  it('expiry deletes unfinished uploads a day old and frees their room and their place', async () => {
    const supplier = await as(server, 'supplier');
    const productId = await newProduct(supplier);
    const old: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await tusCreate(supplier, { productId, length: MAX_UPLOAD_BYTES });
      expect(res.status).toBe(201);
      old.push(res.headers.get('location')!);
    }
    expect((await tusPatch(supplier, old[0], 0, Buffer.alloc(4096))).status).toBe(204);
    expectRefusal(await tusCreate(supplier, { productId, length: MAX_UPLOAD_BYTES }), 409, 'storage_quota');
    // Nothing is a day old yet: the sweep keeps them.
    await expireUploads(server.db.knex, server.config);
    expect((await tusHead(supplier, old[0])).status).toBe(200);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + UPLOAD_EXPIRY_MS + 60_000);
      expect(await expireUploads(server.db.knex, server.config)).toBeGreaterThanOrEqual(5);
    } finally {
      vi.useRealTimers();
    }
    for (const l of old) {
      expect((await tusHead(supplier, l)).status).toBe(404);
      expect(fs.existsSync(uploadFile(idOf(l)))).toBe(false);
    }
    expect(await unfinishedRows(supplier)).toEqual([]);
    expect((await tusCreate(supplier, { productId, length: MAX_UPLOAD_BYTES })).status).toBe(201);
  });
});

describe('decoding images', () => {
  it(`refuses a small PNG that declares 40 megapixels with image_too_large (413) before decoding it`, async () => {
    expect(40_000_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const productId = await newProduct();
    const bomb = pngBomb(8000, 5000);
    expect(bomb.length).toBeLessThan(200_000);
    const decoded: Buffer[] = [];
    decodeObserver.start = (input) => decoded.push(input);
    try {
      const res = await uploadPhoto(owner, productId, bomb, { filetype: 'image/png' });
      expectRefusal(res, 413, 'image_too_large');
      expect(res.body.error).toContain('8000×5000');
    } finally {
      decodeObserver.start = undefined;
    }
    expect(decoded).toEqual([]);
    expect(await unfinishedRows(owner).where({ target_id: productId })).toEqual([]);
  });

  it(`decodes at most ${DECODES_PER_ACCOUNT} image an account and ${DECODES_AT_ONCE} in all at once, and every upload still finishes`, { timeout: 60_000 }, async () => {
    const accounts = [owner, stranger, await as(server, 'supplier')];
    const whose = new Map<Buffer, string>();
    const running = new Map<string, number>();
    let now = 0;
    let peak = 0;
    let peakPerAccount = 0;
    decodeObserver.start = (input) => {
      const who = [...whose].find(([b]) => b.equals(input))![1];
      running.set(who, (running.get(who) ?? 0) + 1);
      peakPerAccount = Math.max(peakPerAccount, running.get(who)!);
      peak = Math.max(peak, ++now);
    };
    decodeObserver.end = (input) => {
      const who = [...whose].find(([b]) => b.equals(input))![1];
      running.set(who, running.get(who)! - 1);
      now--;
    };
    try {
      const jobs = await Promise.all(
        accounts.flatMap((client, a) =>
          [0, 1, 2].map(async (i) => {
            const img = await cameraJpeg(2400 + i * 8, 1600 + a * 8, `#${a}${i}8040`);
            whose.set(img, client.user.id);
            return { client, img, productId: await newProduct(client) };
          }),
        ),
      );
      const results = await Promise.all(jobs.map((j) => tusCreate(j.client, { productId: j.productId, length: j.img.length, body: j.img })));
      expect(results.map((r) => r.status)).toEqual(jobs.map(() => 201));
    } finally {
      decodeObserver.start = decodeObserver.end = undefined;
    }
    expect(now).toBe(0);
    expect(peakPerAccount).toBe(DECODES_PER_ACCOUNT);
    expect(peak).toBe(DECODES_AT_ONCE);
  });
});
