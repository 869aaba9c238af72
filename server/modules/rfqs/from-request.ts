/**
 * POST /api/purchase-requests/{id}/rfq and purchase_request.rfq: an approved purchase
 * request becomes an RFQ in one step (purchase-requests/convert.ts decides whether it may):
 * its lines (their ids too, so the device's copy and the server's are one), site and budget
 * lines carried over, each line in its budget line's category; the title, location and
 * date default to the request's number and site and its needed-by day. Its award is then
 * held to what the request approved (purchase-requests/order-approval.ts).
 */
import type { Knex } from 'knex';
import type { PurchaseRequestRfqArgs } from '../../../shared/schemas/purchase-request';
import type { Rfq } from '../../../shared/schemas/rfq';
import type { SessionUser } from '../../auth/session-user';
import type { Saved } from '../../db/client-ids';
import { markBought, requestToBuy } from '../purchase-requests/convert';
import { createRfq, presentRfq } from './service';

export async function rfqFromRequest(trx: Knex.Transaction, user: SessionUser, args: PurchaseRequestRfqArgs, now: Date): Promise<Saved<Rfq>> {
  const source = await requestToBuy(trx, user, args.purchase_request_id, args.id, 'rfq');
  if (source.made) return { row: await presentRfq(trx, user, args.id, now), created: false };
  const { request } = source;
  const saved = await createRfq(
    trx,
    user,
    {
      id: args.id,
      title: args.title ?? `${request.number} · ${request.site_name}`,
      location: args.location ?? request.site_location,
      needed_by: args.needed_by ?? request.needed_by,
      closes_at: args.closes_at,
      audience: args.audience,
      supplier_ids: args.supplier_ids,
      site_id: request.site_id,
      lines: request.lines.map((l) => ({ id: l.id, description: l.description, quantity: l.quantity, unit: l.unit, category_id: l.category_id, budget_line_id: l.budget_line_id })),
    },
    now,
    { purchase_request_id: request.id },
  );
  await markBought(trx, user, request.id);
  return saved;
}
