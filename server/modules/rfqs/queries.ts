/**
 * How RFQs and quotes are read: the rows as the API presents them (the buyer's and
 * suppliers' names, the lines with their market price, the status at the app's time, the
 * reader's own quote), for REST and the sync loaders alike. Who may see which is
 * policy.ts.
 */
import type { Knex } from 'knex';
import { MARKET_PRICE_DAYS, MARKET_PRICE_TRIM, marketPriceOf, type KeptDeals } from '../../../shared/market-price';
import { rfqPhase } from '../../../shared/rfq';
import type { MarketPrice, Rfq, RfqLine, RfqQuote, RfqStatus } from '../../../shared/schemas/rfq';
import type { SessionUser } from '../../auth/session-user';
import { recipientRows } from './policy';
import { partyNameSql } from '../../db/party-name';
import { scorecardsJsonSql } from '../scorecards/queries';

/** Purchase orders whose prices the seller agreed to. */
const ACCEPTED_PO_STATUSES = ['accepted', 'delivered', 'closed'];
/** Purchase orders whose price no longer stands. */
const UNDONE_PO_STATUSES = ['declined', 'cancelled'];

/** The RFQ row's own columns (alias r; the buyer's user bu and profile bp). */
export function rfqQuery(db: Knex) {
  return db('rfqs as r')
    .join('users as bu', 'bu.id', 'r.buyer_id')
    .leftJoin('profiles as bp', 'bp.user_id', 'r.buyer_id')
    .leftJoin('users as cb', 'cb.id', 'r.created_by')
    .whereNull('bu.deleted_at')
    .select(
      'r.id',
      'r.buyer_id',
      db.raw(`${partyNameSql('bp', 'bu')} as buyer_name`),
      db.raw(`coalesce(bp.verification_tier, 'unverified') as buyer_verification_tier`),
      'r.title',
      'r.location',
      // A date column would arrive as a JS Date at local midnight; the API sends the day.
      db.raw(`to_char(r.needed_by, 'YYYY-MM-DD') as needed_by`),
      'r.closes_at',
      'r.site_id',
      'r.purchase_request_id',
      'r.audience',
      'r.status',
      'r.awarded_at',
      'cb.name as created_by_name',
      'r.created_at',
      'r.updated_at',
    );
}

/** Where a stored status and the clock make `status` (shared/rfq.ts rfqPhase in SQL, alias r). */
export function whereRfqStatus(q: Knex.QueryBuilder, status: RfqStatus, now: Date): Knex.QueryBuilder {
  const at = now.toISOString();
  if (status === 'open') return q.where('r.status', 'open').where('r.closes_at', '>', at);
  if (status === 'closed') return q.where('r.status', 'open').where('r.closes_at', '<=', at);
  return q.where('r.status', status);
}

/** A quote's columns (alias q; its supplier su, sp; who sent it cb), its lines in the RFQ's order. */
export function quoteQuery(db: Knex) {
  return db('rfq_quotes as q')
    .join('rfqs as r', 'r.id', 'q.rfq_id')
    .join('users as su', 'su.id', 'q.supplier_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'q.supplier_id')
    .leftJoin('users as cb', 'cb.id', 'q.created_by')
    .whereNull('su.deleted_at')
    .select(
      'q.id',
      'q.rfq_id',
      'q.supplier_id',
      db.raw(`${partyNameSql('sp', 'su')} as supplier_name`),
      db.raw(`coalesce(sp.verification_tier, 'unverified') as supplier_verification_tier`),
      db.raw(`nullif(trim(sp.city), '') as supplier_city`),
      db.raw(`coalesce(sp.average_rating, 0)::float8 as supplier_average_rating`),
      db.raw(`coalesce(sp.total_reviews, 0)::int as supplier_total_reviews`),
      db.raw(`${scorecardsJsonSql('q.supplier_id')} as supplier_scorecard`),
      'q.delivery_days',
      db.raw(`to_char(q.valid_until, 'YYYY-MM-DD') as valid_until`),
      'q.notes',
      db.raw(
        `coalesce((select json_agg(json_build_object('rfq_line_id', ql.rfq_line_id, 'unit_price', ql.unit_price, 'quantity', ql.quantity,
                     'note', ql.note, 'substitute_product_id', ql.substitute_product_id) order by l.position)
                   from rfq_quote_lines ql join rfq_lines l on l.id = ql.rfq_line_id where ql.quote_id = q.id), '[]'::json) as lines`,
      ),
      'q.revision',
      'q.status',
      'cb.name as created_by_name',
      'q.submitted_at',
      'q.created_at',
      'q.updated_at',
    );
}

/** Quotes as the API presents them (numbers from json arrive as numbers). */
export async function readQuotes(q: Knex.QueryBuilder): Promise<RfqQuote[]> {
  return (await q) as RfqQuote[];
}

/**
 * The market price of each (category, unit) as `viewer` (an account) may be shown it
 * (shared/market-price.ts): the unit prices agreed in the MARKET_PRICE_DAYS before `now`
 * in deals `viewer` is neither buyer nor seller of, their lowest and highest
 * MARKET_PRICE_TRIM dropped (at least one at each end), summed up for marketPriceOf. A
 * price is agreed when both sides said yes: a purchase order's line once its seller
 * accepted it (answered_at), and an instant order's accepted offer from the moment the
 * contractor accepted it (the seller named that price; its purchase order is issued
 * then), unless that order was declined or cancelled since. Each instant order's price is
 * counted once, through its purchase order's line. Keyed `category_id|unit` (unit
 * lowercased and trimmed).
 */
async function marketPrices(db: Knex, categories: string[], viewer: string, now: Date): Promise<Map<string, MarketPrice>> {
  if (!categories.length) return new Map();
  const rows: Array<{ category_id: string; unit: string; low: string; high: string; median: number; buyers: number; sellers: number }> = (
    await db.raw(
      `with deals as (
         select pl.category_id, lower(trim(pl.unit)) as unit, pl.unit_price, po.buyer_id, po.seller_id
           from purchase_order_lines pl
           join purchase_orders po on po.id = pl.purchase_order_id
           cross join lateral (
             select case when po.instant_order_id is null then po.status = any(?::text[]) else po.status <> all(?::text[]) end as agreed,
                    case when po.instant_order_id is null then po.answered_at else po.issued_at end as agreed_at
           ) a
          where pl.category_id = any(?::uuid[])
            and a.agreed
            and a.agreed_at > ?::timestamptz - make_interval(days => ?)
            and a.agreed_at <= ?::timestamptz
            and po.buyer_id <> ?::uuid and po.seller_id <> ?::uuid
            and exists (select 1 from profiles bp where bp.user_id = po.buyer_id and bp.verification_tier <> 'unverified')
            and exists (select 1 from profiles sp where sp.user_id = po.seller_id and sp.verification_tier <> 'unverified')
       ), ranked as (
         select d.*, row_number() over m as rank, count(*) over m as n, greatest(1, floor(count(*) over m * ?::float8)) as cut
           from deals d
         window m as (partition by d.category_id, d.unit order by d.unit_price rows between unbounded preceding and unbounded following)
       )
       select category_id, unit, min(unit_price) as low, max(unit_price) as high,
              percentile_cont(0.5) within group (order by unit_price) as median,
              count(distinct buyer_id)::int as buyers, count(distinct seller_id)::int as sellers
         from ranked
        where rank > cut and rank <= n - cut
        group by 1, 2`,
      [ACCEPTED_PO_STATUSES, UNDONE_PO_STATUSES, categories, now.toISOString(), MARKET_PRICE_DAYS, now.toISOString(), viewer, viewer, MARKET_PRICE_TRIM],
    )
  ).rows;
  const out = new Map<string, MarketPrice>();
  for (const r of rows) {
    const kept: KeptDeals = { low: Number(r.low), high: Number(r.high), median: Number(r.median), buyers: r.buyers, sellers: r.sellers };
    const price = marketPriceOf(kept);
    if (price) out.set(`${r.category_id}|${r.unit}`, price);
  }
  return out;
}

const marketKey = (l: { category_id: string | null; unit: string }) => `${l.category_id}|${l.unit.trim().toLowerCase()}`;

/** The lines of these RFQs in position order, each with its market price at `now` as `viewer` (an account) may see it. */
export async function linesOf(db: Knex, rfqIds: string[], viewer: string, now: Date): Promise<Map<string, RfqLine[]>> {
  const rows: Array<RfqLine & { rfq_id: string }> = await db('rfq_lines')
    .whereIn('rfq_id', rfqIds)
    .orderBy([{ column: 'rfq_id' }, { column: 'position' }])
    .select('id', 'rfq_id', 'position', 'description', 'quantity', 'unit', 'category_id', 'product_id', 'budget_line_id');
  const prices = await marketPrices(db, [...new Set(rows.flatMap((l) => (l.category_id ? [l.category_id] : [])))], viewer, now);
  const out = new Map<string, RfqLine[]>();
  for (const { rfq_id, ...line } of rows) {
    const list = out.get(rfq_id) ?? [];
    list.push({ ...line, market_price: line.category_id ? (prices.get(marketKey(line)) ?? null) : null });
    out.set(rfq_id, list);
  }
  return out;
}

type RfqBase = Omit<Rfq, 'lines' | 'my_quote' | 'quote_count' | 'supplier_ids' | 'status'> & { status: Rfq['status'] };

/**
 * RFQ rows (rfqQuery's) as `user` sees them at `now`: lines, the status by the clock, and
 * what depends on the reader: the buyer gets the recipients and the quote count, a
 * supplier their own quote.
 */
export async function presentRfqs(db: Knex, user: SessionUser, rows: RfqBase[], now: Date): Promise<Rfq[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const own = rows.filter((r) => r.buyer_id === user.account_id).map((r) => r.id);
  // One after the other: inside a transaction the queries share one connection.
  const lines = await linesOf(db, ids, user.account_id, now);
  const recipients = own.length ? await recipientRows(db.queryBuilder().select('rr.rfq_id', 'rr.supplier_id').orderBy('rr.supplier_id'), { ids: own }) : [];
  const counts = own.length
    ? await db('rfq_quotes as q').join('users as su', 'su.id', 'q.supplier_id').whereNull('su.deleted_at').whereIn('q.rfq_id', own).groupBy('q.rfq_id').select('q.rfq_id', db.raw('count(*)::int as n'))
    : [];
  const mine = await readQuotes(quoteQuery(db).whereIn('q.rfq_id', ids).where('q.supplier_id', user.account_id));
  const group = <T extends { rfq_id: string }>(list: T[]) => {
    const m = new Map<string, T[]>();
    for (const x of list) m.set(x.rfq_id, [...(m.get(x.rfq_id) ?? []), x]);
    return m;
  };
  const recipientsOf = group(recipients as Array<{ rfq_id: string; supplier_id: string }>);
  const countOf = new Map((counts as Array<{ rfq_id: string; n: number }>).map((c) => [c.rfq_id, c.n]));
  const mineOf = new Map(mine.map((q) => [q.rfq_id, q]));
  return rows.map((r) => {
    const isBuyer = r.buyer_id === user.account_id;
    return {
      ...r,
      // The buyer's own buying (its site, request and budget lines) is the buyer's to read.
      site_id: isBuyer ? r.site_id : null,
      purchase_request_id: isBuyer ? r.purchase_request_id : null,
      status: rfqPhase(r, now),
      lines: (lines.get(r.id) ?? []).map((l) => (isBuyer ? l : { ...l, budget_line_id: null })),
      supplier_ids: isBuyer ? (recipientsOf.get(r.id) ?? []).map((x) => x.supplier_id) : null,
      quote_count: isBuyer ? (countOf.get(r.id) ?? 0) : 0,
      my_quote: mineOf.get(r.id) ?? null,
    };
  });
}

/** The RFQ row locked for a transition (FOR UPDATE) or a quote (FOR SHARE). */
export function lockRfq(trx: Knex.Transaction, id: string, mode: 'update' | 'share') {
  const q = trx('rfqs').where({ id }).first('id', 'buyer_id', 'title', 'location', 'needed_by', 'closes_at', 'audience', 'status', 'site_id', 'purchase_request_id');
  return (mode === 'update' ? q.forUpdate() : q.forShare()) as Promise<
    | {
        id: string;
        buyer_id: string;
        title: string;
        location: string;
        needed_by: string | null;
        closes_at: Date;
        audience: string;
        status: 'open' | 'awarded' | 'cancelled';
        site_id: string | null;
        purchase_request_id: string | null;
      }
    | undefined
  >;
}
