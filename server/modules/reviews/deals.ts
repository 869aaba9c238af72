/**
 * The deal a review belongs to, read under its row's lock: a purchase order (its buyer and
 * its seller) or a transport request (its requester and the transport company whose offer
 * was accepted). The lock serialises the two parties' reviews of one deal, so the second
 * one always sees the first and publishes both.
 *
 * Someone outside the deal is refused as the deal's own screens refuse them: a purchase
 * order is 404 to anyone but its parties (purchaseOrderPolicy), a transport request 403
 * to those who may see it and 404 to the others (refuseRequest).
 */
import type { Knex } from 'knex';
import { noCompletedDeal, notFound, productNotInDeal } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { refuseRequest } from '../transport/policy';

/** Which deal a review names: exactly one of the two ids (reviewCreateSchema). */
export interface DealRef {
  purchase_order_id?: string;
  transport_request_id?: string;
}

export interface Deal {
  /** the column of reviews that names the deal */
  column: 'purchase_order_id' | 'transport_request_id';
  id: string;
  /** both parties' companies */
  parties: [string, string];
  /** a purchase order with a goods receipt; a delivered transport request */
  completed: boolean;
}

/** The deal `ref` names, locked; refuses anyone who is not one of its parties. */
export async function lockDeal(trx: Knex.Transaction, user: SessionUser, ref: DealRef): Promise<Deal> {
  if (ref.purchase_order_id) {
    const id = ref.purchase_order_id;
    const po = await trx('purchase_orders').where({ id }).forUpdate().first('id', 'buyer_id', 'seller_id');
    if (!po || (po.buyer_id !== user.account_id && po.seller_id !== user.account_id)) throw notFound('Purchase order');
    const received = await trx('goods_receipts').where({ purchase_order_id: id }).first('id');
    return { column: 'purchase_order_id', id, parties: [po.buyer_id, po.seller_id], completed: Boolean(received) };
  }
  const id = ref.transport_request_id as string;
  const request = await trx('transport_requests').where({ id }).whereNull('deleted_at').forUpdate().first('id', 'requester_id', 'status', 'assigned_offer_id');
  const offer = request?.assigned_offer_id && (await trx('transport_offers').where({ id: request.assigned_offer_id }).first('transport_company_id'));
  const carrier: string | undefined = offer?.transport_company_id;
  if (!request || (request.requester_id !== user.account_id && carrier !== user.account_id)) throw await refuseRequest(trx, user, id);
  // A request is delivered only once a carrier's offer was accepted, so its carrier is known then.
  return { column: 'transport_request_id', id, parties: [request.requester_id, carrier ?? request.requester_id], completed: request.status === 'delivered' && Boolean(carrier) };
}

/** The party of `deal` that is not `company`. */
export const otherParty = (deal: Deal, company: string): string => (deal.parties[0] === company ? deal.parties[1] : deal.parties[0]);

/** Refuses a review of a deal that is not completed. */
export function assertCompleted(deal: Deal): void {
  if (!deal.completed) throw noCompletedDeal();
}

/** Refuses a product the deal did not buy (productsOfDeal). */
export async function assertProductOfDeal(trx: Knex.Transaction, deal: Deal, reviewer: string, productId: string | undefined): Promise<void> {
  if (!productId) return;
  if (!(await productsOfDeal(trx, deal, reviewer)).some((p) => p.id === productId)) throw productNotInDeal();
}

/**
 * The products a party's review of the deal may name: those of the purchase order's lines
 * (a line's product from its RFQ line, or the substitute the seller offered), sold by the
 * reviewed seller, for the buyer only (a seller reviews no product of its own).
 */
export async function productsOfDeal(db: Knex, deal: Pick<Deal, 'column' | 'id' | 'parties'>, reviewer: string): Promise<Array<{ id: string; name: string }>> {
  if (deal.column !== 'purchase_order_id' || reviewer !== deal.parties[0]) return [];
  return db('purchase_order_lines as pol')
    .leftJoin('rfq_lines as rl', 'rl.id', 'pol.rfq_line_id')
    .join('products as p', 'p.id', db.raw('coalesce(pol.substitute_product_id, rl.product_id)'))
    .where({ 'pol.purchase_order_id': deal.id, 'p.supplier_id': deal.parties[1] })
    .whereNull('p.deleted_at')
    .distinct('p.id', 'p.name')
    .orderBy('p.name');
}
