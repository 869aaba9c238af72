/**
 * npm run bench (BENCH_ONLY=scorecards), or npx tsx bench/scorecards.ts (Postgres;
 * DATABASE_URL, default a local binaa_bench database; BENCH_SCHEMA, default
 * bench_scorecards): what the suppliers' scorecards cost the RFQ comparison.
 *
 * Two RFQs of the same buyer and the same shape (BENCH_LINES lines, default 20, in the
 * same categories and units), each quoted by 10 suppliers of its own with the same prices:
 * - with scorecards: each of its suppliers has 1,000 deals behind its scorecard (accepted
 *   purchase orders of 3 lines from 20 other buyers over the last two years, each received
 *   in one goods receipt, some after the promised day, some with goods rejected), written
 *   by bulk SQL, then its scorecard computed once by recomputeScorecard, as an event would;
 * - the baseline: its suppliers have no deal and no scorecard row.
 * Both RFQs read the same market history (the deals are other buyers', in the lines'
 * categories), so what differs is the suppliers' record and their scorecards alone.
 *
 * GET /api/rfqs/{id}/comparison as the buyer, one request at a time over a kept-alive
 * connection, without compression, in short alternating rounds (80 of 10 requests each
 * side, by default: on a shared machine a burst of other work then weighs on both); p95
 * of each and the ratio, the medians beside them. Target: at most 1.2x. BENCH_KEEP=1
 * keeps the schema afterwards (for EXPLAIN).
 */
import crypto from 'node:crypto';
import { freshSchema, oneAtATime, p95, round2, saveResults, signInCookie, startApp, table } from './common';
import { recomputeScorecard } from '../server/modules/scorecards/compute';

const SCHEMA = process.env.BENCH_SCHEMA ?? 'bench_scorecards';
const LINES = Number(process.env.BENCH_LINES ?? 20);
const QUOTES = 10;
const DEALS = 1000;
const HISTORY_BUYERS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 80);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 10);
const WARMUP = 30;
const TARGET = 1.2;
const UNITS = ['كيس', 'طن', 'حبة', 'م³'];

const { get, timed, close: closeAgent } = oneAtATime();

type Knex = import('knex').Knex;

/** `n` suppliers named after `tag`, verified as the market price needs its sellers. */
async function suppliers(knex: Knex, tag: string, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const [s] = await knex('users').insert({ email: `bench-sc-${tag}-${i}@binaa.sa`, name: `${tag} ${i}` }).returning('id');
    await knex('profiles').insert({ user_id: s.id, role: 'supplier', company_name: `مورد ${tag} ${i}`, verification_tier: 'silver', city: 'الرياض' });
    out.push(s.id);
  }
  return out;
}

/**
 * DEALS accepted orders of `sellers` each, from the history's buyers, in one statement per
 * table: 3 lines each in the RFQ's categories and units, one goods receipt each of all of
 * it, 4 to 8 days after acceptance against a promise of 6 (so some late), one order in 15
 * with part of a line rejected. Each order's number is unique across the sellers.
 */
async function dealHistory(knex: Knex, sellers: string[], buyers: string[], categories: string[]): Promise<void> {
  await knex.raw(
    `insert into purchase_orders (number, year, seq, buyer_id, seller_id, title, delivery_location, delivery_days, subtotal, vat_total, total, status, issued_at, answered_at)
     select 'PO-' || (2025 + g.n % 2) || '-' || lpad(g.seq::text, 6, '0'), 2025 + g.n % 2, g.seq, b.ids[1 + g.n % cardinality(b.ids)], s.id, 'طلب سابق', 'الرياض', 6,
            1000, 150, 1150, 'received', now() - (g.n % 700) * interval '1 day' - interval '1 hour', now() - (g.n % 700) * interval '1 day'
       from unnest(?::uuid[]) with ordinality as s(id, k)
      cross join lateral (select x as n, (s.k - 1) * ? + x as seq from generate_series(1, ?) x) g
      cross join (select ?::uuid[] as ids) b`,
    [sellers, DEALS, DEALS, buyers],
  );
  await knex.raw(
    `insert into purchase_order_lines (purchase_order_id, position, category_id, description, quantity, unit, unit_price, vat_rate, line_total, vat_amount)
     select po.id, p, c.ids[1 + (po.seq + p) % cardinality(c.ids)], 'بند سابق', 10, (?::text[])[1 + (po.seq + p) % 4],
            20 + (po.seq * 7 + p * 13) % 60, 0.15, 0, 0
       from purchase_orders po cross join generate_series(1, 3) p cross join (select ?::uuid[] as ids) c
      where po.seller_id = any(?::uuid[])`,
    [UNITS, categories, sellers],
  );
  await knex.raw(
    `insert into goods_receipts (purchase_order_id, received_at)
     select po.id, po.answered_at + (4 + po.seq % 5) * interval '1 day' from purchase_orders po where po.seller_id = any(?::uuid[])`,
    [sellers],
  );
  await knex.raw(
    `insert into goods_receipt_lines (goods_receipt_id, purchase_order_line_id, received_quantity, rejected_quantity, rejection_reason)
     select gr.id, pl.id, pl.quantity, case when po.seq % 15 = 0 and pl.position = 1 then 2 else 0 end, case when po.seq % 15 = 0 and pl.position = 1 then 'damaged' end
       from goods_receipts gr join purchase_orders po on po.id = gr.purchase_order_id join purchase_order_lines pl on pl.purchase_order_id = po.id
      where po.seller_id = any(?::uuid[])`,
    [sellers],
  );
}

/** An RFQ of the bench's shape through the API, invited to `invited`, and their quotes written straight in (the same prices on both RFQs). */
async function rfqWithQuotes(knex: Knex, url: string, cookie: string, invited: string[], categories: string[]): Promise<string> {
  const body = {
    id: crypto.randomUUID(),
    title: 'توريد مواد برج سكني',
    location: 'الرياض',
    closes_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    audience: 'invited',
    supplier_ids: invited,
    lines: Array.from({ length: LINES }, (_, i) => ({
      id: crypto.randomUUID(),
      description: `بند رقم ${i + 1}`,
      quantity: 10 + (i % 50),
      unit: UNITS[i % 4],
      category_id: categories[i % categories.length],
    })),
  };
  const created = await fetch(`${url}/api/rfqs`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: url }, body: JSON.stringify(body) });
  if (created.status !== 201) throw new Error(`rfq ${created.status} ${await created.text()}`);
  for (const [n, supplier] of invited.entries()) {
    const [q] = await knex('rfq_quotes').insert({ rfq_id: body.id, supplier_id: supplier, delivery_days: 3 + n, valid_until: '2027-01-31' }).returning('id');
    await knex('rfq_quote_lines').insert(
      body.lines.flatMap((l, i) => ((i + n) % 10 === 0 ? [] : [{ quote_id: q.id, rfq_id: body.id, rfq_line_id: l.id, unit_price: 10 + ((i * 7 + n * 3) % 90) + 0.25 }])),
    );
  }
  return body.id;
}

async function main() {
  const db = await freshSchema(SCHEMA, 10);
  const knex = db.knex;
  // The categories the RFQs' lines and the deals' lines share: the market history both read.
  const categories: string[] = (await knex('categories').orderBy('id').pluck('id')).slice(0, 8);
  const [buyer] = await knex('users').insert({ email: 'bench-sc-buyer@binaa.sa', name: 'مشتري القياس' }).returning('id');
  await knex('profiles').insert({ user_id: buyer.id, role: 'contractor', company_name: 'مقاولات القياس', verification_tier: 'gold' });
  const historyBuyers: string[] = [];
  for (let i = 0; i < HISTORY_BUYERS; i++) {
    const [b] = await knex('users').insert({ email: `bench-sc-history-${i}@binaa.sa`, name: `B${i}` }).returning('id');
    await knex('profiles').insert({ user_id: b.id, role: 'contractor', company_name: `مقاول ${i}`, verification_tier: 'silver' });
    historyBuyers.push(b.id);
  }
  const scored = await suppliers(knex, 'scored', QUOTES);
  const fresh = await suppliers(knex, 'fresh', QUOTES);

  const t0 = performance.now();
  await dealHistory(knex, scored, historyBuyers, categories);
  const historyMs = performance.now() - t0;
  // Statistics of the loaded tables first, as autovacuum would have them of a history grown
  // over two years: without any, the planner takes each supplier for one deal and reads
  // every goods receipt again for each of its 3,000 lines (minutes instead of milliseconds).
  await knex.raw('analyze');
  const now = new Date();
  const t1 = performance.now();
  for (const s of scored) await knex.transaction((trx) => recomputeScorecard(trx, s, now));
  const recomputeMs = (performance.now() - t1) / scored.length;
  await knex.raw('analyze');

  const app = await startApp(db);
  const cookie = await signInCookie(app.url, knex, buyer.id);
  const withId = await rfqWithQuotes(knex, app.url, cookie, scored, categories);
  const withoutId = await rfqWithQuotes(knex, app.url, cookie, fresh, categories);
  await knex.raw('analyze');
  const withPath = `/api/rfqs/${withId}/comparison`;
  const withoutPath = `/api/rfqs/${withoutId}/comparison`;

  // Each side is what it claims: every quote of one carries 1,000 deals, of the other none.
  type Cmp = { lines: unknown[]; quotes: Array<{ supplier_scorecard: Record<string, { deals: number; on_time_rate: number | null }> | null }> };
  const withCmp: Cmp = JSON.parse((await get(app.url, withPath, cookie)).body);
  const withoutCmp: Cmp = JSON.parse((await get(app.url, withoutPath, cookie)).body);
  if (withCmp.lines?.length !== LINES || withCmp.quotes?.length !== QUOTES || withoutCmp.lines?.length !== LINES || withoutCmp.quotes?.length !== QUOTES) {
    throw new Error(`the comparisons are not ${LINES} lines by ${QUOTES} quotes`);
  }
  if (!withCmp.quotes.every((q) => q.supplier_scorecard?.all?.deals === DEALS && q.supplier_scorecard.all.on_time_rate != null)) {
    throw new Error(`a scored supplier's scorecard is not ${DEALS} deals: ${JSON.stringify(withCmp.quotes[0]?.supplier_scorecard)}`);
  }
  if (!withoutCmp.quotes.every((q) => !q.supplier_scorecard?.all?.deals)) throw new Error('a baseline supplier has a scorecard');

  await timed(app.url, withPath, WARMUP, cookie);
  await timed(app.url, withoutPath, WARMUP, cookie);
  const withMs: number[] = [];
  const withoutMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    // Which side goes first alternates too, so neither always follows the other's warm cache.
    const order = r % 2 ? [[withoutPath, withoutMs], [withPath, withMs]] as const : [[withPath, withMs], [withoutPath, withoutMs]] as const;
    for (const [p, into] of order) into.push(...(await timed(app.url, p, PER_ROUND, cookie)));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const result = {
    lines: LINES,
    quotes: QUOTES,
    deals_per_supplier: DEALS,
    history_insert_ms: Math.round(historyMs),
    recompute_ms_per_supplier: Math.round(recomputeMs),
    requests_each: withMs.length,
    with_p95_ms: round2(p95(withMs)),
    with_median_ms: round2(median(withMs)),
    without_p95_ms: round2(p95(withoutMs)),
    without_median_ms: round2(median(withoutMs)),
    ratio: round2(p95(withMs) / p95(withoutMs)),
    target_ratio: TARGET,
    with_bytes: Buffer.byteLength(JSON.stringify(withCmp)),
    without_bytes: Buffer.byteLength(JSON.stringify(withoutCmp)),
  };
  saveResults('scorecards', result);
  table([
    {
      benchmark: `RFQ comparison ${LINES} lines x ${QUOTES} quotes, suppliers with ${DEALS} deals and scorecards each, p95 (median)`,
      value: `${result.with_p95_ms} ms (${result.with_median_ms})`,
      baseline: `${result.without_p95_ms} ms (${result.without_median_ms}), suppliers without deals or scorecards; target ratio <= ${TARGET}`,
      ratio: result.ratio,
    },
    { benchmark: `recomputeScorecard of a supplier with ${DEALS} deals (once each, setup)`, value: `${result.recompute_ms_per_supplier} ms`, baseline: '', ratio: '' },
  ]);

  closeAgent();
  await app.close();
  // BENCH_KEEP=1 keeps the schema, for EXPLAIN of what the comparison runs.
  if (!process.env.BENCH_KEEP) await knex.raw('drop schema if exists ?? cascade', [SCHEMA]);
  await db.close();
  if (result.ratio > TARGET) console.log('scorecards bench: the target was missed (see the ratio above)');
}

await main();
