/**
 * The one function that writes a scorecard: recomputeScorecard, called by the scorecard
 * queue's worker (queue.ts) after every event that moves a figure (a goods receipt, a
 * dispute opened or answered, a quote sent, an order closed in full or short: each queues
 * its company in its own transaction), by the daily sweep (sweep.ts) and the demo data,
 * never on a read and never inside the event: it measures the seller's whole record from
 * the recorded events (deals.ts), for both windows, and stores what shared/scorecard.ts
 * scorecardOf shows of it, in its own transaction `trx`.
 *
 * - The 12-month window is the twelve months before the app's `now` (server/clock.ts, so
 *   the test clock moves it too): a deal by its first receipt, a quote and a dispute by
 *   when they were written.
 * - Price: each priced line's unit price against the market median of its category and
 *   unit at `now` (purchase-orders/market-prices.ts, the RFQ lines' rule: the seller's own
 *   deals never count in it), as a percentage; a deal's is its lines' mean.
 * - Quoting time: from the RFQ's sending to the quote's first sending (both rows' own
 *   write times, on the database's clock alike, so their difference is the real time
 *   between them whatever the app's clock), the median over its quotes. A quote and a
 *   dispute enter the 12-month window by that write time.
 * - Disputes: opened against it; accepted ones count for the buyer, rejected for the seller.
 * - A transport company's deliveries and offers count the same way (carried.ts): a delivered
 *   request is a deal, by its delivery's time, judged for time and price, never for fill
 *   or rejection (those are the goods'); a delivery and a first offer queue it too.
 *
 * Two measures of one company at once (the worker beside the sweep) take its advisory
 * lock in turn: the second computes after the first committed (read committed), so the
 * last row written counts both.
 * Buyers' devices hold the seller's scorecard on its quotes (the comparison offline), and
 * tender owners on the opened bids, requesters on carriers' offers, so the company's quotes
 * on RFQs still open go out again to their buyers, its bids on open tenders to whoever sees
 * them, and its offers on requests still taking offers to their requesters.
 */
import type { Knex } from 'knex';
import type { ScorecardWindow } from '../../../shared/schemas/scorecard';
import { scorecardOf, type MeasuredScorecard } from '../../../shared/scorecard';
import { marketKey, marketPrices } from '../purchase-orders/market-prices';
import { dealsOf, pricedLinesOf, type DealRow } from './deals';
import { carriedOf, offerTimesOf, type CarriedRow } from './carried';
import { afterScorecard } from './followers';

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The instant the 12-month window starts, before `now`. */
function windowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start;
}

interface Facts {
  deals: DealRow[];
  /** per deal, its priced lines' mean percentage against the median (deals with none left out) */
  price: Map<string, number>;
  quotes: Array<{ at: Date; hours: number }>;
  disputes: Array<{ at: Date; status: string }>;
  /** the requests it carried, as a transport company (carried.ts) */
  carried: CarriedRow[];
}

async function factsOf(trx: Knex.Transaction, companyId: string, now: Date): Promise<Facts> {
  const deals = await dealsOf(trx, companyId, now);
  const lines = await pricedLinesOf(trx, deals.map((d) => d.id));
  const medians = await marketPrices(trx, [...new Set(lines.map((l) => l.category_id))], companyId, now);
  const perDeal = new Map<string, number[]>();
  for (const l of lines) {
    const m = medians.get(marketKey(l))?.median;
    if (m) perDeal.set(l.purchase_order_id, [...(perDeal.get(l.purchase_order_id) ?? []), (l.unit_price / m - 1) * 100]);
  }
  const price = new Map([...perDeal].map(([id, xs]) => [id, mean(xs) as number]));
  const quotes: Array<{ at: Date; hours: number }> = (
    await trx.raw(
      `select q.created_at as at, extract(epoch from (q.created_at - r.created_at)) / 3600.0 as hours
         from rfq_quotes q join rfqs r on r.id = q.rfq_id where q.supplier_id = ?`,
      [companyId],
    )
  ).rows.map((r: { at: Date; hours: string }) => ({ at: new Date(r.at), hours: Math.max(0, Number(r.hours)) }));
  const disputes = await trx('disputes').where({ seller_id: companyId }).select('created_at as at', 'status');
  const carried = await carriedOf(trx, companyId);
  quotes.push(...(await offerTimesOf(trx, companyId)));
  return { deals, price, quotes, disputes, carried };
}

function measure(window: ScorecardWindow, f: Facts, now: Date): MeasuredScorecard {
  const since = window === '12m' ? windowStart(now).getTime() : -Infinity;
  const inWindow = (at: Date) => new Date(at).getTime() > since;
  const deals = f.deals.filter((d) => inWindow(d.first_received_at));
  const carried = f.carried.filter((d) => inWindow(d.delivered_at));
  const timed = [...deals, ...carried].flatMap((d) => (d.on_time == null ? [] : [d.on_time]));
  const filled = deals.flatMap((d) => (d.due ? [d.fill] : []));
  const priced = [
    ...deals.flatMap((d) => (f.price.has(d.id) ? [f.price.get(d.id) as number] : [])),
    ...carried.flatMap((d) => (d.price_percent == null ? [] : [d.price_percent])),
  ];
  const quotes = f.quotes.filter((q) => inWindow(q.at)).map((q) => q.hours);
  const disputes = f.disputes.filter((d) => inWindow(d.at));
  return {
    window,
    deals: deals.length + carried.length,
    on_time: { rate: mean(timed), deals: timed.length },
    fill: { rate: mean(filled), deals: filled.length },
    rejection: { rate: mean(deals.map((d) => d.rejected)), deals: deals.length },
    price: { percent: mean(priced), deals: priced.length },
    quote_hours: { median: median(quotes), quotes: quotes.length },
    disputes: {
      opened: disputes.length,
      for_buyer: disputes.filter((d) => d.status === 'accepted').length,
      for_seller: disputes.filter((d) => d.status === 'rejected').length,
    },
  };
}

/** A window's stored row from its measure. */
function rowOf(companyId: string, window: ScorecardWindow, m: MeasuredScorecard, now: Date) {
  const s = scorecardOf(m);
  return {
    company_id: companyId,
    window,
    deals: s.deals,
    on_time_rate: s.on_time_rate,
    fill_rate: s.fill_rate,
    rejection_rate: s.rejection_rate,
    price_vs_median_percent: s.price_vs_median_percent,
    median_quote_hours: s.median_quote_hours,
    disputes_opened: s.disputes.opened,
    disputes_for_buyer: s.disputes.for_buyer,
    disputes_for_seller: s.disputes.for_seller,
    on_time_deals: m.on_time.deals,
    fill_deals: m.fill.deals,
    price_deals: m.price.deals,
    quotes: m.quote_hours.quotes,
    computed_at: now.toISOString(),
  };
}

/** The figures a reader is shown of a row (the API's); the counts behind them are the measure's own. */
const SHOWN = ['deals', 'on_time_rate', 'fill_rate', 'rejection_rate', 'price_vs_median_percent', 'median_quote_hours', 'disputes_opened', 'disputes_for_buyer', 'disputes_for_seller'] as const;
const shownOf = (row: Record<string, unknown>) => SHOWN.map((f) => (row[f] == null ? null : Number(row[f])));
const NO_FACTS: Facts = { deals: [], price: new Map(), quotes: [], disputes: [], carried: [] };

/**
 * Measures `companyId`'s record at `now` and stores both windows' scorecards, in `trx` (a
 * transaction of the measure's own). The copies on devices are sent again only when a shown
 * figure moved (a company never measured shows as the empty card), so a measure that
 * changes nothing a reader sees (a quote before there are enough to show a time) adds
 * nothing to the feed.
 */
export async function recomputeScorecard(trx: Knex.Transaction, companyId: string, now: Date): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('scorecard:' || ?))", [companyId]);
  const facts = await factsOf(trx, companyId, now);
  const windows = ['12m', 'all'] as const;
  const rows = windows.map((window) => rowOf(companyId, window, measure(window, facts, now), now));
  const before = new Map<string, Record<string, unknown>>(
    (await trx('scorecards').where({ company_id: companyId }).select('window', ...SHOWN)).map((r: Record<string, unknown>) => [String(r.window), r]),
  );
  const moved = rows.some((r) => {
    const was = before.get(r.window) ?? rowOf(companyId, r.window, measure(r.window, NO_FACTS, now), now);
    return JSON.stringify(shownOf(was)) !== JSON.stringify(shownOf(r));
  });
  await trx('scorecards').insert(rows).onConflict(['company_id', 'window']).merge();
  if (moved) await sendCopies(trx, companyId);
  await afterScorecard(trx, companyId, now);
}

/** The rows that carry the company's scorecard to devices, written to the feed again. */
async function sendCopies(trx: Knex.Transaction, companyId: string): Promise<void> {
  // The seller's quotes on open RFQs carry its scorecard to their buyers' devices (and its own).
  await trx.raw(
    `insert into changes (entity, entity_id, op, audience_type, audience)
     select 'rfq_quote', q.id::text, 'upsert', 'user', a.audience::text
       from rfq_quotes q join rfqs r on r.id = q.rfq_id
       cross join lateral (values (r.buyer_id), (q.supplier_id)) as a(audience)
      where q.supplier_id = ? and r.status = 'open'`,
    [companyId],
  );
  // Its bids on tenders still open carry it too: to the bidder, and to the owner only once
  // the bids are opened (a sealed bid's only audience is its bidder).
  await trx.raw(
    `insert into changes (entity, entity_id, op, audience_type, audience)
     select distinct 'bid', b.id::text, 'upsert', 'user', a.audience::text
       from bids b join projects p on p.id = b.project_id
       cross join lateral (values (b.contractor_id),
         (case when p.opened_at is not null and b.status <> 'withdrawn' then p.government_id else b.contractor_id end)) as a(audience)
      where b.contractor_id = ? and p.status = 'open' and p.deleted_at is null`,
    [companyId],
  );
  // A carrier's offers on requests still taking offers carry it to their requesters (and its own).
  await trx.raw(
    `insert into changes (entity, entity_id, op, audience_type, audience)
     select 'transport_offer', o.id::text, 'upsert', 'user', a.audience::text
       from transport_offers o join transport_requests r on r.id = o.transport_request_id
       cross join lateral (values (r.requester_id), (o.transport_company_id)) as a(audience)
      where o.transport_company_id = ? and r.status = 'pending' and r.deleted_at is null`,
    [companyId],
  );
}
