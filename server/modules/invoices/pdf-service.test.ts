/**
 * The PDF route under load, as a client sees it: a long document renders off the event
 * loop (the health check answers while it renders), one account's flood is refused past
 * its bound and the renderer's queue past its own, a render past its time limit is given
 * up, and a document's bytes are kept: asked for again, they are served as they were,
 * without a render, until a pending document's status changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import type { Client } from '../../test/factories';
import { acceptedOrder, clearInvoice, insertInvoice } from '../../test/invoice-rows';
import { PdfRenderer } from './pdf-renderer';

type Po = { id: string; seller_id: string; buyer_id: string };

/** The worst case the issue names: `count` lines of 5,000 characters each, Arabic and Latin words. */
const WORDS = 'أسمنت بورتلاندي مقاوم للكبريتات Portland cement 50 kg ';
const longLines = (count: number): string[] => Array.from({ length: count }, () => WORDS.repeat(Math.ceil(5000 / WORDS.length)).slice(0, 5000));

/** The PDF as a browser downloads it: status, the error code and Retry-After of a refusal, and the bytes. */
async function download(client: Client, id: string) {
  const res = await fetch(new URL(`/api/invoices/${id}/pdf`, client.base), { headers: { Cookie: client.cookieHeader() } });
  const body = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, retryAfter: res.headers.get('retry-after'), code: type.includes('json') ? (JSON.parse(body.toString()) as { code: string }).code : undefined, body };
}

/** Resolves once `check` holds, looked at on each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
}

describe('GET /api/invoices/{id}/pdf under load', () => {
  let server: TestServer;
  let renderer: PdfRenderer;
  let seller: Client;
  let buyer: Client;
  let po: Po;
  beforeAll(async () => {
    renderer = new PdfRenderer({ threads: 1, queue: 8, perAccount: 2 });
    server = await startTestServer({ app: { pdf: renderer } });
    ({ seller, buyer, po } = await acceptedOrder(server));
  }, 60_000);
  afterAll(() => server.close());

  it('answers /api/health while a worst-case document renders', async () => {
    const id = await insertInvoice(server.db.knex, po, { status: 'rejected', descriptions: longLines(6) });
    const before = renderer.renders;
    const pdf = download(seller, id);
    await until(() => renderer.renders > before);
    const health = fetch(new URL('/api/health', server.url)).then(async (res) => ({ status: res.status, body: await res.json() }));
    const first = await Promise.race([health.then(() => 'health'), pdf.then(() => 'pdf')]);
    expect(first).toBe('health');
    expect(await health).toMatchObject({ status: 200, body: { ok: true } });
    const done = await pdf;
    expect(done.status).toBe(200);
    expect(done.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 120_000);

  it("refuses one account's renders past its bound with 429 rate_limited and Retry-After, and renders the rest", async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) {
      const id = await insertInvoice(server.db.knex, po, { status: 'rejected', descriptions: longLines(6) });
      ids.push(id);
    }
    const answers = await Promise.all(ids.map((id) => download(seller, id)));
    const refused = answers.filter((a) => a.status === 429);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429]);
    for (const r of refused) {
      expect(r.code).toBe('rate_limited');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
  }, 120_000);

  it('serves a document again byte for byte without rendering it, to its seller and its buyer', async () => {
    const id = await insertInvoice(server.db.knex, po, { status: 'rejected' });
    await server.db.knex('invoices').where({ id }).update({ status: 'cleared' });
    const before = renderer.renders;
    // Two at once: the second waits for the first one's render or reads what it kept.
    const [a, b] = await Promise.all([download(seller, id), download(seller, id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(renderer.renders - before).toBe(1);
    const again = await download(seller, id);
    const buyers = await download(buyer, id);
    expect(renderer.renders - before).toBe(1);
    expect(again.body.equals(a.body)).toBe(true);
    expect(b.body.equals(a.body)).toBe(true);
    expect(buyers.body.equals(a.body)).toBe(true);
    expect(await server.db.knex('invoice_pdfs').where({ invoice_id: id }).first('status')).toEqual({ status: 'cleared' });
  }, 120_000);

  it("renders a pending document again once ZATCA's answer changes its status, then keeps the new bytes", async () => {
    const { seller: s, po: order } = await acceptedOrder(server);
    const id = await insertInvoice(server.db.knex, order, { status: 'pending' });
    const before = renderer.renders;
    const pending = await download(s, id);
    expect((await download(s, id)).body.equals(pending.body)).toBe(true);
    expect(renderer.renders - before).toBe(1);

    await clearInvoice(server.db.knex, id);
    const cleared = await download(s, id);
    expect(cleared.status).toBe(200);
    expect(renderer.renders - before).toBe(2);
    expect((await download(s, id)).body.equals(cleared.body)).toBe(true);
    expect(renderer.renders - before).toBe(2);
  }, 120_000);
});

describe('the PDF renderer at its bounds', () => {
  it('answers 503 pdf_busy with Retry-After while its threads and queue are full', async () => {
    const renderer = new PdfRenderer({ threads: 1, queue: 0, perAccount: 2 });
    const server = await startTestServer({ app: { pdf: renderer } });
    try {
      const { seller, po } = await acceptedOrder(server);
      const long = await insertInvoice(server.db.knex, po, { status: 'rejected', descriptions: longLines(6) });
      const other = await insertInvoice(server.db.knex, po, { status: 'rejected' });
      // The long document takes the one thread first (its thread starts with it, so it
      // runs well past the second request); the second finds no thread and no queue.
      const before = renderer.renders;
      const first = download(seller, long);
      await until(() => renderer.renders > before);
      const second = await download(seller, other);
      expect([second.status, second.code]).toEqual([503, 'pdf_busy']);
      expect(Number(second.retryAfter)).toBeGreaterThan(0);
      expect((await first).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('gives a render up past its time limit: 503 pdf_timed_out with Retry-After, and nothing kept', async () => {
    const server = await startTestServer({ app: { pdf: new PdfRenderer({ threads: 1, queue: 8, perAccount: 2, timeoutMs: 1 }) } });
    try {
      const { seller, po } = await acceptedOrder(server);
      const id = await insertInvoice(server.db.knex, po, { status: 'rejected', descriptions: longLines(6) });
      const answer = await download(seller, id);
      expect([answer.status, answer.code]).toEqual([503, 'pdf_timed_out']);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(await server.db.knex('invoice_pdfs').where({ invoice_id: id }).first()).toBeUndefined();
    } finally {
      await server.close();
    }
  }, 120_000);
});
