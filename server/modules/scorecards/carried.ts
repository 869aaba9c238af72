/**
 * A transport company's record as its scorecard measures it, read from what was recorded:
 * the requests whose accepted offer was its own and that its driver delivered, and its
 * offers' times. Its figures join a seller's in the same card (compute.ts): a company is
 * a supplier or a carrier, and each counts what it did.
 *
 * - Promised: the accepted offer's estimated delivery time, else the request's preferred
 *   one; a request with neither is a deal not judged for time.
 * - On time: delivered on or before the promised day in Riyadh (as a supply deal is judged
 *   by its day), the delivery's own time as the driver recorded it.
 * - Price: the accepted price against the median of the other companies' offers on the
 *   same request, as a percentage; a request no one else quoted has none.
 * - Quoting time: from the request's posting to the offer's, both rows' own write times.
 * - Fill and rejection are the goods' figures: a carrier has none.
 */
import type { Knex } from 'knex';
import { RIYADH_ZONE } from '../../../shared/riyadh';

export interface CarriedRow {
  id: string;
  delivered_at: Date;
  on_time: number | null;
  price_percent: number | null;
}

/** The carrier's delivered requests, first delivered first. */
export async function carriedOf(db: Knex, companyId: string): Promise<CarriedRow[]> {
  const { rows } = await db.raw(
    `select tr.id, d.delivered_at,
            case when coalesce(o.estimated_delivery_time, tr.preferred_delivery_time) is null then null
                 when (d.delivered_at at time zone :zone)::date <= (coalesce(o.estimated_delivery_time, tr.preferred_delivery_time) at time zone :zone)::date then 1
                 else 0 end::float8 as on_time,
            (select (o.quoted_price / nullif(percentile_cont(0.5) within group (order by x.quoted_price), 0) - 1) * 100
               from transport_offers x where x.transport_request_id = tr.id and x.transport_company_id <> o.transport_company_id)::float8 as price_percent
       from deliveries d
       join transport_requests tr on tr.id = d.transport_request_id
       join transport_offers o on o.id = tr.assigned_offer_id
      where o.transport_company_id = :company and d.delivered_at is not null
      order by d.delivered_at, tr.id`,
    { zone: RIYADH_ZONE, company: companyId },
  );
  return rows as CarriedRow[];
}

/** The carrier's offers: when each was written and how many hours after its request. */
export async function offerTimesOf(db: Knex, companyId: string): Promise<Array<{ at: Date; hours: number }>> {
  const { rows } = await db.raw(
    `select o.created_at as at, extract(epoch from (o.created_at - tr.created_at)) / 3600.0 as hours
       from transport_offers o join transport_requests tr on tr.id = o.transport_request_id where o.transport_company_id = ?`,
    [companyId],
  );
  return rows.map((r: { at: Date; hours: string }) => ({ at: new Date(r.at), hours: Math.max(0, Number(r.hours)) }));
}
