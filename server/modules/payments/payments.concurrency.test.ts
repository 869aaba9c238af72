/**
 * Payments written at the same instant, through HTTP on Postgres (PGlite has one
 * connection, so nothing there runs concurrently): each write takes the invoice's row lock,
 * so two transfers that together overpay are one recorded and one refused, a payment sent
 * twice at once is one row, and two confirmations at once change the balance once; a
 * transfer across invoices takes their locks in id order.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riyadhDay } from '../../../shared/riyadh';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { notificationsOf } from '../../test/factories';
import { categoryId } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';

describe.runIf(onPostgres)('payments at once (Postgres)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('records, replays and confirms under the invoice’s lock: the balance changes once', async () => {
    const category = await categoryId(server.db.knex, 2);
    const { buyer, seller } = await tradingParties(server, category);
    for (let round = 0; round < 3; round++) {
      const invoice = await clearedInvoice(buyer, seller, category);
      const transfer = (amount: number) => ({ id: randomUUID(), amount, paid_on: riyadhDay(new Date()), reference: `TRX-${round}` });
      const [a, b] = [transfer(100), transfer(100)];
      const both = await Promise.all([a, b, a, b].map((t) => buyer.post(`/api/invoices/${invoice.id}/payments`, t)));
      const statuses = both.map((r) => r.status).sort();
      // One of the two is recorded (201, then its replay 200); the other overpays (409 twice).
      expect(statuses, `round ${round}: ${both.map((r) => r.text).join(' | ')}`).toEqual([200, 201, 409, 409]);
      const kept = both.find((r) => r.status === 201)!.body.id as string;

      const confirms = await Promise.all([1, 2, 3].map(() => seller.post(`/api/payments/${kept}/confirm`, {})));
      expect(confirms.map((r) => r.status)).toEqual([200, 200, 200]);
      const inv = (await buyer.get(`/api/invoices/${invoice.id}`)).body;
      expect(inv.payment).toMatchObject({ paid: 100, balance: 15, pending: 0, status: 'partially_paid' });
      const told = (await notificationsOf(server.db.knex, buyer.user.id, 'payment.confirmed')).filter((n) => n.params.payment_id === kept);
      expect(told).toHaveLength(1);
    }
  });

  it('takes a transfer’s invoices in id order: crossed transfers never deadlock, and a record beside a confirmation changes the balance once', async () => {
    const category = await categoryId(server.db.knex, 2);
    const { buyer, seller } = await tradingParties(server, category);
    const a = await clearedInvoice(buyer, seller, category);
    const b = await clearedInvoice(buyer, seller, category);
    const multi = (allocations: Array<{ invoice_id: string; amount: number }>) => ({ id: randomUUID(), paid_on: riyadhDay(new Date()), reference: 'TRX-X', allocations });
    // The same two invoices, named in opposite orders, at once (several times over): all recorded, no deadlock.
    const crossed = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        buyer.post('/api/payments/transfers', multi(i % 2 ? [{ invoice_id: b.id, amount: 1 }, { invoice_id: a.id, amount: i ? 1 : 45 }] : [{ invoice_id: a.id, amount: i ? 1 : 45 }, { invoice_id: b.id, amount: 1 }])),
      ),
    );
    expect(crossed.map((r) => r.status), crossed.map((r) => r.text).join(' | ')).toEqual([201, 201, 201, 201, 201, 201]);
    const [first] = crossed;
    // Confirmed twice while the buyer records the rest of a (115 - 50 recorded): the balance changes once.
    const single = { id: randomUUID(), amount: 65, paid_on: riyadhDay(new Date()), reference: 'TRX-Y' };
    const [c1, c2, rec] = await Promise.all([
      seller.post(`/api/payments/transfers/${first.body.id}/confirm`, {}),
      seller.post(`/api/payments/transfers/${first.body.id}/confirm`, {}),
      buyer.post(`/api/invoices/${a.id}/payments`, single),
    ]);
    expect([c1.status, c2.status, rec.status]).toEqual([200, 200, 201]);
    expect((await buyer.get(`/api/invoices/${a.id}`)).body.payment).toMatchObject({ paid: 45, pending: 70, balance: 70 });
    expect((await buyer.get(`/api/invoices/${b.id}`)).body.payment).toMatchObject({ paid: 1, pending: 5, balance: 114 });
    expect((await notificationsOf(server.db.knex, buyer.user.id, 'payment.confirmed')).filter((n) => n.params.invoice_id === a.id)).toHaveLength(1);
  });
});
