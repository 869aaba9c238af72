/**
 * The photos of an order's goods receipts: uploaded over tus (kind=order_photo) by the
 * buyer after the receipt naming them, stored privately, served to the order's buyer and
 * seller only; an id a receipt of this order does not name, or another order's photo, is refused.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPhotoUrl } from '../../../shared/schemas/goods-receipt';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody, sellIn } from '../../test/rfq-steps';
import { cameraJpeg, uploadOrderPhoto } from '../../test/tus';

let server: TestServer;
let category: string;
beforeAll(async () => {
  server = await startTestServer({ files: 'order-photos' });
  category = await categoryId(server.db.knex, 2);
});
afterAll(() => server?.close());

/** An accepted order of one line of 10 from an award. */
async function accepted(): Promise<{ buyer: Client; seller: Client; po: { id: string; lines: Array<{ id: string }> } }> {
  const buyer = await as(server, 'contractor');
  const seller = await as(server, 'supplier');
  await sellIn(seller, category);
  const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
  const q = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
  const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: q.id }] })).body;
  expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
  return { buyer, seller, po };
}

const receipt = (line: string, photoIds: string[]) => ({
  id: crypto.randomUUID(),
  lines: [{ purchase_order_line_id: line, received_quantity: 2, rejected_quantity: 1, rejection_reason: 'damaged', photo_ids: photoIds }],
});

describe('photos of goods receipts', () => {
  it('takes the photos its receipt names, from the buyer, and shows them to the order’s parties only', async () => {
    const { buyer, seller, po } = await accepted();
    const jpeg = await cameraJpeg(800, 600);
    const photoId = crypto.randomUUID();
    // Not named by any receipt yet: refused before a byte is kept.
    expect((await uploadOrderPhoto(buyer, { purchaseOrderId: po.id, fileId: photoId }, jpeg)).status).toBe(404);
    expect((await buyer.post(`/api/purchase-orders/${po.id}/receipts`, receipt(po.lines[0].id, [photoId]))).status).toBe(201);
    const url = orderPhotoUrl(po.id, photoId, 160);
    expect((await seller.request('GET', url)).status).toBe(404);
    expect((await uploadOrderPhoto(seller, { purchaseOrderId: po.id, fileId: photoId }, jpeg)).status).toBe(404);
    const up = await uploadOrderPhoto(buyer, { purchaseOrderId: po.id, fileId: photoId }, jpeg);
    expect(up.status, up.text).toBe(201);
    for (const party of [buyer, seller]) {
      const res = await party.request('GET', url);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
    expect((await (await as(server, 'contractor')).request('GET', url)).status).toBe(404);
    // The photo belongs to this order: another order's receipt cannot name it.
    const other = await accepted();
    const stolen = await other.buyer.post(`/api/purchase-orders/${other.po.id}/receipts`, receipt(other.po.lines[0].id, [photoId]));
    expect([stolen.status, stolen.body.code]).toEqual([409, 'conflict']);
  });
});
