/**
 * npm run bench (BENCH_ONLY=rfqs), or npx tsx bench/rfqs.ts (Postgres; DATABASE_URL,
 * default a local binaa_bench database; BENCH_SCHEMA, default bench_rfqs): the comparison
 * of an RFQ of 200 lines with 10 quotes, and a market history for its medians (accepted
 * purchase orders in the lines' categories).
 *
 * GET /api/rfqs/{id}/comparison as its buyer (session, policy, the RFQ's lines with their
 * market medians, the quotes, shared/rfq.ts compareQuotes) against a baseline from the same
 * run: one hand-written SQL query through bare pg in a bare node:http server that reads the
 * same data (lines, every quote's price per line with line totals and VAT, medians, the
 * quotes' suppliers) as one JSON document. Both asked one request at a time over a
 * kept-alive connection, without compression, in alternating rounds (on a shared machine
 * a burst of other work then weighs on both); p95 of each and the ratio.
 *
 * Target: p95 at most 1.5x the baseline's (a comparison no slower than half again the one query it needs).
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { DATABASE_URL, freshSchema, listen, oneAtATime, p95, round2, saveResults, signInCookie, startApp, table } from './common';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_rfqs';
const LINES = 200;
const QUOTES = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 20;

const { get, timed, close: closeAgent } = oneAtATime();

/** The comparison's data in one statement: the RFQ's lines with each quote's cell and the market median, and the quotes' columns. */
const BASELINE_SQL = `
with l as (select id, position, description, quantity, unit, category_id from rfq_lines where rfq_id = $1),
m as (
  select pl.category_id, lower(trim(pl.unit)) as unit, percentile_cont(0.5) within group (order by pl.unit_price) as median
    from purchase_order_lines pl join purchase_orders po on po.id = pl.purchase_order_id
   where pl.category_id in (select category_id from l)
     and case when po.instant_order_id is null then po.status in ('accepted', 'delivered', 'closed') else po.status not in ('declined', 'cancelled') end
     and case when po.instant_order_id is null then po.answered_at else po.issued_at end > now() - interval '90 days'
   group by 1, 2 having count(*) >= 3)
select json_build_object(
  'quotes', (select json_agg(json_build_object('quote_id', q.id, 'supplier_id', q.supplier_id,
               'supplier_name', coalesce(nullif(sp.company_name, ''), su.name), 'tier', sp.verification_tier,
               'rating', sp.average_rating, 'delivery_days', q.delivery_days, 'valid_until', q.valid_until,
               'subtotal', (select sum(round(ql.unit_price * ll.quantity, 2)) from rfq_quote_lines ql join rfq_lines ll on ll.id = ql.rfq_line_id where ql.quote_id = q.id))
               order by q.submitted_at)
              from rfq_quotes q join users su on su.id = q.supplier_id left join profiles sp on sp.user_id = q.supplier_id where q.rfq_id = $1),
  'lines', (select json_agg(json_build_object('id', l.id, 'position', l.position, 'description', l.description, 'quantity', l.quantity,
               'unit', l.unit, 'market_median', m.median,
               'cells', (select json_agg(json_build_object('quote_id', ql.quote_id, 'unit_price', ql.unit_price,
                           'line_total', round(ql.unit_price * l.quantity, 2), 'vat', round(round(ql.unit_price * l.quantity, 2) * 0.15, 2)))
                           from rfq_quote_lines ql where ql.rfq_line_id = l.id))
               order by l.position)
              from l left join m on m.category_id = l.category_id and m.unit = lower(trim(l.unit))))`;

async function main() {
  const db = await freshSchema(SCHEMA, 10);
  const knex = db.knex;
  const categories: string[] = await knex('categories').orderBy('id').pluck('id');
  const [buyer] = await knex('users').insert({ email: 'bench-buyer@binaa.sa', name: 'Bench buyer' }).returning('id');
  await knex('profiles').insert({ user_id: buyer.id, role: 'contractor', company_name: 'مقاولات القياس', verification_tier: 'gold' });
  const suppliers: string[] = [];
  for (let i = 0; i < QUOTES; i++) {
    const [s] = await knex('users').insert({ email: `bench-rfq-supplier-${i}@binaa.sa`, name: `S${i}` }).returning('id');
    await knex('profiles').insert({ user_id: s.id, role: 'supplier', company_name: `مورد ${i}`, verification_tier: 'silver', city: 'الرياض' });
    suppliers.push(s.id);
  }

  const app = await startApp(db);
  const cookie = await signInCookie(app.url, knex, buyer.id);

  // The RFQ through the API, invited to the ten suppliers.
  const body = {
    id: crypto.randomUUID(),
    title: 'قائمة كميات برج سكني',
    location: 'الرياض',
    closes_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    audience: 'invited',
    supplier_ids: suppliers,
    lines: Array.from({ length: LINES }, (_, i) => ({
      id: crypto.randomUUID(),
      description: `بند رقم ${i + 1}`,
      quantity: 10 + (i % 50),
      unit: ['كيس', 'طن', 'حبة', 'م³'][i % 4],
      category_id: categories[i % categories.length],
    })),
  };
  const created = await fetch(`${app.url}/api/rfqs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: app.url }, body: JSON.stringify(body) });
  if (created.status !== 201) throw new Error(`rfq ${created.status} ${await created.text()}`);
  const rfqId = body.id;

  // Ten quotes, each pricing nine lines in ten, written straight in (their writing is not measured).
  for (const [n, supplier] of suppliers.entries()) {
    const [q] = await knex('rfq_quotes').insert({ rfq_id: rfqId, supplier_id: supplier, delivery_days: 3 + n, valid_until: '2027-01-31' }).returning('id');
    await knex('rfq_quote_lines').insert(
      body.lines.flatMap((l, i) => ((i + n) % 10 === 0 ? [] : [{ quote_id: q.id, rfq_id: rfqId, rfq_line_id: l.id, unit_price: 10 + ((i * 7 + n * 3) % 90) + 0.25 }])),
    );
  }
  // A market history: 40 accepted purchase orders of 50 lines each over the categories and units.
  for (let o = 0; o < 40; o++) {
    const [po] = await knex('purchase_orders')
      .insert({
        number: `PO-2026-${String(o + 1).padStart(6, '0')}`, year: 2026, seq: o + 1, buyer_id: buyer.id, seller_id: suppliers[o % QUOTES], title: 'سابق',
        delivery_location: 'الرياض', subtotal: 0, vat_total: 0, total: 0, status: 'accepted', answered_at: new Date(Date.now() - (o % 60) * 86_400_000),
      })
      .returning('id');
    await knex('purchase_order_lines').insert(
      Array.from({ length: 50 }, (_, i) => ({
        purchase_order_id: po.id, position: i + 1, category_id: categories[(i + o) % categories.length], description: 'سابق', quantity: 1,
        unit: ['كيس', 'طن', 'حبة', 'م³'][(i + o) % 4], unit_price: 10 + ((i * 13 + o) % 80), vat_rate: 0.15, line_total: 0, vat_amount: 0,
      })),
    );
  }
  await knex.raw('analyze');

  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 2, options: `-c search_path=${SCHEMA},public` });
  const bare = await listen((req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id');
    pool.query(BASELINE_SQL, [id]).then(
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

  const appPath = `/api/rfqs/${rfqId}/comparison`;
  const barePath = `/?id=${rfqId}`;
  const check = JSON.parse((await get(app.url, appPath, cookie)).body);
  if (check.lines?.length !== LINES || check.quotes?.length !== QUOTES) throw new Error('the comparison is not 200 lines by 10 quotes');
  const baseCheck = JSON.parse((await get(bare.url, barePath)).body);
  if (baseCheck.lines?.length !== LINES || baseCheck.quotes?.length !== QUOTES) throw new Error('the baseline is not 200 lines by 10 quotes');

  await timed(app.url, appPath, WARMUP, cookie);
  await timed(bare.url, barePath, WARMUP);
  const appMs: number[] = [];
  const bareMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    appMs.push(...(await timed(app.url, appPath, PER_ROUND, cookie)));
    bareMs.push(...(await timed(bare.url, barePath, PER_ROUND)));
  }
  const result = {
    lines: LINES,
    quotes: QUOTES,
    requests_each: appMs.length,
    app_p95_ms: round2(p95(appMs)),
    baseline_p95_ms: round2(p95(bareMs)),
    ratio: round2(p95(appMs) / p95(bareMs)),
    app_bytes: Buffer.byteLength(JSON.stringify(check)),
    target_ratio: 1.5,
  };
  saveResults('rfq_comparison', result);
  table([
    { benchmark: `RFQ comparison ${LINES} lines x ${QUOTES} quotes, GET /api/rfqs/{id}/comparison p95`, value: `${result.app_p95_ms} ms`, baseline: `${result.baseline_p95_ms} ms (one SQL, bare pg)`, ratio: result.ratio },
  ]);

  closeAgent();
  await bare.close();
  await pool.end();
  await app.close();
  await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
}

await main();
