/**
 * Invoices through the change feed: the seller's device receives a document from its
 * issue on, the buyer's only once ZATCA cleared it (the feed addresses both; the loader
 * drops what the reader may not see), each row in the shape the client parses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSchema } from '../../../shared/schemas/invoice';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, audiences, changesOf, type Client } from '../../test/factories';
import { acceptedOrder, clearInvoice, insertInvoice } from '../../test/invoice-rows';

type Change = { entity: string; id: string; op: 'upsert' | 'delete'; data?: Record<string, unknown> };

/** What the client's feed holds of invoices after pulling from `cursor`: id -> row. */
async function pulled(client: Client, held = new Map<string, Record<string, unknown>>()) {
  let cursor = '';
  for (;;) {
    const res = await client.get(`/api/sync/pull?limit=5000${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    for (const c of res.body.changes as Change[]) {
      if (c.entity !== 'invoice') continue;
      if (c.op === 'upsert') held.set(c.id, c.data!);
      else held.delete(c.id);
    }
    cursor = res.body.cursor;
    if (!res.body.has_more) return held;
  }
}

describe('invoices in the feed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  it('sends a pending invoice to its seller only, and to the buyer once cleared', async () => {
    const { buyer, seller, po } = await acceptedOrder(server);
    const id = await insertInvoice(knex(), po, { status: 'pending' });
    expect((await changesOf(knex(), 'invoice', id)).audiences).toEqual(audiences(`user:${buyer.user.id}`, `user:${seller.user.id}`));

    const sellers = await pulled(seller);
    expect(invoiceSchema.parse(sellers.get(id))).toMatchObject({ id, status: 'pending', total: 212.75, lines: [{ quantity: 10, unit_price: 18.5, vat_rate: 0.15 }] });
    const buyers = await pulled(buyer);
    expect(buyers.get(id)?.status ?? 'absent').toBe('absent');
    expect((await pulled(await as(server, 'supplier'))).has(id)).toBe(false);

    await clearInvoice(knex(), id);
    expect(invoiceSchema.parse((await pulled(buyer)).get(id))).toMatchObject({ id, status: 'cleared', purchase_order_id: po.id, seller: { vat_number: '310122393500003' } });
    expect((await pulled(seller)).get(id)).toMatchObject({ status: 'cleared' });
  });

  it('never sends a rejected invoice to the buyer, and sends it to the seller with ZATCA’s messages', async () => {
    const { buyer, seller, po } = await acceptedOrder(server);
    const id = await insertInvoice(knex(), po, { status: 'rejected' });
    expect((await pulled(buyer)).has(id)).toBe(false);
    expect((await pulled(seller)).get(id)).toMatchObject({ status: 'rejected', messages: [{ code: 'BR-KSA-37' }] });
  });
});
