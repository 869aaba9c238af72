/**
 * A person's data export: started in the background, its progress moving to ready, one
 * job at a time per person, built again after a process that held it died, and its ZIP
 * holding their records as the app shows them to them (nothing of a company they cannot
 * see), the files they uploaded, and no session token or key.
 */
import crypto from 'node:crypto';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportDownloadUrl } from '../../../shared/schemas/account-export';
import { startTestServer, type TestServer } from '../../test/harness';
import type { Client } from '../../test/factories';
import { categoryId, postQuote, postRfq, quoteBody, rfqBody } from '../../test/rfq-steps';
import { clearedInvoice, tradingParties } from '../../test/invoice-steps';
import { cameraJpeg, uploadOrderPhoto } from '../../test/tus';
import { exportWorker } from './worker';

let server: TestServer;
let category: string;
beforeAll(async () => {
  server = await startTestServer({ files: 'data-export' });
  category = await categoryId(server.db.knex, 2);
});
afterAll(() => server?.close());

const worker = () => exportWorker(server.app.context.deps);

/** The export's ZIP as its person downloads it. */
async function download(client: Client, id: string): Promise<{ status: number; zip?: JSZip; type: string | null }> {
  const res = await fetch(new URL(accountExportDownloadUrl(id), server.url), { headers: { Cookie: client.cookieHeader() } });
  const type = res.headers.get('content-type');
  if (res.status !== 200) return { status: res.status, type };
  return { status: 200, type, zip: await JSZip.loadAsync(Buffer.from(await res.arrayBuffer())) };
}

async function json(zip: JSZip, file: string): Promise<unknown> {
  const entry = zip.file(file);
  expect(entry, file).not.toBeNull();
  return JSON.parse(await entry!.async('string'));
}

/** A buyer with a cleared invoice, and another order whose receipt photo the buyer uploaded. */
async function buyerWithRecords() {
  const { buyer, seller } = await tradingParties(server, category);
  const invoice = await clearedInvoice(buyer, seller, category);
  const rfq = await postRfq(buyer, rfqBody(category, {}, 1));
  const quote = await postQuote(seller, rfq.id, quoteBody({ [rfq.lines[0].id]: 18.5 }));
  const [po] = (await buyer.post(`/api/rfqs/${rfq.id}/award`, { awards: [{ rfq_line_id: rfq.lines[0].id, quote_id: quote.id }] })).body;
  expect((await seller.post(`/api/purchase-orders/${po.id}/accept`, {})).status).toBe(200);
  const photoId = crypto.randomUUID();
  const receipt = {
    id: crypto.randomUUID(),
    lines: [{ purchase_order_line_id: po.lines[0].id, received_quantity: 2, rejected_quantity: 1, rejection_reason: 'damaged', photo_ids: [photoId] }],
  };
  const recorded = await buyer.post(`/api/purchase-orders/${po.id}/receipts`, receipt);
  expect(recorded.status, recorded.text).toBe(201);
  const up = await uploadOrderPhoto(buyer, { purchaseOrderId: po.id, fileId: photoId }, await cameraJpeg(800, 600));
  expect(up.status, up.text).toBe(201);
  return { buyer, seller, invoice, rfq, photoId };
}

describe('the data export', () => {
  it('prepares in the background to ready, with the person’s records and files and nothing of another company’s', async () => {
    const a = await buyerWithRecords();
    // Another buyer's RFQ and invoice, with another seller: nothing the first buyer can see.
    const b = await tradingParties(server, category);
    const invoiceB = await clearedInvoice(b.buyer, b.seller, category);
    const rfqB = await postRfq(b.buyer, rfqBody(category, {}, 1));

    expect((await a.buyer.get('/api/account/export')).body).toBeNull();
    const started = await a.buyer.post('/api/account/export');
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ status: 'preparing', progress: 0, bytes: null });
    await worker().kick();
    const done = (await a.buyer.get('/api/account/export')).body;
    expect(done).toMatchObject({ id: started.body.id, status: 'ready', progress: 100 });
    expect(done.bytes).toBeGreaterThan(0);

    const { status, zip, type } = await download(a.buyer, done.id);
    expect([status, type]).toEqual([200, 'application/zip']);
    const names = Object.keys(zip!.files).filter((n) => !zip!.files[n].dir);
    for (const file of ['user.json', 'profile.json', 'company-members.json', 'rfqs.json', 'quotes.json', 'purchase-orders.json', 'goods-receipts.json', 'invoices.json', 'payments.json', 'disputes.json', 'sites.json', 'notifications.json', 'sessions.json', 'README.txt']) {
      expect(names, file).toContain(file);
    }
    expect(((await json(zip!, 'user.json')) as { email: string }).email).toBe(a.buyer.user.email);
    const rfqIds = ((await json(zip!, 'rfqs.json')) as Array<{ id: string }>).map((r) => r.id);
    expect(rfqIds).toContain(a.rfq.id);
    expect(rfqIds).not.toContain(rfqB.id);
    const invoiceIds = ((await json(zip!, 'invoices.json')) as Array<{ id: string }>).map((r) => r.id);
    expect(invoiceIds).toEqual([a.invoice.id]);
    // The file the buyer uploaded, as stored (WebP).
    const photo = await zip!.file(`files/order-photos/${a.photoId}.webp`)?.async('nodebuffer');
    expect(photo?.subarray(8, 12).toString('ascii')).toBe('WEBP');

    // Nothing of the other company anywhere in it, and no session token.
    const text = (await Promise.all(names.filter((n) => !n.startsWith('files/')).map((n) => zip!.file(n)!.async('string')))).join('\n');
    for (const foreign of [rfqB.id, invoiceB.id, invoiceB.purchase_order_id, b.buyer.user.id, b.buyer.user.email, b.seller.user.id]) expect(text.includes(foreign), foreign).toBe(false);
    const sessions: Array<{ id: string }> = await server.db.knex('sessions').where({ user_id: a.buyer.user.id }).select('id');
    expect(sessions.length).toBeGreaterThan(0);
    for (const { id } of sessions) expect(text).not.toContain(id);
    for (const cookie of a.buyer.cookies.values()) expect(text).not.toContain(cookie);
    expect(((await json(zip!, 'sessions.json')) as unknown[]).length).toBe(sessions.length);

    // Someone else's export is not theirs to download, nor to see.
    expect((await download(b.buyer, done.id)).status).toBe(404);
    expect((await b.buyer.get('/api/account/export')).body).toBeNull();
  }, 180_000);

  it('holds no key or ZATCA secret of the seller’s unit in the seller’s own export', async () => {
    const { seller } = await tradingParties(server, category);
    const unit = await server.db.knex('einvoicing_units').where({ company_id: seller.user.id }).first();
    expect(unit.private_key_encrypted).toBeTruthy();
    const started = await seller.post('/api/account/export');
    await worker().kick();
    const { zip } = await download(seller, started.body.id);
    const text = (await Promise.all(Object.values(zip!.files).filter((f) => !f.dir).map((f) => f.async('string')))).join('\n');
    for (const secret of [unit.private_key_encrypted, unit.production_secret_encrypted, unit.compliance_secret_encrypted, unit.production_token, unit.compliance_token]) {
      if (secret) expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/PRIVATE KEY/);
  }, 90_000);

  it('answers the job preparing to a second start, and builds it again once the process that held it stopped', async () => {
    const { buyer } = await tradingParties(server, category);
    // Another process claimed the job and died: its lease holds for now.
    const id = crypto.randomUUID();
    const expires = new Date(Date.now() + 86_400_000);
    await server.db.knex('account_exports').insert({ id, user_id: buyer.user.id, progress: 40, claimed_by: crypto.randomUUID(), claimed_until: new Date(Date.now() + 3600_000), expires_at: expires });
    const again = await buyer.post('/api/account/export');
    expect([again.status, again.body.id, again.body.status]).toEqual([200, id, 'preparing']);
    await worker().kick();
    expect((await buyer.get('/api/account/export')).body).toMatchObject({ id, status: 'preparing', progress: 40 });

    // Its lease runs out: the next sweep starts it again from the beginning, and it moves to ready.
    await server.db.knex('account_exports').where({ id }).update({ claimed_until: new Date(Date.now() - 1000) });
    const seenProgress: number[] = [];
    const watching = (async () => {
      for (let i = 0; i < 200; i++) {
        const job = (await buyer.get('/api/account/export')).body;
        seenProgress.push(job.progress);
        if (job.status !== 'preparing') return;
      }
    })();
    await worker().sweep();
    await watching;
    expect((await buyer.get('/api/account/export')).body).toMatchObject({ id, status: 'ready', progress: 100 });
    expect(seenProgress.at(-1)).toBe(100);
    expect((await download(buyer, id)).status).toBe(200);
    // Once ready, a new start is a new job.
    const next = await buyer.post('/api/account/export');
    expect(next.status).toBe(202);
    expect(next.body.id).not.toBe(id);
    await worker().kick();
  }, 90_000);

  it('answers 401 to a guest', async () => {
    const res = await fetch(new URL('/api/account/export', server.url));
    expect(res.status).toBe(401);
  });
});
