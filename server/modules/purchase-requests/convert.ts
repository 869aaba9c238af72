/**
 * An approved request becomes an RFQ or an instant order in one step (rfqs/from-request.ts,
 * instant-orders/from-request.ts), once. Under the request's row lock, so two conversions at
 * once are decided one after the other (the unique purchase_request_id of rfqs and
 * instant_orders holds the same rule): the caller's company's request (404 otherwise), of kind
 * request (one of kind order is the approval of orders already placed), approved, and not
 * converted yet; the same new id again is the same conversion, answered as made.
 */
import type { Knex } from 'knex';
import { approvalRequired, notFound, requestConverted, validationFailed } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { purchaseRequestPolicy } from './policy';

export interface ConvertibleRequest {
  id: string;
  number: string;
  site_id: string;
  site_name: string;
  site_location: string;
  needed_by: string | null;
  lines: Array<{ id: string; budget_line_id: string | null; category_id: string | null; description: string; quantity: number; unit: string }>;
}

/** The request to buy as `as`, or `made` when the document `newId` was made from it already. */
export async function requestToBuy(
  trx: Knex.Transaction,
  user: SessionUser,
  requestId: string,
  newId: string,
  as: 'rfq' | 'instant_order',
): Promise<{ made: true } | { made: false; request: ConvertibleRequest }> {
  const req = await trx('purchase_requests').where({ id: requestId }).forUpdate().first('id', 'company_id', 'status', 'kind');
  if (!req || req.company_id !== user.account_id) throw notFound('Purchase request');
  const rfq = await trx('rfqs').where({ purchase_request_id: requestId }).first('id');
  const order = await trx('instant_orders').where({ purchase_request_id: requestId }).first('id');
  if ((as === 'rfq' ? rfq : order)?.id === newId) return { made: true };
  if (req.kind !== 'request') throw requestConverted('This request is the approval of orders already placed: it is not bought again');
  if (req.status !== 'approved') throw approvalRequired('Only an approved purchase request becomes an RFQ or an instant order');
  if (rfq || order) throw requestConverted();
  const head = await trx('purchase_requests as pr')
    .join('sites as s', 's.id', 'pr.site_id')
    .where('pr.id', requestId)
    .first('pr.id', 'pr.number', 'pr.site_id', 's.name as site_name', 's.location as site_location', trx.raw(`to_char(pr.needed_by, 'YYYY-MM-DD') as needed_by`));
  const lines = await trx('purchase_request_lines as l')
    .leftJoin('site_budget_lines as b', 'b.id', 'l.budget_line_id')
    .where('l.purchase_request_id', requestId)
    .orderBy('l.position')
    .select('l.id', 'l.budget_line_id', 'b.category_id', 'l.description', 'l.quantity', 'l.unit');
  if (as === 'instant_order' && lines.length !== 1) {
    throw validationFailed('An instant order buys one material: a request of several lines becomes an RFQ', [{ path: 'lines', message: 'one_line_only', code: 'one_line_only' }]);
  }
  return { made: false, request: { ...head, lines: lines.map((l) => ({ ...l, quantity: Number(l.quantity) })) } };
}

/** After the RFQ or instant order is made: the request's row names it now, so its company's devices are sent it again. */
export async function markBought(trx: Knex.Transaction, user: SessionUser, requestId: string): Promise<void> {
  await recordChanges(trx, [{ entity: 'purchase_request', id: requestId, audiences: purchaseRequestPolicy.audiences({ company_id: user.account_id }) }]);
}
