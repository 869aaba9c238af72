/**
 * Who may see RFQs and quotes, and who receives their changes (server/db/policy.ts).
 *
 * - An RFQ: its buyer and the suppliers it reached (rfq_recipients: the invited ones, or
 *   the market's sellers in its categories while it is open, audience.ts).
 * - A quote: its supplier and the RFQ's buyer. Never another supplier: quotes are priced
 *   against each other, and a supplier who saw a rival's prices could undercut them.
 */
import type { Knex } from 'knex';
import { forbidden, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import type { Audience } from '../../db/changes';
import { definePolicy } from '../../db/policy';

/**
 * "Is a recipient of this RFQ", the one rule every door asks: the supplier's row in
 * rfq_recipients (the invited ones, or the market's sellers it reached, audience.ts).
 * Fills `q` (a subquery's builder or a fresh one) with the recipient rows (alias rr) of
 * one RFQ (`id`), of several (`ids`), of the RFQ in an outer query's column (`column`,
 * such as 'r.id'), or of every RFQ; of one supplier when `supplierId` is given.
 */
export function recipientRows(q: Knex.QueryBuilder, rfq?: { id: string } | { ids: readonly string[] } | { column: string }, supplierId?: string): Knex.QueryBuilder {
  q.from('rfq_recipients as rr');
  if (rfq && 'id' in rfq) q.where('rr.rfq_id', rfq.id);
  else if (rfq && 'ids' in rfq) q.whereIn('rr.rfq_id', [...rfq.ids]);
  else if (rfq) q.whereRaw('rr.rfq_id = ??', [rfq.column]);
  if (supplierId) q.where('rr.supplier_id', supplierId);
  return q;
}

/** Whether the supplier (an account) is a recipient of the RFQ. */
export async function isRecipient(db: Knex, rfqId: string, supplierId: string): Promise<boolean> {
  return (await recipientRows(db.queryBuilder().first('rr.rfq_id'), { id: rfqId }, supplierId)) !== undefined;
}

/** `q` (RFQs aliased r) narrowed to those the supplier is a recipient of. */
export const whereRecipient = (q: Knex.QueryBuilder, supplierId: string): Knex.QueryBuilder => q.whereExists((s) => recipientRows(s.select(1), { column: 'r.id' }, supplierId));

export const rfqPolicy = definePolicy<{ reader_id: string }>({
  entity: 'rfq',
  audience: [{ user_in: 'reader_id' }],
  rows: (db) =>
    db
      .select('r.id', 'r.buyer_id as reader_id')
      .from('rfqs as r')
      .unionAll((u) => recipientRows(u.select('rr.rfq_id as id', 'rr.supplier_id as reader_id'))),
  /** Its buyer and its recipients. Alias: r (rfqs). */
  visible: (q, user) =>
    user
      ? q.where((w) =>
          w
            .where('r.buyer_id', user.account_id)
            .orWhereExists((s) => recipientRows(s.select(1), { column: 'r.id' }, user.account_id)),
        )
      : q.whereRaw('false'),
});

export const quotePolicy = definePolicy<{ supplier_id: string; buyer_id: string }>({
  entity: 'rfq_quote',
  audience: [{ user_in: 'supplier_id' }, { user_in: 'buyer_id' }],
  rows: (db) => db('rfq_quotes as q').join('rfqs as r', 'r.id', 'q.rfq_id').select('q.id', 'q.supplier_id', 'r.buyer_id'),
  /** Its supplier and the RFQ's buyer. Aliases: q (rfq_quotes), r (rfqs). */
  visible: (q, user) => (user ? q.where((w) => w.where('q.supplier_id', user.account_id).orWhere('r.buyer_id', user.account_id)) : q.whereRaw('false')),
});

/** The audiences of an RFQ's change: its buyer and every recipient. */
export async function rfqAudiences(db: Knex, rfq: { id: string; buyer_id: string }): Promise<Audience[]> {
  const recipients: Array<{ supplier_id: string }> = await recipientRows(db.queryBuilder().select('rr.supplier_id'), { id: rfq.id });
  return [rfq.buyer_id, ...recipients.map((r) => r.supplier_id)].map((id) => ({ user: id }));
}

/**
 * The refusal for a caller who is not the RFQ's buyer: 403 for a recipient (who sees it),
 * 404 for anyone else, so an RFQ's existence is not revealed to those it did not reach.
 */
export async function refuseRfq(db: Knex, user: SessionUser, rfqId: string): Promise<never> {
  throw (await isRecipient(db, rfqId, user.account_id)) ? forbidden() : notFound('RFQ');
}
