/**
 * The buyer's side after the quotes: the comparison (lines down, quotes across, built by
 * shared/rfq.ts compareQuotes, the same function the buyer's device runs offline) and the
 * award, which turns the awarded lines into one purchase order per winning supplier.
 *
 * An award orders from each quote named for a line what it offers of it, or less when the
 * award says so, and never more than the quote offers or the line asks (shared/rfq.ts
 * planAward): the rest of a line partly quoted may go to other quotes of the same award,
 * and what an award does not order is not bought through this RFQ.
 *
 * An award is made once: it locks the RFQ FOR UPDATE and refuses one that is no longer
 * open or closed, so of two awards at once the second waits and is refused; the unique
 * indexes on purchase orders (one per RFQ and seller) and on their lines (an RFQ line
 * once on each order) hold the same rule in the database.
 */
import type { Knex } from 'knex';
import { awardOverOrdered, lineNotQuoted, notFound, rfqAwarded } from '../../../shared/errors';
import { canAward, compareQuotes, planAward, rfqPhase } from '../../../shared/rfq';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import type { RfqAwardArgs, RfqComparison } from '../../../shared/schemas/rfq';
import { assertRole } from '../../auth/guards';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { notify } from '../notifications/notify';
import { issuePurchaseOrder } from '../purchase-orders/issue';
import { holdForApproval } from '../purchase-requests/order-approval';
import { purchaseOrderQuery, readPurchaseOrders } from '../purchase-orders/queries';
import { quotePolicy, refuseRfq, rfqAudiences } from './policy';
import { linesOf, quoteQuery, readQuotes } from './queries';
import { lockOwnRfq } from './service';
import { recordAudit } from '../audit/record';
import { assertNotSuspended } from '../../auth/suspension';

/** GET /api/rfqs/{id}/comparison: the RFQ's buyer only (403 for a supplier it reached, else 404). */
export async function compareRfq(db: Knex, user: SessionUser, id: string, now: Date): Promise<RfqComparison> {
  const rfq = await db('rfqs').where({ id }).first('id', 'buyer_id', 'status', 'closes_at');
  if (!rfq) throw notFound('RFQ');
  if (rfq.buyer_id !== user.account_id) return refuseRfq(db, user, id);
  const [lines, quotes] = [await linesOf(db, [id], user.account_id, now), await readQuotes(quoteQuery(db).where('q.rfq_id', id).orderBy([{ column: 'q.submitted_at' }, { column: 'q.id' }]))];
  return compareQuotes({ id, status: rfqPhase(rfq, now), lines: lines.get(id) ?? [] }, quotes);
}

type AwardLine = { id: string; position: number; description: string; quantity: number; unit: string; category_id: string | null; budget_line_id: string | null };
type QuoteLine = { quote_id: string; rfq_line_id: string; unit_price: number; quantity: number | null; note: string | null; substitute_product_id: string | null };

/**
 * POST /api/rfqs/{id}/award: each awarded line to the quotes named for it, which must
 * price it, at the quantity planAward gives each; one purchase order per winning quote,
 * its lines in the RFQ's order. The quote's notes go on its order and each line's note on
 * the order's line: what the supplier wrote is the buyer's to read with what is bought. The
 * winners are told their order, the other suppliers who quoted that they lost. The orders
 * of an RFQ for a site over what its request approved wait for the site's approval
 * (purchase-requests/order-approval.ts): their winners are told once they are issued.
 */
export async function awardRfq(trx: Knex.Transaction, user: SessionUser, args: RfqAwardArgs, now: Date): Promise<PurchaseOrder[]> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const rfq = await lockOwnRfq(trx, user, args.id);
  if (!canAward(rfq, now)) throw rfqAwarded();

  const lines = new Map<string, AwardLine>(
    (await trx('rfq_lines').where({ rfq_id: rfq.id }).select('id', 'position', 'description', 'quantity', 'unit', 'category_id', 'budget_line_id')).map((l: AwardLine) => [l.id, l]),
  );
  const quotes: Array<{ id: string; supplier_id: string; delivery_days: number; notes: string | null }> = await trx('rfq_quotes as q')
    .join('users as su', 'su.id', 'q.supplier_id')
    .whereNull('su.deleted_at')
    .where('q.rfq_id', rfq.id)
    .select('q.id', 'q.supplier_id', 'q.delivery_days', 'q.notes');
  const priced = new Map<string, QuoteLine>(
    (
      await trx('rfq_quote_lines')
        .where({ rfq_id: rfq.id })
        .whereIn('quote_id', [...new Set(args.awards.map((a) => a.quote_id))])
        .select('quote_id', 'rfq_line_id', 'unit_price', 'quantity', 'note', 'substitute_product_id')
    ).map((l: QuoteLine) => [`${l.quote_id}|${l.rfq_line_id}`, l]),
  );
  const live = new Set(quotes.map((q) => q.id));
  const plan = planAward(lines, (quoteId, lineId) => (live.has(quoteId) ? priced.get(`${quoteId}|${lineId}`) : undefined), args.awards);
  const unpriced = plan.problems.filter((p) => p.message === 'line_not_quoted');
  if (unpriced.length) throw lineNotQuoted(`${unpriced.length} awarded line(s) are not priced by the quote named for them`);
  if (plan.problems.length) throw awardOverOrdered(`${plan.problems.length} awarded line(s) order more than the quote offers or the line asks`, plan.problems);

  // One order per winning quote, in the order of each one's first awarded line.
  const byQuote = new Map<string, Array<{ line: AwardLine; price: QuoteLine; quantity: number }>>();
  const sorted = [...plan.awards].sort((a, b) => lines.get(a.rfq_line_id)!.position - lines.get(b.rfq_line_id)!.position);
  for (const a of sorted) {
    const awarded = { line: lines.get(a.rfq_line_id)!, price: priced.get(`${a.quote_id}|${a.rfq_line_id}`)!, quantity: a.quantity };
    byQuote.set(a.quote_id, [...(byQuote.get(a.quote_id) ?? []), awarded]);
  }
  const issued: Array<{ id: string; number: string; total: number; supplier_id: string }> = [];
  for (const [quoteId, awarded] of byQuote) {
    const quote = quotes.find((q) => q.id === quoteId)!;
    const po = await issuePurchaseOrder(
      trx,
      {
        buyer_id: rfq.buyer_id,
        seller_id: quote.supplier_id,
        created_by: user.id,
        title: rfq.title,
        rfq_id: rfq.id,
        quote_id: quote.id,
        site_id: rfq.site_id,
        delivery_location: rfq.location,
        delivery_date: rfq.needed_by,
        delivery_days: quote.delivery_days,
        notes: quote.notes,
        lines: awarded.map(({ line, price, quantity }) => ({
          rfq_line_id: line.id,
          budget_line_id: line.budget_line_id,
          category_id: line.category_id,
          description: line.description,
          quantity,
          unit: line.unit,
          unit_price: price.unit_price,
          substitute_product_id: price.substitute_product_id,
          note: price.note,
        })),
      },
      now,
    );
    issued.push({ ...po, supplier_id: quote.supplier_id });
  }

  // An award over what the site's request approved waits for approval before any winner hears of its order.
  const held = await holdForApproval(trx, { buyer_id: rfq.buyer_id, site_id: rfq.site_id, source_request_id: rfq.purchase_request_id, created_by: user.id, orders: issued }, now);
  await trx('rfqs').where({ id: rfq.id }).update({ status: 'awarded', awarded_at: now.toISOString() });
  await recordAudit(trx, {
    actor: user,
    action: 'rfq.award',
    record_type: 'rfq',
    record_id: rfq.id,
    changes: { status: [rfq.status, 'awarded'], purchase_order_ids: [null, issued.map((po) => po.id)], total: [null, issued.reduce((sum, po) => sum + Number(po.total), 0)], held_for_approval: [null, held] },
  });
  const won = new Set(byQuote.keys());
  for (const status of ['won', 'lost'] as const) {
    const ids = quotes.filter((q) => won.has(q.id) === (status === 'won')).map((q) => q.id);
    if (ids.length) await trx('rfq_quotes').whereIn('id', ids).update({ status });
  }
  await recordChanges(trx, [
    { entity: 'rfq', id: rfq.id, audiences: await rfqAudiences(trx, rfq) },
    ...quotes.map((q): ChangeEntry => ({ entity: 'rfq_quote', id: q.id, audiences: quotePolicy.audiences({ supplier_id: q.supplier_id, buyer_id: rfq.buyer_id }) })),
  ]);
  for (const po of held ? [] : issued) {
    await notify(trx, {
      to: [po.supplier_id],
      kind: 'rfq.awarded',
      priority: 'high',
      params: { rfq_title: rfq.title, rfq_id: rfq.id, number: po.number, amount: po.total, purchase_order_id: po.id },
    });
  }
  const losers = quotes.filter((q) => !won.has(q.id)).map((q) => q.supplier_id);
  await notify(trx, { to: losers, kind: 'rfq.lost', params: { rfq_title: rfq.title, rfq_id: rfq.id } });
  return readPurchaseOrders(purchaseOrderQuery(trx).whereIn('po.id', issued.map((p) => p.id)).orderBy('po.seq'));
}
