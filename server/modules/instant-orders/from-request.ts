/**
 * POST /api/purchase-requests/{id}/instant-order and purchase_request.instant_order: an
 * approved one-line purchase request becomes an instant order in one step
 * (purchase-requests/convert.ts decides whether it may): its material, quantity, site and
 * budget line carried over, in the budget line's category; the title and location default
 * to the request's number and site. The accepted offer is then held to what the request
 * approved (purchase-requests/order-approval.ts).
 */
import type { Knex } from 'knex';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { PurchaseRequestInstantOrderArgs } from '../../../shared/schemas/purchase-request';
import type { SessionUser } from '../../auth/session-user';
import type { Saved } from '../../db/client-ids';
import { markBought, requestToBuy } from '../purchase-requests/convert';
import { presentOrder } from './queries';
import { createInstantOrder } from './service';

export async function instantOrderFromRequest(trx: Knex.Transaction, user: SessionUser, args: PurchaseRequestInstantOrderArgs, now: Date): Promise<Saved<InstantOrder>> {
  const source = await requestToBuy(trx, user, args.purchase_request_id, args.id, 'instant_order');
  if (source.made) return { row: await presentOrder(trx, user, args.id, now), created: false };
  const { request } = source;
  const [line] = request.lines;
  const saved = await createInstantOrder(
    trx,
    user,
    {
      id: args.id,
      title: args.title ?? `${request.number} · ${request.site_name}`,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      category_id: line.category_id,
      location: args.location ?? request.site_location,
      urgency_level: args.urgency_level,
      budget_range_min: args.budget_range_min,
      budget_range_max: args.budget_range_max,
      delivery_deadline: args.delivery_deadline,
      site_id: request.site_id,
      budget_line_id: line.budget_line_id,
    },
    now,
    { purchase_request_id: request.id },
  );
  await markBought(trx, user, request.id);
  return saved;
}
