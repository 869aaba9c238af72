/**
 * Instant orders: a contractor's urgent request for materials, open to every supplier while
 * active: active → fulfilled when the contractor accepts an offer,
 * active → cancelled by the contractor, active → expired at expires_at (expiry.ts). Every
 * function checks the caller's role and ownership itself, because the sync push calls the
 * same functions as the routes. Offers are in responses.ts.
 *
 * Each transition locks the order row (FOR UPDATE) and decides on the status it then
 * reads, with expires_at checked on that row, so an overdue order is never accepted even
 * before the sweep has flipped it. Every time rule is decided at the app's `now` (the
 * caller passes its clock's), with shared/instant-order-expiry.ts's functions.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { NEWEST_FIRST, page, type Page } from '../../db/page';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import { invalidTransition, notFound, offerNotFound, orderNotActive, validationFailed } from '../../../shared/errors';
import { notify } from '../notifications/notify';
import { assertWithinPlanLimit } from '../plan-limits/limits';
import { canTransition } from '../../../shared/lifecycle';
import { instantOrderLifecycle, instantOrderResponseLifecycle } from '../../../shared/lifecycles/instant-orders';
import type { NotificationPriority } from '../../../shared/constants';
import { instantOrderExpiry } from '../../../shared/instant-order-expiry';
import type {
  InstantOrder,
  InstantOrderAcceptArgs,
  InstantOrderCancelArgs,
  InstantOrderCreate,
  InstantOrderListQuery,
} from '../../../shared/schemas/instant-order';
import { expireOverdueOrders } from './expiry';
import {
  effectiveStatus,
  lockOrder,
  orderQuery,
  presentOrder,
  whereStatus,
  withMyResponses,
} from './queries';
import { orderPolicy, refuseOrder, responsePolicy } from './policy';
import { issueForInstantOrder, tellIssued } from '../purchase-orders/issue';
import { holdForApproval } from '../purchase-requests/order-approval';
import { checkOrderSite } from '../sites/orders';
import { assertNotSuspended } from '../../auth/suspension';

/** How loudly suppliers hear of a new order: as urgent as the order is. */
const PRIORITY: Record<InstantOrder['urgency_level'], NotificationPriority> = {
  low: 'low',
  normal: 'normal',
  high: 'high',
  urgent: 'urgent',
};

/**
 * POST /api/instant-orders: within the contractor's plan limit; expires at its delivery
 * deadline, or 7 days after creation without one. Every supplier is told. An order for a
 * site names a budget line of it only; `from` is the approved purchase request it is made
 * from (purchase-requests/convert.ts), whose approved amount the accepted offer is held to.
 */
export async function createInstantOrder(
  trx: Knex.Transaction,
  user: SessionUser,
  input: InstantOrderCreate,
  now: Date,
  from?: { purchase_request_id: string },
): Promise<Saved<InstantOrder>> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const existing = await rowWithId<{ contractor_id: string; deleted_at: Date | null }>(trx, 'instant_orders', input.id, [
    'contractor_id',
    'deleted_at',
  ]);
  if (existing) {
    if (existing.contractor_id !== user.account_id || existing.deleted_at) throw idTaken();
    return { row: await presentOrder(trx, user, existing.id, now), created: false };
  }
  if (input.delivery_deadline && new Date(input.delivery_deadline).getTime() <= now.getTime()) {
    throw validationFailed('Invalid input: delivery_deadline', [{ path: 'delivery_deadline', message: 'deadline_in_past' }]);
  }
  await assertWithinPlanLimit(trx, user.account_id, 'instant_orders', now);
  await checkOrderSite(trx, user, input.site_id, [{ path: 'budget_line_id', budget_line_id: input.budget_line_id }]);

  const [{ id }] = await insertWithClientId('instant_orders', () =>
    trx('instant_orders')
      .insert({
        id: input.id,
        contractor_id: user.account_id,
        title: input.title,
        description: input.description,
        quantity: input.quantity,
        unit: input.unit,
        category_id: input.category_id ?? null,
        location: input.location,
        urgency_level: input.urgency_level,
        budget_range_min: input.budget_range_min ?? null,
        budget_range_max: input.budget_range_max ?? null,
        delivery_deadline: input.delivery_deadline ?? null,
        site_id: input.site_id ?? null,
        budget_line_id: input.budget_line_id ?? null,
        purchase_request_id: from?.purchase_request_id ?? null,
        // Created at the app's `now`, so "7 days after creation" is exact and the test clock moves both.
        created_at: now.toISOString(),
        expires_at: instantOrderExpiry(now, input.delivery_deadline),
      })
      .returning('id'),
  );
  await recordChanges(trx, [{ entity: 'instant_order', id, audiences: orderPolicy.audiences({ contractor_id: user.account_id }) }]);
  await notify(trx, {
    to: { role: 'supplier' },
    kind: 'instant_order.new',
    priority: PRIORITY[input.urgency_level],
    params: { title: input.title, location: input.location, order_id: id, urgency_level: input.urgency_level },
    except: user.account_id,
  });
  return { row: await presentOrder(trx, user, id, now), created: true };
}

/** GET /api/instant-orders: every order (suppliers, admins), active ones unless a status is asked for. */
export async function listInstantOrders(knex: Knex, user: SessionUser, query: InstantOrderListQuery, now: Date): Promise<Page<InstantOrder>> {
  assertRole(user, 'supplier', 'admin');
  await expireOverdueOrders(knex, now);
  const result = await page<InstantOrder>(whereStatus(knex, orderQuery(knex, now), query.status ?? 'active', now), { ...query, orderBy: NEWEST_FIRST });
  return { ...result, items: await withMyResponses(knex, user, result.items) };
}

/** GET /api/instant-orders/my: the contractor's own orders, every status unless one is asked for. */
export async function listMyInstantOrders(knex: Knex, user: SessionUser, query: InstantOrderListQuery, now: Date): Promise<Page<InstantOrder>> {
  assertRole(user, 'contractor');
  await expireOverdueOrders(knex, now);
  const q = orderQuery(knex, now).where('o.contractor_id', user.account_id);
  if (query.status) whereStatus(knex, q, query.status, now);
  const result = await page<InstantOrder>(q, { ...query, orderBy: NEWEST_FIRST });
  return { ...result, items: await withMyResponses(knex, user, result.items) };
}

/** GET /api/instant-orders/{id}: its contractor, suppliers and admins; 404 for anyone else. */
export async function getInstantOrder(knex: Knex, user: SessionUser, id: string, now: Date): Promise<InstantOrder> {
  await expireOverdueOrders(knex, now);
  if (!(await orderPolicy.visible(orderQuery(knex, now).where('o.id', id), user).first('o.id'))) throw notFound('Instant order');
  return presentOrder(knex, user, id, now);
}

/** Locks the order and checks that the caller is its contractor (403 for suppliers and admins, else 404). */
async function lockOwnOrder(trx: Knex.Transaction, user: SessionUser, id: string) {
  const order = await lockOrder(trx, id, 'update');
  if (!order) throw notFound('Instant order');
  if (order.contractor_id !== user.account_id) throw refuseOrder(user);
  return order;
}

/**
 * POST /api/instant-orders/{id}/accept: the order fulfilled, that offer accepted, every
 * other submitted offer rejected; each supplier told. The accepted offer becomes a
 * purchase order to its supplier (purchase-orders/issue.ts), issued at `now`, or waiting
 * for the site's approval when it is over what the site's request approved.
 */
export async function acceptOffer(trx: Knex.Transaction, user: SessionUser, args: InstantOrderAcceptArgs, now: Date): Promise<InstantOrder> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const order = await lockOwnOrder(trx, user, args.id);
  if (!canTransition(instantOrderLifecycle, effectiveStatus(order, now), 'fulfilled', 'owner')) {
    throw orderNotActive('Offers can only be accepted while the order is active');
  }
  const offer = await trx('instant_order_responses as r')
    .where({ 'r.id': args.response_id, 'r.instant_order_id': order.id })
    .whereExists((s) => s.select(1).from('users as su').whereRaw('su.id = r.supplier_id').whereNull('su.deleted_at'))
    .forUpdate()
    .first('r.id', 'r.status', 'r.supplier_id');
  if (!offer) throw offerNotFound('No such offer on this order');
  if (!canTransition(instantOrderResponseLifecycle, offer.status, 'accepted', 'owner')) {
    throw invalidTransition(`A ${offer.status} offer cannot be accepted`);
  }

  await trx('instant_order_responses').where({ id: offer.id }).update({ status: 'accepted' });
  // Read after the order lock: every offer committed before this accept is here.
  const rejected: Array<{ id: string; supplier_id: string }> = await trx('instant_order_responses')
    .where({ instant_order_id: order.id, status: 'submitted' })
    .update({ status: 'rejected' })
    .returning(['id', 'supplier_id']);
  await trx('instant_orders').where({ id: order.id }).update({ status: 'fulfilled', accepted_response_id: offer.id });
  const po = await issueForInstantOrder(trx, order.id, offer.id, user.id, now);
  const held = await holdForApproval(trx, { buyer_id: po.buyer_id, site_id: po.site_id, source_request_id: po.purchase_request_id, created_by: user.id, orders: [po] }, now);
  if (!held) await tellIssued(trx, po);

  await recordChanges(trx, [
    { entity: 'instant_order', id: order.id, audiences: orderPolicy.audiences({ contractor_id: user.account_id }) },
    { entity: 'instant_order_response', id: offer.id, audiences: responsePolicy.audiences({ supplier_id: offer.supplier_id, contractor_id: user.account_id }) },
    ...rejected.map(
      (r): ChangeEntry => ({ entity: 'instant_order_response', id: r.id, audiences: responsePolicy.audiences({ supplier_id: r.supplier_id, contractor_id: user.account_id }) }),
    ),
  ]);
  const params = { order_title: order.title, order_id: order.id };
  await notify(trx, { to: [offer.supplier_id], kind: 'order_response.accepted', priority: 'high', params });
  if (rejected.length) {
    await notify(trx, { to: rejected.map((r) => r.supplier_id), kind: 'order_response.rejected', params });
  }
  return presentOrder(trx, user, order.id, now);
}

/** POST /api/instant-orders/{id}/cancel: the contractor withdraws an active order; its offers are rejected. */
export async function cancelInstantOrder(trx: Knex.Transaction, user: SessionUser, args: InstantOrderCancelArgs, now: Date): Promise<InstantOrder> {
  assertRole(user, 'contractor');
  const order = await lockOwnOrder(trx, user, args.id);
  if (!canTransition(instantOrderLifecycle, effectiveStatus(order, now), 'cancelled', 'owner')) {
    throw orderNotActive('Only an active order can be cancelled');
  }
  await trx('instant_orders').where({ id: order.id }).update({ status: 'cancelled' });
  const rejected: Array<{ id: string; supplier_id: string }> = await trx('instant_order_responses')
    .where({ instant_order_id: order.id, status: 'submitted' })
    .update({ status: 'rejected' })
    .returning(['id', 'supplier_id']);
  await recordChanges(trx, [
    { entity: 'instant_order', id: order.id, audiences: orderPolicy.audiences({ contractor_id: user.account_id }) },
    ...rejected.map(
      (r): ChangeEntry => ({ entity: 'instant_order_response', id: r.id, audiences: responsePolicy.audiences({ supplier_id: r.supplier_id, contractor_id: user.account_id }) }),
    ),
  ]);
  return presentOrder(trx, user, order.id, now);
}
