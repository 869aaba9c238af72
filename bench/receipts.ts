/**
 * npm run bench (BENCH_ONLY=receipts), or npx tsx bench/receipts.ts (Postgres; DATABASE_URL,
 * default a local binaa_bench database; BENCH_SCHEMA, default bench_receipts): what arrives
 * at the site and the invoice matched to it, each against a baseline from the same run.
 *
 * - A goods receipt of 50 lines recorded through the sync push (the mutation
 *   goods_receipt.record in one push, as a phone sends it after it was offline: session,
 *   the order's lock, the limit of every line, the rows, the order's status, the change
 *   feed, the seller's notification), against one transaction inserting the same rows
 *   (the receipt and its 50 lines) through bare pg. Target: p95 at most 2x.
 * - The match of a 200-line invoice, GET /api/invoices/{id}/match as its buyer over HTTP,
 *   against one hand-written SQL query through bare pg in a bare node:http server that
 *   reads the same figures (per invoice line: ordered, received, rejected, this invoice's
 *   and the earlier invoices' quantities, both prices) as one JSON document. Target: p95
 *   at most 1.5x.
 * - Beside the receipt, the push's own floor: one small mutation through the same push,
 *   against the same baseline, so the receipt's ratio reads as the push's share and its own.
 * Each pair is measured in alternating rounds, one request at a time, so a burst of other
 * work on a shared machine weighs on both.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { DATABASE_URL, freshSchema, listen, oneAtATime, p95, round2, saveResults, signInCookie, startApp, table } from './common';
import { push } from '../server/modules/sync/push';
import { syncRegistry } from '../server/registry/sync';
import { loadSessionUser } from '../server/auth/session-user';
import { loadConfig } from '../server/config';
import { createClock } from '../server/clock';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_receipts';
const RECEIPT_LINES = 50;
const INVOICE_LINES = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 50);
const WARMUP = 20;
const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'b'.repeat(40), LOG_LEVEL: 'silent' });

const { get, timed, close: closeAgent } = oneAtATime();

/** The match's figures in one statement: per invoice line, its order line's quantities and both prices. */
const MATCH_SQL = `
select json_build_object('status', 'matched', 'lines', (
  select json_agg(json_build_object(
    'invoice_line_id', il.id, 'purchase_order_line_id', pl.id, 'position', il.position, 'description', il.description, 'unit', il.unit,
    'ordered', pl.quantity,
    'received', coalesce(r.received, 0), 'rejected', coalesce(r.rejected, 0),
    'invoiced', il.quantity,
    'invoiced_before', coalesce((select sum(b.quantity) from invoice_lines b join invoices bi on bi.id = b.invoice_id
                                  where b.purchase_order_line_id = pl.id and bi.kind = 'invoice' and bi.status <> 'rejected' and bi.id <> inv.id and bi.created_at < inv.created_at), 0),
    'order_unit_price', pl.unit_price, 'invoice_unit_price', il.unit_price,
    'difference', round(il.unit_price * il.quantity - pl.unit_price * least(il.quantity, coalesce(r.received, 0) - coalesce(r.rejected, 0)), 2))
    order by il.position)
  from invoice_lines il
  join purchase_order_lines pl on pl.id = il.purchase_order_line_id
  left join lateral (select sum(received_quantity) as received, sum(rejected_quantity) as rejected from goods_receipt_lines g where g.purchase_order_line_id = pl.id) r on true
  where il.invoice_id = inv.id))
from invoices inv where inv.id = $1`;

async function main() {
  const db = await freshSchema(SCHEMA, 10);
  const knex = db.knex;
  const [buyer] = await knex('users').insert({ email: 'bench-receipts-buyer@binaa.sa', name: 'مهندس الموقع' }).returning('id');
  await knex('profiles').insert({ user_id: buyer.id, role: 'contractor', company_name: 'مقاولات القياس' });
  const [seller] = await knex('users').insert({ email: 'bench-receipts-seller@binaa.sa', name: 'المورد' }).returning('id');
  await knex('profiles').insert({ user_id: seller.id, role: 'supplier', company_name: 'مورد القياس' });

  // An accepted order of 200 lines of 100,000 each: receipts of one unit a line never fill it.
  const [po] = await knex('purchase_orders')
    .insert({ number: 'PO-2026-000001', year: 2026, seq: 1, buyer_id: buyer.id, seller_id: seller.id, title: 'برج سكني', delivery_location: 'الرياض', subtotal: 0, vat_total: 0, total: 0, status: 'accepted', answered_at: new Date() })
    .returning('id');
  const lines: Array<{ id: string; unit_price: number }> = await knex('purchase_order_lines')
    .insert(
      Array.from({ length: INVOICE_LINES }, (_, i) => ({
        purchase_order_id: po.id, position: i + 1, description: `بند ${i + 1}`, quantity: 100_000, unit: 'كيس', unit_price: 10 + (i % 40), vat_rate: 0.15, line_total: 0, vat_amount: 0,
      })),
    )
    .returning(['id', 'unit_price']);
  await knex.raw('analyze');

  // Receipts: through the push as the buyer, and the same rows in one bare transaction.
  const pusher = (await loadSessionUser(knex, config, buyer.id))!;
  const deps = { config, clock: createClock() };
  const receiptLines = () => lines.slice(0, RECEIPT_LINES).map((l, i) => ({ purchase_order_line_id: l.id, received_quantity: 1, ...(i % 10 === 0 ? { rejected_quantity: 0.5, rejection_reason: 'damaged' } : {}) }));
  const viaPush = async () => {
    const t = performance.now();
    const res = await push(knex, syncRegistry, deps, pusher, {
      client_id: crypto.randomUUID(),
      mutations: [{ id: 1, name: 'goods_receipt.record', args: { id: crypto.randomUUID(), purchase_order_id: po.id, lines: receiptLines() } }],
    });
    const ms = performance.now() - t;
    if (res.results[0]?.status !== 'applied') throw new Error(`receipt push: ${JSON.stringify(res.results[0])}`);
    return ms;
  };
  // The push's own floor: a mutation of one small update (notification.read_all), through
  // the same push (the client's row, the transaction, the stored result), in the same rounds.
  const viaFloor = async () => {
    const t = performance.now();
    const res = await push(knex, syncRegistry, deps, pusher, { client_id: crypto.randomUUID(), mutations: [{ id: 1, name: 'notification.read_all', args: {} }] });
    const ms = performance.now() - t;
    if (res.results[0]?.status !== 'applied') throw new Error(`floor push: ${JSON.stringify(res.results[0])}`);
    return ms;
  };
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2, options: `-c search_path=${SCHEMA},public` });
  const viaBare = async () => {
    const t = performance.now();
    const c = await pool.connect();
    try {
      await c.query('begin');
      const id = crypto.randomUUID();
      await c.query('insert into goods_receipts (id, purchase_order_id, received_by, received_at) values ($1, $2, $3, now())', [id, po.id, buyer.id]);
      const ls = receiptLines();
      await c.query(
        `insert into goods_receipt_lines (goods_receipt_id, purchase_order_line_id, received_quantity, rejected_quantity, rejection_reason)
         select $1, * from unnest($2::uuid[], $3::numeric[], $4::numeric[], $5::text[])`,
        [id, ls.map((l) => l.purchase_order_line_id), ls.map((l) => l.received_quantity), ls.map((l) => l.rejected_quantity ?? 0), ls.map((l) => l.rejection_reason ?? null)],
      );
      await c.query('commit');
    } finally {
      c.release();
    }
    return performance.now() - t;
  };
  for (let i = 0; i < WARMUP; i++) {
    await viaPush();
    await viaBare();
    await viaFloor();
  }
  const pushMs: number[] = [];
  const bareMs: number[] = [];
  const floorMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (let i = 0; i < PER_ROUND; i++) pushMs.push(await viaPush());
    for (let i = 0; i < PER_ROUND; i++) bareMs.push(await viaBare());
    for (let i = 0; i < PER_ROUND; i++) floorMs.push(await viaFloor());
  }

  // A 200-line invoice of the order, written straight in (issuing it is not what is measured).
  const [unit] = await knex('einvoicing_units').insert({ company_id: seller.id, serial: crypto.randomUUID(), status: 'ready', last_invoice_hash: 'x' }).returning('id');
  const [inv] = await knex('invoices')
    .insert({
      kind: 'invoice', number: 'INV-2026-000001', year: 2026, seq: 1, seller_id: seller.id, buyer_id: buyer.id, unit_id: unit.id, purchase_order_id: po.id, icv: 1, pih: 'x', hash: 'x', qr: 'x',
      issued_at: new Date(), supply_date: '2026-12-01', seller: '{}', buyer: '{}', subtotal: 0, vat_total: 0, total: 0, status: 'cleared', xml: '<Invoice/>',
    })
    .returning('id');
  await knex('invoice_lines').insert(
    lines.map((l, i) => ({
      invoice_id: inv.id, position: i + 1, purchase_order_line_id: l.id, description: `بند ${i + 1}`, quantity: 40, unit: 'كيس', unit_price: Number(l.unit_price) + (i % 25 === 0 ? 1 : 0),
      vat_category: 'S', vat_rate: 0.15, line_total: 0, vat_amount: 0,
    })),
  );
  await knex.raw('analyze');

  const app = await startApp(db);
  const cookie = await signInCookie(app.url, knex, buyer.id);
  const bare = await listen((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id');
    pool.query(MATCH_SQL, [id]).then(
      (r) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.rows[0].json_build_object));
      },
      (e: Error) => {
        res.writeHead(500);
        res.end(e.message);
      },
    );
  });
  const appPath = `/api/invoices/${inv.id}/match`;
  const barePath = `/?id=${inv.id}`;
  const check = JSON.parse((await get(app.url, appPath, cookie)).body);
  if (check.lines?.length !== INVOICE_LINES) throw new Error(`the match is not ${INVOICE_LINES} lines: ${JSON.stringify(check).slice(0, 300)}`);
  if (check.status !== 'exception') throw new Error('the match of an invoice priced above its order reads matched');
  await timed(app.url, appPath, WARMUP, cookie);
  await timed(bare.url, barePath, WARMUP);
  const matchMs: number[] = [];
  const matchBareMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    matchMs.push(...(await timed(app.url, appPath, PER_ROUND * 2, cookie)));
    matchBareMs.push(...(await timed(bare.url, barePath, PER_ROUND * 2)));
  }

  const result = {
    receipt_lines: RECEIPT_LINES,
    receipts_each: pushMs.length,
    receipt_push_p95_ms: round2(p95(pushMs)),
    receipt_bare_p95_ms: round2(p95(bareMs)),
    receipt_ratio: round2(p95(pushMs) / p95(bareMs)),
    receipt_target_ratio: 2,
    push_floor_p95_ms: round2(p95(floorMs)),
    push_floor_ratio: round2(p95(floorMs) / p95(bareMs)),
    invoice_lines: INVOICE_LINES,
    matches_each: matchMs.length,
    match_p95_ms: round2(p95(matchMs)),
    match_bare_p95_ms: round2(p95(matchBareMs)),
    match_ratio: round2(p95(matchMs) / p95(matchBareMs)),
    match_target_ratio: 1.5,
  };
  saveResults('receipts', result);
  table([
    { benchmark: `goods receipt of ${RECEIPT_LINES} lines through the sync push, p95`, value: `${result.receipt_push_p95_ms} ms`, baseline: `${result.receipt_bare_p95_ms} ms (one bare pg transaction)`, ratio: result.receipt_ratio },
    { benchmark: 'the push alone: notification.read_all through the sync push, p95', value: `${result.push_floor_p95_ms} ms`, baseline: `${result.receipt_bare_p95_ms} ms (the same bare transaction)`, ratio: result.push_floor_ratio },
    { benchmark: `match of a ${INVOICE_LINES}-line invoice, GET /api/invoices/{id}/match p95`, value: `${result.match_p95_ms} ms`, baseline: `${result.match_bare_p95_ms} ms (one SQL, bare pg)`, ratio: result.match_ratio },
  ]);

  closeAgent();
  await bare.close();
  await pool.end();
  await app.close();
  await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
  const failed = result.receipt_ratio > result.receipt_target_ratio || result.match_ratio > result.match_target_ratio;
  if (failed) console.log('receipts bench: a target was missed (see the ratios above)');
}

await main();
