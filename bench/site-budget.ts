/**
 * npm run bench (BENCH_ONLY=site-budget), or npx tsx bench/site-budget.ts (Postgres;
 * DATABASE_URL, default a local binaa_bench database; BENCH_SCHEMA, default
 * bench_site_budget): where every riyal of a large site stands.
 *
 * A site of 500 budget lines and 100 accepted orders of 20 lines each (2,000 order lines,
 * spread over the budget lines), every order partly received, invoiced and half paid, and
 * 100 approved requests of 5 lines: GET /api/sites/{id}/budget as the site's owner over
 * HTTP (session, the site's visibility, the budget statement, the market's median of the
 * lines' categories, the answer's schema check outside production), against one
 * hand-written aggregate query through bare pg in a bare node:http server, answering the
 * same figures per budget line as one JSON document. Target: p95 at most 1.5x. Measured in
 * alternating rounds, one request at a time, so a burst of other work weighs on both.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { DATABASE_URL, freshSchema, listen, oneAtATime, p95, round2, saveResults, signInCookie, startApp, table } from './common';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_site_budget';
const BUDGET_LINES = 500;
const ORDERS = 100;
const LINES_PER_ORDER = 20;
const REQUESTS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 50);
const WARMUP = 20;

/** The figures per budget line in one statement, written for this shape alone (no row of no budget line, no market). */
const BUDGET_SQL = `
with o as (select id from purchase_orders where site_id = $1 and status not in ('awaiting_approval', 'declined', 'cancelled')),
inv as (select il.purchase_order_line_id as id, sum(il.quantity) as q from invoice_lines il join invoices d on d.id = il.invoice_id
         where d.purchase_order_id in (select id from o) and d.kind = 'invoice' and d.status <> 'rejected' group by 1),
ol as (select pl.budget_line_id as b,
              sum(round((pl.line_total + pl.vat_amount) * (pl.quantity - pl.cancelled_quantity) / pl.quantity, 2)) as committed,
              sum(round((pl.line_total + pl.vat_amount) * (pl.received_quantity - pl.rejected_quantity) / pl.quantity, 2)) as received,
              sum(round((pl.line_total + pl.vat_amount) * coalesce(inv.q, 0) / pl.quantity, 2)) as invoiced
         from purchase_order_lines pl left join inv on inv.id = pl.id where pl.purchase_order_id in (select id from o) group by 1),
pd as (select pl.budget_line_id as b, sum(round((il.line_total + il.vat_amount) * p.paid / d.total, 2)) as paid
         from invoices d join (select invoice_id, sum(amount - refunded) as paid from payments where status = 'confirmed' group by 1) p on p.invoice_id = d.id
         join invoice_lines il on il.invoice_id = d.id join purchase_order_lines pl on pl.id = il.purchase_order_line_id
        where d.purchase_order_id in (select id from o) and d.status <> 'rejected' and d.total > 0 group by 1),
ap as (select rl.budget_line_id as b, sum(round(rl.quantity * rl.estimated_unit_price, 2) + round(round(rl.quantity * rl.estimated_unit_price, 2) * 0.15, 2)) as approved
         from purchase_request_lines rl join purchase_requests pr on pr.id = rl.purchase_request_id
        where pr.site_id = $1 and pr.kind = 'request' and pr.status = 'approved' and rl.estimated_unit_price is not null group by 1)
select json_agg(json_build_object('budget_line_id', bl.id, 'position', bl.position, 'code', bl.code, 'description', bl.description, 'budget', bl.budget_amount,
         'approved', coalesce(ap.approved, 0), 'committed', coalesce(ol.committed, 0), 'received', coalesce(ol.received, 0), 'invoiced', coalesce(ol.invoiced, 0),
         'paid', coalesce(pd.paid, 0), 'remaining', bl.budget_amount - coalesce(ol.committed, 0)) order by bl.position) as lines
  from site_budget_lines bl left join ol on ol.b = bl.id left join pd on pd.b = bl.id left join ap on ap.b = bl.id
 where bl.site_id = $1`;

async function main() {
  const db = await freshSchema(SCHEMA, 10);
  const knex = db.knex;
  const [buyer] = await knex('users').insert({ email: 'bench-site-owner@binaa.sa', name: 'مالك الشركة' }).returning('id');
  await knex('profiles').insert({ user_id: buyer.id, role: 'contractor', company_name: 'مقاولات القياس' });
  const [seller] = await knex('users').insert({ email: 'bench-site-seller@binaa.sa', name: 'المورد' }).returning('id');
  await knex('profiles').insert({ user_id: seller.id, role: 'supplier', company_name: 'مورد القياس' });
  const category = (await knex('categories').first('id'))?.id ?? null;

  const site = crypto.randomUUID();
  await knex('sites').insert({ id: site, company_id: buyer.id, name: 'برج القياس', location: 'الرياض', status: 'active', created_by: buyer.id });
  const budget: string[] = (
    await knex('site_budget_lines')
      .insert(Array.from({ length: BUDGET_LINES }, (_, i) => ({ site_id: site, position: i + 1, code: `B-${i + 1}`, description: `بند ${i + 1}`, quantity: 100, unit: 'م3', category_id: category, budget_amount: 50_000 })))
      .returning('id')
  ).map((r: { id: string }) => r.id);

  const [unit] = await knex('einvoicing_units').insert({ company_id: seller.id, serial: crypto.randomUUID(), status: 'ready', last_invoice_hash: 'x' }).returning('id');
  for (let o = 0; o < ORDERS; o++) {
    const [po] = await knex('purchase_orders')
      .insert({ number: `PO-2026-${String(o + 1).padStart(6, '0')}`, year: 2026, seq: o + 1, buyer_id: buyer.id, seller_id: seller.id, site_id: site, title: 'توريد', delivery_location: 'الرياض', subtotal: 0, vat_total: 0, total: 0, status: 'accepted', answered_at: new Date() })
      .returning('id');
    const lines: Array<{ id: string; line_total: string; vat_amount: string }> = await knex('purchase_order_lines')
      .insert(
        Array.from({ length: LINES_PER_ORDER }, (_, i) => {
          const price = 100 + ((o * LINES_PER_ORDER + i) % 50);
          return { purchase_order_id: po.id, position: i + 1, budget_line_id: budget[(o * LINES_PER_ORDER + i) % BUDGET_LINES], description: `بند ${i + 1}`, quantity: 10, unit: 'م3', unit_price: price, vat_rate: 0.15, line_total: price * 10, vat_amount: price * 1.5 };
        }),
      )
      .returning(['id', 'line_total', 'vat_amount']);
    const [receipt] = await knex('goods_receipts').insert({ purchase_order_id: po.id, received_at: new Date() }).returning('id');
    await knex('goods_receipt_lines').insert(lines.map((l, i) => ({ goods_receipt_id: receipt.id, purchase_order_line_id: l.id, received_quantity: 8, rejected_quantity: i % 5 === 0 ? 1 : 0, rejection_reason: i % 5 === 0 ? 'damaged' : null })));
    const total = lines.reduce((s, l) => s + (Number(l.line_total) + Number(l.vat_amount)) * 0.5, 0);
    const [inv] = await knex('invoices')
      .insert({
        kind: 'invoice', number: `INV-2026-${String(o + 1).padStart(6, '0')}`, year: 2026, seq: o + 1, seller_id: seller.id, buyer_id: buyer.id, unit_id: unit.id, purchase_order_id: po.id, icv: o + 1, pih: 'x', hash: 'x', qr: 'x',
        issued_at: new Date(), supply_date: '2026-12-01', seller: '{}', buyer: '{}', subtotal: total / 1.15, vat_total: total - total / 1.15, total: round2(total), status: 'cleared', xml: '<Invoice/>',
      })
      .returning('id');
    await knex('invoice_lines').insert(
      lines.map((l, i) => ({ invoice_id: inv.id, position: i + 1, purchase_order_line_id: l.id, description: `بند ${i + 1}`, quantity: 5, unit: 'م3', unit_price: Number(l.line_total) / 10, vat_category: 'S', vat_rate: 0.15, line_total: Number(l.line_total) / 2, vat_amount: Number(l.vat_amount) / 2 })),
    );
    await knex('payments').insert({ id: crypto.randomUUID(), invoice_id: inv.id, payer_id: buyer.id, payee_id: seller.id, amount: round2(total / 2), paid_on: '2026-12-01', reference: `TRX-${o}`, status: 'confirmed' });
  }
  for (let r = 0; r < REQUESTS; r++) {
    const [pr] = await knex('purchase_requests').insert({ company_id: buyer.id, site_id: site, number: `PR-2026-${String(r + 1).padStart(6, '0')}`, requested_by: buyer.id, status: 'approved', decided_at: new Date(), kind: 'request' }).returning('id');
    await knex('purchase_request_lines').insert(
      Array.from({ length: 5 }, (_, i) => ({ purchase_request_id: pr.id, position: i + 1, budget_line_id: budget[(r * 5 + i) % BUDGET_LINES], description: `بند ${i + 1}`, quantity: 3, unit: 'م3', estimated_unit_price: 120 })),
    );
  }
  await knex.raw('analyze');

  const app = await startApp(db);
  const cookie = await signInCookie(app.url, knex, buyer.id);
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2, options: `-c search_path=${SCHEMA},public` });
  const bare = await listen((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id');
    pool.query(BUDGET_SQL, [id]).then(
      (r) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ site_id: id, lines: r.rows[0].lines }));
      },
      (e: Error) => {
        res.writeHead(500);
        res.end(e.message);
      },
    );
  });
  const { get, timed, close: closeAgent } = oneAtATime();
  const appPath = `/api/sites/${site}/budget`;
  const barePath = `/?id=${site}`;
  // Both answer the same figures: the committed total, line by line.
  const app0 = JSON.parse((await get(app.url, appPath, cookie)).body);
  const bare0 = JSON.parse((await get(bare.url, barePath)).body);
  if (app0.lines?.length !== BUDGET_LINES) throw new Error(`the budget is not ${BUDGET_LINES} lines: ${JSON.stringify(app0).slice(0, 300)}`);
  for (const f of ['committed', 'received', 'invoiced', 'paid', 'approved'] as const) {
    const a = app0.lines.map((l: Record<string, number>) => l[f]).join();
    const b = bare0.lines.map((l: Record<string, number | string>) => Number(l[f])).join();
    if (a !== b) throw new Error(`the app and the baseline differ on ${f}`);
  }
  await timed(app.url, appPath, WARMUP, cookie);
  await timed(bare.url, barePath, WARMUP);
  const appMs: number[] = [];
  const bareMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    appMs.push(...(await timed(app.url, appPath, PER_ROUND, cookie)));
    bareMs.push(...(await timed(bare.url, barePath, PER_ROUND)));
  }
  const result = {
    budget_lines: BUDGET_LINES,
    order_lines: ORDERS * LINES_PER_ORDER,
    requests_each: appMs.length,
    app_p95_ms: round2(p95(appMs)),
    baseline_p95_ms: round2(p95(bareMs)),
    ratio: round2(p95(appMs) / p95(bareMs)),
    target_ratio: 1.5,
  };
  saveResults('site_budget', result);
  table([{ benchmark: `site budget, ${BUDGET_LINES} budget lines x ${result.order_lines} order lines, p95`, value: `${result.app_p95_ms} ms`, baseline: `${result.baseline_p95_ms} ms (one SQL via bare pg)`, ratio: result.ratio }]);
  closeAgent();
  await bare.close();
  await pool.end();
  await app.close();
  await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
  if (result.ratio > result.target_ratio) console.log('site budget bench: the target was missed (see the ratio above)');
}

await main();
