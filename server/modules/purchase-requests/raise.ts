/**
 * Raising a purchase request, of either kind: a site's ask (service.ts createRequest) or
 * the approval an order waits for (order-approval.ts). Under the site's row lock, taken by
 * the caller: the number is the company's next in the year (Riyadh's calendar, a counter row
 * as orders have), and the request is raised after every request the site already has, even
 * when this call's clock read came first: the split rule sums what was raised before, and
 * the lock is what orders them.
 */
import type { Knex } from 'knex';
import { purchaseRequestNumber } from '../../../shared/schemas/purchase-request';
import { riyadhYear } from '../../../shared/riyadh';

export interface RaisedRequest {
  id: string;
  company_id: string;
  site_id: string;
  requested_by: string;
  kind: 'request' | 'order';
  source_request_id?: string | null;
  needed_by?: string | null;
  note?: string | null;
  amount: number | null;
  lines: Array<{ id?: string; budget_line_id?: string | null; description: string; quantity: number; unit: string; estimated_unit_price?: number | null }>;
}

export async function raiseRequest(trx: Knex.Transaction, input: RaisedRequest, now: Date): Promise<void> {
  const latest = await trx('purchase_requests').where({ site_id: input.site_id }).max('created_at as at').first();
  const raisedAt = latest?.at && new Date(latest.at) > now ? new Date(latest.at) : now;
  const year = riyadhYear(now);
  const {
    rows: [{ last }],
  } = await trx.raw(
    `insert into purchase_request_counters (company_id, year, last) values (?, ?, 1)
     on conflict (company_id, year) do update set last = purchase_request_counters.last + 1
     returning last`,
    [input.company_id, year],
  );
  await trx('purchase_requests').insert({
    id: input.id,
    company_id: input.company_id,
    site_id: input.site_id,
    number: purchaseRequestNumber(year, last),
    requested_by: input.requested_by,
    kind: input.kind,
    source_request_id: input.source_request_id ?? null,
    needed_by: input.needed_by ?? null,
    note: input.note ?? null,
    status: 'pending',
    amount: input.amount,
    created_at: raisedAt.toISOString(),
    updated_at: raisedAt.toISOString(),
  });
  await trx('purchase_request_lines').insert(
    input.lines.map((l, i) => ({
      ...(l.id ? { id: l.id } : {}),
      purchase_request_id: input.id,
      position: i + 1,
      budget_line_id: l.budget_line_id ?? null,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      estimated_unit_price: l.estimated_unit_price ?? null,
    })),
  );
}
