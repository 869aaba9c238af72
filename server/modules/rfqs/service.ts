/**
 * Requests for quotation: a contractor (or a member of their company) sends a list of
 * materials to the market or to chosen suppliers; it takes quotes until its closing time
 * (quotes.ts), then the buyer compares and awards (award.ts). Every function checks the
 * caller's role and ownership itself, because the sync push calls the same functions as
 * the routes; `now` is the app's clock.
 *
 * Who an RFQ reaches (rfq_recipients): the invited suppliers, fixed when it is sent; or
 * for the market the sellers in its lines' categories, from when it is sent for as long
 * as it is open (audience.ts).
 */
import type { Knex } from 'knex';
import { notFound, rfqAwarded, rfqClosed, rfqHasQuotes, validationFailed } from '../../../shared/errors';
import { canCancelRfq, editRefusal } from '../../../shared/rfq';
import type { Rfq, RfqCreate, RfqListQuery, RfqUpdateArgs } from '../../../shared/schemas/rfq';
import { assertRole } from '../../auth/guards';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { NEWEST_FIRST, page, type Page } from '../../db/page';
import { notify } from '../notifications/notify';
import { checkOrderSite } from '../sites/orders';
import { reachMarketOnSend } from './audience';
import { quotePolicy, refuseRfq, rfqAudiences, rfqPolicy, whereRecipient } from './policy';
import { lockRfq, presentRfqs, rfqQuery, whereRfqStatus } from './queries';
import { recordAudit } from '../audit/record';
import { assertNotSuspended } from '../../auth/suspension';

/** One RFQ as `user` sees it, or 404 when they may not. */
export async function presentRfq(db: Knex, user: SessionUser, id: string, now: Date): Promise<Rfq> {
  const row = await rfqPolicy.visible(rfqQuery(db).where('r.id', id), user).first();
  if (!row) throw notFound('RFQ');
  return (await presentRfqs(db, user, [row], now))[0];
}

/** The invited suppliers of a new RFQ, each a live supplier and never the buyer's own account. */
async function invitedRecipients(trx: Knex.Transaction, buyerId: string, supplierIds: string[]): Promise<string[]> {
  const found: Array<{ id: string }> = await trx('users as u')
    .join('profiles as p', 'p.user_id', 'u.id')
    .where('p.role', 'supplier')
    .whereNull('u.deleted_at')
    .whereNot('u.id', buyerId)
    .whereIn('u.id', supplierIds)
    .select('u.id');
  const missing = supplierIds.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) {
    throw validationFailed('Invalid input: supplier_ids', missing.map(() => ({ path: 'supplier_ids', message: 'not_a_supplier' })));
  }
  return found.map((f) => f.id);
}

/** A closing time must be later than the server's `now`, on sending and on editing alike. */
function assertClosesLater(closesAt: string, now: Date) {
  if (new Date(closesAt).getTime() <= now.getTime()) {
    throw validationFailed('Invalid input: closes_at', [{ path: 'closes_at', message: 'closes_in_past' }]);
  }
}

/** The RFQ's lines, numbered in the order given. */
async function insertLines(trx: Knex.Transaction, rfqId: string, lines: RfqCreate['lines']) {
  await trx('rfq_lines').insert(
    lines.map((l, i) => ({
      id: l.id,
      rfq_id: rfqId,
      position: i + 1,
      description: l.description,
      quantity: l.quantity,
      unit: l.unit,
      category_id: l.category_id ?? null,
      product_id: l.product_id ?? null,
      budget_line_id: l.budget_line_id ?? null,
    })),
  );
}

/** The budget lines an RFQ's lines name, each checked against the RFQ's site (sites/orders.ts). */
const siteLines = (lines: RfqCreate['lines']) => lines.map((l, i) => ({ path: `lines.${i}.budget_line_id`, budget_line_id: l.budget_line_id }));

/**
 * POST /api/rfqs: a contractor sends an RFQ; each supplier it reaches is told. The same
 * client id again returns the RFQ it made (201 the first time, 200 after). An RFQ for a
 * site names budget lines of it only; `from` is the approved purchase request it is made
 * from (purchase-requests/convert.ts), whose approved amount its award is held to.
 */
export async function createRfq(trx: Knex.Transaction, user: SessionUser, input: RfqCreate, now: Date, from?: { purchase_request_id: string }): Promise<Saved<Rfq>> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const existing = await rowWithId<{ buyer_id: string }>(trx, 'rfqs', input.id, ['buyer_id']);
  if (existing) {
    if (existing.buyer_id !== user.account_id) throw idTaken();
    return { row: await presentRfq(trx, user, existing.id, now), created: false };
  }
  assertClosesLater(input.closes_at, now);
  await checkOrderSite(trx, user, input.site_id, siteLines(input.lines));
  const lineIds = input.lines.map((l) => l.id);
  if (await trx('rfq_lines').whereIn('id', lineIds).first('id')) throw idTaken();

  const [{ id }] = await insertWithClientId('rfqs', () =>
    trx('rfqs')
      .insert({
        ...(input.id ? { id: input.id } : {}),
        buyer_id: user.account_id,
        created_by: user.id,
        title: input.title,
        location: input.location,
        needed_by: input.needed_by ?? null,
        closes_at: input.closes_at,
        audience: input.audience,
        site_id: input.site_id ?? null,
        purchase_request_id: from?.purchase_request_id ?? null,
      })
      .returning('id'),
  );
  await insertLines(trx, id, input.lines);
  let recipients: string[];
  if (input.audience === 'invited') {
    recipients = await invitedRecipients(trx, user.account_id, input.supplier_ids ?? []);
    if (recipients.length) await trx('rfq_recipients').insert(recipients.map((supplier_id) => ({ rfq_id: id, supplier_id, invited: true })));
  } else {
    recipients = await reachMarketOnSend(trx, id, now);
  }
  await recordChanges(trx, [{ entity: 'rfq', id, audiences: await rfqAudiences(trx, { id, buyer_id: user.account_id }) }]);
  await notify(trx, {
    to: recipients,
    kind: 'rfq.new',
    priority: 'high',
    params: { title: input.title, location: input.location, rfq_id: id },
  });
  return { row: await presentRfq(trx, user, id, now), created: true };
}

/** GET /api/rfqs/my: the buyer's own RFQs, newest first. */
export async function listMyRfqs(db: Knex, user: SessionUser, query: RfqListQuery, now: Date): Promise<Page<Rfq>> {
  assertRole(user, 'contractor');
  const q = rfqQuery(db).where('r.buyer_id', user.account_id);
  if (query.status) whereRfqStatus(q, query.status, now);
  const result = await page<Parameters<typeof presentRfqs>[2][number]>(q, { ...query, orderBy: NEWEST_FIRST });
  return { ...result, items: await presentRfqs(db, user, result.items, now) };
}

/** GET /api/rfqs: the RFQs that reached the calling supplier, newest first (open ones unless a status is asked). */
export async function listAddressedRfqs(db: Knex, user: SessionUser, query: RfqListQuery, now: Date): Promise<Page<Rfq>> {
  assertRole(user, 'supplier');
  const q = whereRecipient(rfqQuery(db), user.account_id);
  whereRfqStatus(q, query.status ?? 'open', now);
  const result = await page<Parameters<typeof presentRfqs>[2][number]>(q, { ...query, orderBy: NEWEST_FIRST });
  return { ...result, items: await presentRfqs(db, user, result.items, now) };
}

/** Locks the RFQ and checks that the caller is its buyer (403 for a recipient, else 404). */
export async function lockOwnRfq(trx: Knex.Transaction, user: SessionUser, id: string) {
  const rfq = await lockRfq(trx, id, 'update');
  if (!rfq) throw notFound('RFQ');
  if (rfq.buyer_id !== user.account_id) return refuseRfq(trx, user, id);
  return rfq;
}

/** POST /api/rfqs/{id}/cancel: the buyer withdraws an RFQ not yet awarded; its quotes are lost. */
export async function cancelRfq(trx: Knex.Transaction, user: SessionUser, args: { id: string }, now: Date): Promise<Rfq> {
  assertRole(user, 'contractor');
  const rfq = await lockOwnRfq(trx, user, args.id);
  if (!canCancelRfq(rfq, now)) throw rfqAwarded();
  await trx('rfqs').where({ id: rfq.id }).update({ status: 'cancelled' });
  await recordAudit(trx, { actor: user, action: 'rfq.cancel', record_type: 'rfq', record_id: rfq.id, changes: { status: [rfq.status, 'cancelled'] } });
  const lost: Array<{ id: string; supplier_id: string }> = await trx('rfq_quotes').where({ rfq_id: rfq.id }).update({ status: 'lost' }).returning(['id', 'supplier_id']);
  await recordChanges(trx, [
    { entity: 'rfq', id: rfq.id, audiences: await rfqAudiences(trx, rfq) },
    ...lost.map((q): ChangeEntry => ({ entity: 'rfq_quote', id: q.id, audiences: quotePolicy.audiences({ supplier_id: q.supplier_id, buyer_id: rfq.buyer_id }) })),
  ]);
  return presentRfq(trx, user, rfq.id, now);
}

/**
 * PATCH /api/rfqs/{id} (and rfq.update): the buyer edits an open RFQ nobody has quoted on
 * (shared/rfq.ts editRefusal): its title, site, dates and lines, the lines replaced whole
 * (a line kept keeps its id). The RFQ is locked FOR UPDATE, and a quote locks it FOR
 * SHARE before it is written, so an edit and a first quote never cross: whichever comes
 * second sees the other. A market RFQ whose lines now sell in more categories reaches
 * those sellers too, and they are told; those it reached already stay reached. The same
 * edit again answers the same row.
 */
export async function updateRfq(trx: Knex.Transaction, user: SessionUser, args: RfqUpdateArgs, now: Date): Promise<Rfq> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const rfq = await lockOwnRfq(trx, user, args.id);
  const [{ n }] = await trx('rfq_quotes').where({ rfq_id: rfq.id }).count<Array<{ n: number | string }>>({ n: '*' });
  const refusal = editRefusal(rfq, Number(n), now);
  if (refusal === 'rfq_closed') throw rfqClosed('This request for quotation no longer takes quotes, so it can no longer be edited');
  if (refusal === 'rfq_has_quotes') throw rfqHasQuotes();
  assertClosesLater(args.closes_at, now);
  if (await trx('rfq_lines').whereIn('id', args.lines.map((l) => l.id)).whereNot('rfq_id', rfq.id).first('id')) throw idTaken();
  if (rfq.site_id) await checkOrderSite(trx, user, rfq.site_id, siteLines(args.lines));
  else if (args.lines.some((l) => l.budget_line_id)) throw validationFailed('An RFQ for no site names no budget lines', [{ path: 'lines', message: 'budget_line_without_site' }]);

  await trx('rfqs').where({ id: rfq.id }).update({ title: args.title, location: args.location, needed_by: args.needed_by ?? null, closes_at: args.closes_at });
  await trx('rfq_lines').where({ rfq_id: rfq.id }).delete();
  await insertLines(trx, rfq.id, args.lines);
  const reached = rfq.audience === 'market' ? await reachMarketOnSend(trx, rfq.id, now) : [];
  await recordChanges(trx, [{ entity: 'rfq', id: rfq.id, audiences: await rfqAudiences(trx, rfq) }]);
  await notify(trx, { to: reached, kind: 'rfq.new', priority: 'high', params: { title: args.title, location: args.location, rfq_id: rfq.id } });
  return presentRfq(trx, user, rfq.id, now);
}
