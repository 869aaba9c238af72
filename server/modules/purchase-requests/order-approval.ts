/**
 * Orders over what was approved. An award or an accepted offer for a site issues its
 * purchase orders (purchase-orders/issue.ts), then holdForApproval decides, in the same
 * transaction and before anyone is told, whether they may go out:
 * - the approved amount is the approved request the RFQ or instant order was made from
 *   (VAT included), none for one placed on the site without a request, and unknown when the
 *   request had an unpriced line (nothing an unknown amount was approved for is taken as
 *   covering an order);
 * - orders whose total (all of one award's together) is within the approved amount and the
 *   owner's tolerance go out as issued;
 * - else they wait in awaiting_approval for a purchase request of kind order, raised on the
 *   site with the orders' lines and total (VAT included) and going through the site's levels
 *   as any request does, its split rule included; one that needs no level under the rules is
 *   approved at once and the orders go out.
 * settleOrders then follows that request's decision: approved issues the orders (their
 * sellers told as an issued order's are), rejected cancels them. Orders of a site that go
 * out committed are told to its budget (sites/budget-notices.ts: a line passing 80 % or 100 %).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { recordChanges } from '../../db/changes';
import { displayName } from '../../db/party-name';
import { notify } from '../notifications/notify';
import { purchaseOrderPolicy } from '../purchase-orders/policy';
import { tellBudgetPassed } from '../sites/budget-notices';
import { purchaseRequestPolicy } from './policy';
import { raiseRequest } from './raise';
import { stateOf } from './queries';
import { tellWaiting } from './notices';
import { recordAudit, type AuditActor } from '../audit/record';

export interface HeldOrders {
  buyer_id: string;
  site_id: string | null;
  /** the approved request the RFQ or instant order was made from, if any */
  source_request_id: string | null;
  /** the person who awarded or accepted */
  created_by: string;
  orders: ReadonlyArray<{ id: string; total: number }>;
}

const halalas = (amount: number) => Math.round(amount * 100);

/** Whether the orders wait for approval (true) or went out issued (false). */
export async function holdForApproval(trx: Knex.Transaction, held: HeldOrders, now: Date): Promise<boolean> {
  if (!held.site_id || !held.orders.length) return false;
  // The site's lock orders this request with the site's others, as a person's request is.
  const site = await trx('sites').where({ id: held.site_id }).forUpdate().first('id', 'approval_tolerance_percent');
  const total = held.orders.reduce((sum, o) => sum + halalas(o.total), 0);
  const source = held.source_request_id ? await trx('purchase_requests').where({ id: held.source_request_id }).first('status', 'amount') : null;
  const approved = source?.status === 'approved' ? (source.amount === null ? null : halalas(Number(source.amount))) : 0;
  const allowed = approved === null ? null : Math.floor(approved * (1 + Number(site.approval_tolerance_percent) / 100));
  if (allowed !== null && total <= allowed) {
    await tellBudgetPassed(trx, held.orders.map((o) => o.id));
    return false;
  }

  const id = randomUUID();
  const ids = held.orders.map((o) => o.id);
  const lines: Array<{ budget_line_id: string | null; description: string; quantity: string; unit: string; unit_price: string }> = await trx('purchase_order_lines as pl')
    .join('purchase_orders as po', 'po.id', 'pl.purchase_order_id')
    .whereIn('pl.purchase_order_id', ids)
    .orderBy([{ column: 'po.seq' }, { column: 'pl.position' }])
    .select('pl.budget_line_id', 'pl.description', 'pl.quantity', 'pl.unit', 'pl.unit_price');
  await raiseRequest(
    trx,
    {
      id,
      company_id: held.buyer_id,
      site_id: held.site_id,
      requested_by: held.created_by,
      kind: 'order',
      source_request_id: held.source_request_id,
      amount: total / 100,
      lines: lines.map((l) => ({ ...l, quantity: Number(l.quantity), estimated_unit_price: Number(l.unit_price) })),
    },
    now,
  );
  const state = await stateOf(trx, id);
  const audiences = purchaseRequestPolicy.audiences(state);
  if (state.next_level === null) {
    await trx('purchase_requests').where({ id }).update({ status: 'approved', decided_at: now.toISOString() });
    await trx('purchase_orders').whereIn('id', ids).update({ approval_request_id: id });
    await recordChanges(trx, [{ entity: 'purchase_request', id, audiences }]);
    await tellBudgetPassed(trx, ids);
    return false;
  }
  await trx('purchase_orders').whereIn('id', ids).update({ status: 'awaiting_approval', approval_request_id: id });
  await tellWaiting(trx, state, held.created_by);
  await recordChanges(trx, [{ entity: 'purchase_request', id, audiences }]);
  return true;
}

/**
 * The decision on a request of kind order reaches its orders: approved, those still
 * awaiting approval are issued now and their sellers told; rejected, they are cancelled.
 */
export async function settleOrders(trx: Knex.Transaction, requestId: string, decision: 'approved' | 'rejected', now: Date, decidedBy: AuditActor): Promise<void> {
  const at = now.toISOString();
  // Those awaiting only: an order is released once, whichever decision reaches it.
  const moved: Array<{ id: string; number: string; total: string; buyer_id: string; seller_id: string }> = await trx('purchase_orders')
    .where({ approval_request_id: requestId, status: 'awaiting_approval' })
    .update(decision === 'approved' ? { status: 'issued', issued_at: at } : { status: 'cancelled' })
    .returning(['id', 'number', 'total', 'buyer_id', 'seller_id']);
  if (!moved.length) return;
  for (const po of moved) {
    await recordAudit(trx, {
      actor: decidedBy,
      action: decision === 'approved' ? 'purchase_order.release' : 'purchase_order.cancel',
      record_type: 'purchase_order',
      record_id: po.id,
      changes: { status: ['awaiting_approval', decision === 'approved' ? 'issued' : 'cancelled'] },
    });
  }
  await recordChanges(
    trx,
    moved.map((po) => ({ entity: 'purchase_order' as const, id: po.id, audiences: purchaseOrderPolicy.audiences(po) })),
  );
  const company = await displayName(trx, moved[0].buyer_id);
  for (const po of moved) {
    const params = { number: po.number, company, purchase_order_id: po.id };
    if (decision === 'approved') await notify(trx, { to: [po.seller_id], kind: 'purchase_order.issued', params: { ...params, amount: Number(po.total) } });
    else await notify(trx, { to: [po.seller_id], kind: 'purchase_order.cancelled', priority: 'high', params });
  }
  if (decision === 'approved') await tellBudgetPassed(trx, moved.map((po) => po.id));
}
