/**
 * The photo of a transfer's receipt over the tus endpoint, on disk storage: uploaded by the
 * buyer for the payment that names it (after the record, as a phone queues it), stored
 * privately, served to the invoice's buyer and seller only; a receipt id of someone
 * else's file refused.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../../shared/schemas/invoice';
import { receiptUrl } from '../../../shared/schemas/payment';
import { riyadhDay } from '../../../shared/riyadh';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf } from '../../test/factories';
import { categoryId } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { cameraJpeg, uploadDeliveryFile, uploadReceipt } from '../../test/tus';
import { assignedDelivery } from '../../test/deals';

let server: TestServer;
let category: string;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer({ files: 'receipts' });
  category = await categoryId(server.db.knex, 2);
  jpeg = await cameraJpeg();
});
afterAll(() => server?.close());

const transfer = (amount: number, receiptId?: string) => ({ id: randomUUID(), amount, paid_on: riyadhDay(new Date()), reference: 'TRX-R', ...(receiptId ? { receipt_id: receiptId } : {}) });

describe('receipt photos of transfers', () => {
  it('takes the buyer’s receipt for the payment naming it and serves it to the buyer and seller only, privately', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const invoice = await clearedInvoice(buyer, seller, category);
    const receiptId = randomUUID();
    const body = transfer(50, receiptId);
    expect((await buyer.post(`/api/invoices/${invoice.id}/payments`, body)).body).toMatchObject({ receipt_id: receiptId, receipt_stored: false });
    const url = receiptUrl(body.id, 160);
    // Named but not arrived yet: nothing to serve.
    expect((await seller.request('GET', url)).status).toBe(404);

    // Only the payer sends it, and only for the payment that names it.
    expect((await uploadReceipt(seller, { paymentId: body.id, fileId: receiptId }, jpeg)).status).toBe(404);
    expect((await uploadReceipt(buyer, { paymentId: body.id, fileId: randomUUID() }, jpeg)).status).toBe(404);
    const up = await uploadReceipt(buyer, { paymentId: body.id, fileId: receiptId }, jpeg);
    expect(up.status, up.text).toBe(201);
    expect(up.body).toMatchObject({ id: receiptId, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const dir = path.join(server.config.dataDir, 'deal');
    expect(fs.readdirSync(dir)).toEqual(expect.arrayContaining([160, 480, 1200].map((s) => `${up.body.hash}-${s}.webp`)));
    expect((await changesOf(server.db.knex, 'invoice', invoice.id)).audiences).toContain(`user:${seller.user.id}`);
    const row = invoiceSchema.parse((await seller.get(`/api/invoices/${invoice.id}`)).body);
    expect(row.payment!.payments[0]).toMatchObject({ receipt_id: receiptId, receipt_stored: true });

    for (const party of [buyer, seller]) {
      const res = await party.request('GET', url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    }
    const stranger = await as(server, 'contractor');
    expect((await stranger.request('GET', url)).status).toBe(404);
    const anonymous = await fetch(new URL(url, server.url));
    expect(anonymous.status).toBe(401);
    for (const size of [160, 480, 1200]) expect((await buyer.request('GET', `/media/${up.body.hash}-${size}.webp`)).status).toBe(404);
    // A retried upload is the same receipt.
    expect((await uploadReceipt(buyer, { paymentId: body.id, fileId: receiptId }, jpeg)).status).toBe(201);
    expect(await server.db.knex('payment_receipts').where({ id: receiptId })).toHaveLength(1);
  });

  it('refuses a receipt id of someone else’s file: another company’s receipt, one another company’s payment names, a delivery’s file', async () => {
    const first = await tradingParties(server, category);
    const second = await tradingParties(server, category);
    const mine = await clearedInvoice(first.buyer, first.seller, category);
    const theirs = await clearedInvoice(second.buyer, second.seller, category);
    const receiptId = randomUUID();
    const named = transfer(10, receiptId);
    expect((await second.buyer.post(`/api/invoices/${theirs.id}/payments`, named)).status).toBe(201);
    // Named by the other company's payment, not uploaded yet: still theirs.
    const claim = await first.buyer.post(`/api/invoices/${mine.id}/payments`, transfer(10, receiptId));
    expect([claim.status, claim.body.code]).toEqual([409, 'conflict']);
    expect((await uploadReceipt(second.buyer, { paymentId: named.id, fileId: receiptId }, jpeg)).status).toBe(201);
    expect((await first.buyer.post(`/api/invoices/${mine.id}/payments`, transfer(10, receiptId))).status).toBe(409);

    const job = await assignedDelivery(server);
    const fileId = randomUUID();
    expect((await uploadDeliveryFile(job.driver, { deliveryId: job.delivery.id, fileId, purpose: 'proof' }, jpeg)).status).toBe(201);
    expect((await first.buyer.post(`/api/invoices/${mine.id}/payments`, transfer(10, fileId))).status).toBe(409);
    // The buyer's own receipt may back another of its payments (one transfer, several invoices).
    const again = await second.buyer.post(`/api/invoices/${theirs.id}/payments`, transfer(5, receiptId));
    expect(again.status, again.text).toBe(201);
    expect(again.body.receipt_stored).toBe(true);
  });
});
