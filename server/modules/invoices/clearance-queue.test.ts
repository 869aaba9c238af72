/**
 * The clearance queue through REST, with a ZATCA in front of the development one that the
 * test holds, lets through, refuses or leaves without an answer: a request never waits for
 * ZATCA, a seller's chain goes in ICV order and stops at the first document without an
 * answer, a refusal moves on, and two workers send each document once. And an order of
 * as many lines as an RFQ may have (500) is invoiced and cleared: its document is far over
 * the app's 100 kB body limit, which the development ZATCA does not apply (on Postgres only:
 * it takes a minute and depends on no database).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { type Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { tradingParties } from '../../test/invoice-steps';
import { ClearanceWorker } from './clearance-queue';

type Mode = 'answer' | 'hold';

/**
 * A ZATCA the test controls, forwarding to the development ZATCA: in `answer` mode each
 * document goes through at once; in `hold` mode it is kept without an answer until the test
 * lets it through (pass), refuses it (refuse) or drops the connection (no answer).
 */
function controlledZatca(target: () => string) {
  let mode: Mode = 'answer';
  const sent: string[] = [];
  const held: Array<{ uuid: string; open: boolean; pass(): void; refuse(): void; drop(): void }> = [];
  let waiters: Array<{ n: number; resolve(): void }> = [];
  const forward = async (req: http.IncomingMessage, body: string, res: http.ServerResponse) => {
    const headers: Record<string, string> = {};
    for (const h of ['content-type', 'accept', 'accept-version', 'accept-language', 'authorization', 'clearance-status', 'otp']) {
      if (req.headers[h]) headers[h] = String(req.headers[h]);
    }
    const answer = await fetch(`${target()}${req.url}`, { method: 'POST', headers, body });
    res.writeHead(answer.status, { 'Content-Type': 'application/json' });
    res.end(await answer.text());
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const uuid = req.url!.startsWith('/invoices/') ? (JSON.parse(body) as { uuid: string }).uuid : null;
      if (!uuid) return void forward(req, body, res);
      sent.push(uuid);
      if (mode === 'answer') void forward(req, body, res);
      else {
        const entry = {
          uuid,
          open: true,
          pass: () => void forward(req, body, res),
          refuse: () => {
            res.writeHead(400, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({
              validationResults: { infoMessages: [], warningMessages: [], errorMessages: [{ type: 'ERROR', code: 'BR-KSA-44', category: 'KSA', message: 'The buyer VAT number is invalid' }], status: 'ERROR' },
              clearanceStatus: 'NOT_CLEARED',
            }));
          },
          drop: () => res.destroy(),
        };
        // Closed without an answer: the caller gave up waiting (zatca-api.ts's timeout) or we dropped it.
        res.on('close', () => (entry.open = false));
        held.push(entry);
      }
      for (const w of waiters.filter((w) => sent.length >= w.n)) w.resolve();
      waiters = waiters.filter((w) => sent.length < w.n);
    });
  });
  return {
    server,
    sent,
    held,
    set mode(m: Mode) {
      mode = m;
    },
    /** Resolves once `n` documents have reached this ZATCA (whatever it did with them). */
    received: (n: number) => new Promise<void>((resolve) => (sent.length >= n ? resolve() : waiters.push({ n, resolve }))),
    reset() {
      mode = 'answer';
      sent.length = 0;
      for (const h of held.splice(0)) h.drop();
    },
  };
}

describe('the clearance queue', () => {
  let server: TestServer;
  let category: string;
  const zatca = controlledZatca(() => `${server.url}/dev-zatca`);
  beforeAll(async () => {
    server = await startTestServer();
    category = await categoryId(server.db.knex, 2);
    await new Promise<void>((resolve) => zatca.server.listen(0, '127.0.0.1', resolve));
    // This server's worker (and its onboarding) talk to the controlled ZATCA; the development ZATCA stays mounted behind it.
    server.config.einvoicing.zatcaApiUrl = `http://127.0.0.1:${(zatca.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => zatca.reset());
  afterAll(async () => {
    zatca.reset();
    await server.close();
    zatca.server.closeAllConnections();
    await new Promise((resolve) => zatca.server.close(resolve));
  });

  /** An accepted order of one line (10 units at `price`) from `seller` to `buyer`. */
  async function acceptedOrder(buyer: Client, seller: Client, price = 12) {
    const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
    const quote = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: price }));
    const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] })).body;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
    return po as { id: string };
  }

  const issue = async (seller: Client, order: { id: string }) => {
    const res = await seller.post('/api/invoices', { purchase_order_id: order.id });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: string; icv: number; status: string };
  };
  const statusOf = async (seller: Client, id: string) => (await seller.get(`/api/invoices/${id}`)).body.status as string;

  it('answers the issue at once with the invoice pending while ZATCA has not answered, and the invoice is cleared once it does', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const order = await acceptedOrder(buyer, seller);
    zatca.mode = 'hold';
    // ZATCA holds every document without an answer: the request answers all the same, and
    // ZATCA is still holding the document then (a request that sent it itself would answer
    // only once its call gave up, the connection closed).
    const invoice = await issue(seller, order);
    expect(invoice.status).toBe('pending');
    await zatca.received(1);
    expect(zatca.held.map((h) => [h.uuid, h.open])).toEqual([[invoice.id, true]]);
    expect(await statusOf(seller, invoice.id)).toBe('pending');
    expect((await buyer.get(`/api/invoices/${invoice.id}`)).status).toBe(404);

    zatca.held.shift()!.pass();
    await server.drainClearance();
    expect(await statusOf(seller, invoice.id)).toBe('cleared');
    expect((await buyer.get(`/api/invoices/${invoice.id}`)).body.status).toBe('cleared');
  });

  it('stops at the first document ZATCA did not answer and sends none after it; once ZATCA answers, the chain clears in order', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const [o1, o2, o3] = [await acceptedOrder(buyer, seller, 5), await acceptedOrder(buyer, seller, 6), await acceptedOrder(buyer, seller, 7)];
    zatca.mode = 'hold';
    const first = await issue(seller, o1);
    await zatca.received(1);
    // Two more chained while the first waits for ZATCA.
    const second = await issue(seller, o2);
    const third = await issue(seller, o3);
    expect([first.icv + 1, first.icv + 2]).toEqual([second.icv, third.icv]);
    zatca.held.shift()!.drop();
    await server.drainClearance();
    expect(zatca.sent).toEqual([first.id]);
    expect([await statusOf(seller, first.id), await statusOf(seller, second.id), await statusOf(seller, third.id)]).toEqual(['pending', 'pending', 'pending']);
    // Its backoff keeps the worker's minute tick from sending it again at once.
    await server.drainClearance();
    expect(zatca.sent).toEqual([first.id]);

    // The seller asks again (any of its pending documents): the chain goes, in ICV order.
    zatca.mode = 'answer';
    const retried = await seller.post(`/api/invoices/${third.id}/clearance`, {});
    expect([retried.status, retried.body.status]).toEqual([200, 'pending']);
    await server.drainClearance();
    expect(zatca.sent).toEqual([first.id, first.id, second.id, third.id]);
    expect([await statusOf(seller, first.id), await statusOf(seller, second.id), await statusOf(seller, third.id)]).toEqual(['cleared', 'cleared', 'cleared']);
    expect(await server.db.knex('clearance_queue').where({ seller_id: seller.user.id }).first()).toBeUndefined();
  });

  it('moves on to the next document when ZATCA refuses one: the refused one is rejected with its messages, the next cleared', async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const [o1, o2] = [await acceptedOrder(buyer, seller, 5), await acceptedOrder(buyer, seller, 6)];
    zatca.mode = 'hold';
    const refused = await issue(seller, o1);
    await zatca.received(1);
    const next = await issue(seller, o2);
    zatca.mode = 'answer';
    zatca.held.shift()!.refuse();
    await server.drainClearance();
    expect(zatca.sent).toEqual([refused.id, next.id]);
    expect((await seller.get(`/api/invoices/${refused.id}`)).body).toMatchObject({ status: 'rejected', messages: [{ code: 'BR-KSA-44' }] });
    expect(await statusOf(seller, next.id)).toBe('cleared');
  });

  it("sends each document once when two workers drain the same seller's chain", async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const orders = [];
    for (const price of [3, 4, 5, 6]) orders.push(await acceptedOrder(buyer, seller, price));
    zatca.mode = 'hold';
    const issued = [];
    for (const o of orders) issued.push(await issue(seller, o));
    await zatca.received(1);
    // A second process's worker, woken while the first is in the middle of the chain.
    const other = new ClearanceWorker({ knex: server.db.knex, config: server.config, logger: pino({ level: 'silent' }), clock: server.clock });
    zatca.mode = 'answer';
    const otherDrain = other.kick();
    zatca.held.shift()!.pass();
    await Promise.all([otherDrain, server.drainClearance(), other.kick()]);
    await other.stop();
    expect(zatca.sent).toEqual(issued.map((i) => i.id));
    for (const i of issued) expect(await statusOf(seller, i.id)).toBe('cleared');
  });

  // ZATCA's rules take about a minute on a document this size (more on a busy machine).
  // What it proves is the document's size and ZATCA's rules, not the database's: it runs
  // once, with the Postgres tests (CI's second pass), not again on PGlite.
  it.runIf(onPostgres)('issues and clears an invoice of 500 lines through the development ZATCA', { timeout: 600_000 }, async () => {
    const { buyer, seller } = await tradingParties(server, category);
    const rfq = await postRfq(buyer, rfqBody(category, {}, 500));
    const quote = await postQuote(seller, rfq.id, quoteBody(Object.fromEntries(rfq.lines.map((l, i) => [l.id, 1 + (i % 50) / 4]))));
    const awarded = await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: rfq.lines.map((l) => ({ rfq_line_id: l.id, quote_id: quote.id })) });
    expect(awarded.status, awarded.text).toBe(200);
    const [po] = awarded.body as Array<{ id: string }>;
    expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);

    const invoice = await issue(seller, po);
    const { xml } = await server.db.knex('invoices').where({ id: invoice.id }).first('xml');
    // What is sent is the document in base64: well over the app's 100 kB.
    expect(Buffer.from(xml, 'utf8').toString('base64').length).toBeGreaterThan(100 * 1024);
    await server.drainClearance();
    const cleared = (await seller.get(`/api/invoices/${invoice.id}`)).body;
    expect([cleared.status, cleared.messages, cleared.lines.length]).toEqual(['cleared', [], 500]);
  });
});
