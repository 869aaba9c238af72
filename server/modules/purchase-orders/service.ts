/**
 * Purchase orders after they are issued (issue.ts): the parties read them, the seller
 * accepts or declines an issued one and later marks it delivered, the buyer cancels it
 * until money or goods moved on it (CANCEL_BLOCKERS: each answers its own code), closes it
 * once the goods are in, or closes it short: what is still open of each line is cancelled
 * (PURCHASE_ORDER_ACTIONS in shared/schemas/purchase-order.ts). Each action locks the order
 * row and decides on the status it then reads (a goods receipt takes the same lock); the
 * other party is told.
 */
import type { Knex } from 'knex';
import { approvalRequired, notFound, notTheBuyer, notTheSeller, nothingOpen, orderHasReceipts, orderInvoiced, orderNotCancellable, orderPaid, purchaseOrderStatusChanged } from '../../../shared/errors';
import { openQuantity } from '../../../shared/schemas/goods-receipt';
import { roundStock } from '../../../shared/numbers';
import { lineQuantities } from './line-quantities';
import {
  PURCHASE_ORDER_ACTIONS,
  canActOnPurchaseOrder,
  type CancelBlocker,
  type PurchaseOrder,
  type PurchaseOrderAction,
  type PurchaseOrderActionArgs,
  type PurchaseOrderListQuery,
  type PurchaseOrderSide,
} from '../../../shared/schemas/purchase-order';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { NEWEST_FIRST, page, type Page } from '../../db/page';
import { notify } from '../notifications/notify';
import { purchaseOrderPolicy } from './policy';
import { purchaseOrderQuery, readPurchaseOrders } from './queries';
import { displayName } from '../../db/party-name';

/** GET /api/purchase-orders: the caller's orders as buyer, as seller, or both, newest first. */
export async function listPurchaseOrders(db: Knex, user: SessionUser, query: PurchaseOrderListQuery): Promise<Page<PurchaseOrder>> {
  const q = purchaseOrderQuery(db);
  if (query.as === 'buyer') q.where('po.buyer_id', user.account_id);
  else if (query.as === 'seller') q.where('po.seller_id', user.account_id);
  else purchaseOrderPolicy.visible(q, user);
  if (query.status) q.where('po.status', query.status);
  return page<PurchaseOrder>(q, { ...query, orderBy: NEWEST_FIRST });
}

/** GET /api/purchase-orders/{id}: its buyer and seller; 404 for anyone else. */
export async function getPurchaseOrder(db: Knex, user: SessionUser, id: string): Promise<PurchaseOrder> {
  const [row] = await readPurchaseOrders(purchaseOrderPolicy.visible(purchaseOrderQuery(db).where('po.id', id), user));
  if (!row) throw notFound('Purchase order');
  return row;
}

/** The refusal of a cancel by what blocks it, each its own code (a delivery's proof keeps the older one, with its reason). */
const CANCEL_REFUSAL = {
  paid: orderPaid,
  invoiced: orderInvoiced,
  received: orderHasReceipts,
  delivered: () => orderNotCancellable('delivered'),
} as const satisfies Record<CancelBlocker, () => Error>;

/** What each action tells the other party. */
const NOTICE = {
  accept: 'purchase_order.accepted',
  decline: 'purchase_order.declined',
  cancel: 'purchase_order.cancelled',
  deliver: 'purchase_order.delivered',
  close: null,
  close_short: 'purchase_order.closed_short',
} as const satisfies Record<PurchaseOrderAction, string | null>;

/** POST /api/purchase-orders/{id}/{action}: the move by the party it belongs to, from a status it allows. */
export async function actOnPurchaseOrder(
  trx: Knex.Transaction,
  user: SessionUser,
  action: PurchaseOrderAction,
  args: PurchaseOrderActionArgs,
  now: Date,
): Promise<PurchaseOrder> {
  const po = await trx('purchase_orders').where({ id: args.id }).forUpdate().first('id', 'number', 'buyer_id', 'seller_id', 'status');
  if (!po) throw notFound('Purchase order');
  const side: PurchaseOrderSide | null = po.buyer_id === user.account_id ? 'buyer' : po.seller_id === user.account_id ? 'seller' : null;
  if (!side) throw notFound('Purchase order');
  // An order waiting for its buyer's approval is not issued yet: nobody acts on it before.
  if (po.status === 'awaiting_approval') throw approvalRequired("This purchase order waits for its buyer's internal approval");
  const rule = PURCHASE_ORDER_ACTIONS[action];
  if (rule.side !== side) throw (rule.side === 'buyer' ? notTheBuyer : notTheSeller)(`Only the ${rule.side} may ${action} a purchase order`);
  if (action === 'cancel') {
    // Under the order's lock: issuing its invoice and recording a receipt lock it too, so
    // none can slip in between. Before the status: a receipt also moved the status, and
    // the buyer is told what it was, not that the status changed.
    const [current] = await readPurchaseOrders(purchaseOrderQuery(trx).where('po.id', po.id));
    if (current.cancel_blocker) throw CANCEL_REFUSAL[current.cancel_blocker]();
  }
  if (!canActOnPurchaseOrder(action, side, po.status)) {
    // The screen offered the action in the status it last saw; the other party (or another device) moved first.
    throw purchaseOrderStatusChanged(`A ${po.status} purchase order cannot be ${rule.to}`);
  }
  if (action === 'close_short') {
    const open = (await lineQuantities(trx, po.id)).map((l) => ({ id: l.id, cancelled: l.cancelled_quantity, open: openQuantity(l) })).filter((l) => l.open > 0);
    if (!open.length) throw nothingOpen();
    for (const l of open) await trx('purchase_order_lines').where({ id: l.id }).update({ cancelled_quantity: roundStock(l.cancelled + l.open) });
  }

  await trx('purchase_orders')
    .where({ id: po.id })
    .update({
      status: rule.to,
      ...(action === 'accept' || action === 'decline' ? { answered_at: now.toISOString() } : {}),
      ...(args.reason !== undefined && (action === 'decline' || action === 'cancel') ? { reason: args.reason } : {}),
    });
  await recordChanges(trx, [{ entity: 'purchase_order', id: po.id, audiences: purchaseOrderPolicy.audiences(po) }]);
  const kind = NOTICE[action];
  if (kind) {
    await notify(trx, {
      to: [side === 'buyer' ? po.seller_id : po.buyer_id],
      kind,
      priority: action === 'decline' || action === 'cancel' ? 'high' : 'normal',
      params: { number: po.number, company: await displayName(trx, user.account_id), purchase_order_id: po.id },
    });
  }
  return getPurchaseOrder(trx, user, po.id);
}
