/**
 * The files of a deal over the tus endpoint, on disk storage: the driver's signature and
 * proof photos, the requester's photos of a problem; the same content checks as product
 * photos; private storage served only to the delivery's parties, never under /media.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryFileUrl } from '../../../shared/schemas/delivery';
import { startTestServer, type TestServer } from '../../test/harness';
import { as } from '../../test/factories';
import { cameraJpeg, tusPatch, uploadDeliveryFile } from '../../test/tus';
import { answer, assignedDelivery, deliveredDelivery, proof, step } from '../../test/deals';

let server: TestServer;
let dataDir: string;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer({ files: 'deal-files' });
  dataDir = server.config.dataDir;
  jpeg = await cameraJpeg();
});
afterAll(() => server?.close());

const filesIn = (sub: string): string[] => {
  const dir = path.join(dataDir, sub);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('files of a delivery', () => {
  it('takes the driver’s signature before the delivered step and shows it on the delivery after it', async () => {
    const job = await assignedDelivery(server);
    const signatureId = crypto.randomUUID();
    const up = await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, fileId: signatureId, purpose: 'signature' }, jpeg);
    expect(up.status, up.text).toBe(201);
    expect(up.body).toMatchObject({ id: signatureId, purpose: 'signature', width: 1200, height: 800, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Stored privately, never where the public route looks.
    expect(filesIn('deal').sort()).toEqual([160, 480, 1200].map((s) => `${up.body.hash}-${s}.webp`).sort());
    expect(filesIn('media')).toEqual([]);

    await step(job.driver, job.delivery.id, 'picked_up');
    await step(job.driver, job.delivery.id, 'on_the_way');
    const done = await step(job.driver, job.delivery.id, 'delivered', { proof: proof({ signature_id: signatureId, photo_ids: [] }) });
    expect(done.body.files).toEqual([{ id: signatureId, purpose: 'signature', hash: up.body.hash, width: 1200, height: 800 }]);

    // A retry of the same file is the same file.
    const retry = await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, fileId: signatureId, purpose: 'signature' }, jpeg);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(signatureId);
    expect(await server.db.knex('delivery_files').where({ delivery_id: job.delivery.id })).toHaveLength(1);
  });

  it('serves a file to every party of the delivery, privately and immutably; 404 to anyone else and never under /media', async () => {
    const job = await assignedDelivery(server);
    const up = await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, purpose: 'proof' }, jpeg);
    expect(up.status, up.text).toBe(201);
    const url = deliveryFileUrl(job.delivery.id, up.body.id, 160);
    for (const party of [job.driver, job.carrier, job.contractor, job.supplier]) {
      const res = await party.request('GET', url);
      expect(res.status, party.user.id).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    }
    for (const other of [job.driver2, job.rival, job.rivalDriver, await as(server, 'contractor')]) {
      expect((await other.request('GET', url)).status).toBe(404);
    }
    expect((await job.contractor.request('GET', deliveryFileUrl(job.delivery.id, crypto.randomUUID(), 160))).status).toBe(404);
    expect((await job.contractor.request('GET', `${url.replace('size=160', 'size=999')}`)).status).toBe(400);
    for (const size of [160, 480, 1200]) expect((await job.contractor.request('GET', `/media/${up.body.hash}-${size}.webp`)).status).toBe(404);
  });

  it('refuses the proof from anyone but the assigned driver, and photos of a problem from anyone but the requester', async () => {
    const job = await assignedDelivery(server);
    const send = (client: typeof job.driver, purpose: 'signature' | 'proof' | 'problem') => uploadDeliveryFile(client, { deliveryId: job.delivery.id, purpose }, jpeg);
    // Anyone who is no driver: refused for what they are, whatever the delivery.
    for (const notDriver of [job.contractor, job.carrier, await as(server, 'supplier')]) {
      const res = await send(notDriver, 'signature');
      expect([res.status, res.body.code]).toEqual([403, 'not_company_driver']);
    }
    expect((await send(job.driver2, 'proof')).status).toBe(404);
    expect((await send(job.driver, 'problem')).status).toBe(403);
    // Photos of a problem come after delivery.
    const early = await send(job.contractor, 'problem');
    expect([early.status, early.body.code]).toEqual([409, 'invalid_transition']);
    expect(await server.db.knex('delivery_files').where({ delivery_id: job.delivery.id })).toEqual([]);
    expect(filesIn('uploads').filter((f) => !f.endsWith('.json'))).toEqual([]);
  });

  it('takes the requester’s photos of a problem after delivery', async () => {
    const job = await deliveredDelivery(server);
    const photoId = crypto.randomUUID();
    const up = await uploadDeliveryFile(job.contractor, { deliveryId: job.delivery.id, fileId: photoId, purpose: 'problem' }, jpeg);
    expect(up.status, up.text).toBe(201);
    const res = await job.contractor.post(`/api/deliveries/${job.delivery.id}/problem`, answer({ kind: 'damaged', photo_ids: [photoId] }));
    expect(res.body.files.map((f: { id: string; purpose: string }) => [f.id, f.purpose])).toEqual([[photoId, 'problem']]);
  });

  it('checks again at the finish: a driver taken off the job before the last byte keeps nothing', async () => {
    const job = await assignedDelivery(server);
    const half = Math.floor(jpeg.length / 2);
    const created = await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, purpose: 'proof', total: jpeg.length }, jpeg.subarray(0, half));
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get('location')!;
    await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver2.user.id, vehicle_plate: 'ب ب 55' });
    const finish = await tusPatch(job.driver, location, half, jpeg.subarray(half));
    expect(finish.status).toBe(404);
    expect(await server.db.knex('delivery_files').where({ delivery_id: job.delivery.id })).toEqual([]);
  });

  it('checks the content as for product photos: not an image is 415 and leaves nothing', async () => {
    const job = await assignedDelivery(server);
    const res = await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, purpose: 'proof' }, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect([res.status, res.body.code]).toEqual([415, 'image_unsupported']);
    expect(await server.db.knex('delivery_files').where({ delivery_id: job.delivery.id })).toEqual([]);
  });
});
