/**
 * The market price of each (category, unit), as a reader (an account) may be shown it
 * (shared/market-price.ts), from the prices agreed on purchase order lines. The same rule
 * as the RFQ lines' market price (server/modules/rfqs/queries.ts marketPrices), exported
 * here so that other areas (a site's budget beside its budgeted rates) read the market
 * without importing the RFQs:
 * - the unit prices agreed in the MARKET_PRICE_DAYS before `now`, in deals the reader is
 *   neither buyer nor seller of, between verified companies;
 * - a price is agreed once its seller accepted the order (answered_at), or, for an instant
 *   order, from its issue (the contractor accepted the seller's price), unless declined or
 *   cancelled since;
 * - the lowest and highest MARKET_PRICE_TRIM dropped (at least one at each end), then
 *   marketPriceOf decides what is shown. Keyed by marketKey (unit lowercased and trimmed).
 */
import type { Knex } from 'knex';
import { MARKET_PRICE_DAYS, MARKET_PRICE_TRIM, marketPriceOf, type KeptDeals } from '../../../shared/market-price';
import type { MarketPrice } from '../../../shared/schemas/rfq';

/** Purchase orders whose prices the seller agreed to. */
const ACCEPTED_PO_STATUSES = ['accepted', 'delivered', 'closed'];
/** Purchase orders whose price no longer stands. */
const UNDONE_PO_STATUSES = ['declined', 'cancelled'];

export const marketKey = (l: { category_id: string | null; unit: string }) => `${l.category_id}|${l.unit.trim().toLowerCase()}`;

/** The market price of each (category, unit) of `categories` at `now`, as `viewer` may be shown it. */
export async function marketPrices(db: Knex, categories: string[], viewer: string, now: Date): Promise<Map<string, MarketPrice>> {
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
