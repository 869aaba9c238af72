/**
 * Who a market RFQ reaches, one rule for the moment it is sent and for as long as it is
 * open: every live supplier but its buyer with a live product in one of its lines'
 * categories or named by one of its lines; a market RFQ none of whose lines has a category
 * or a product reaches every supplier, since nothing narrows it.
 *
 * The reached are written to rfq_recipients, the one list the REST reads and the sync
 * feed's audiences come from (policy.ts). Sending fills it with the sellers of that
 * moment; a supplier whose new or recategorised product makes them a seller for a
 * still-open market RFQ is added then, by the product's own write, so the RFQ reaches
 * them through REST and sync alike, and they are told as the first ones were. An RFQ
 * once reached stays reached (the supplier may have quoted).
 */
import type { Knex } from 'knex';
import { recordChanges } from '../../db/changes';
import { notify } from '../notifications/notify';
import { rfqAudiences } from './policy';

type Scope = { rfqId: string } | { supplierId: string };

/**
 * Adds the suppliers the rule reaches to the open market RFQs in `scope` (one RFQ, or every
 * one for one supplier) who are not recipients yet; answers the pairs added.
 */
async function addMarketRecipients(trx: Knex.Transaction, scope: Scope, now: Date): Promise<Array<{ rfq_id: string; supplier_id: string }>> {
  const [column, id] = 'rfqId' in scope ? ['r.id', scope.rfqId] : ['u.id', scope.supplierId];
  const { rows } = await trx.raw(
    `insert into rfq_recipients (rfq_id, supplier_id, invited)
     select r.id, u.id, false
       from rfqs r
       join users u on u.deleted_at is null and u.id <> r.buyer_id
       join profiles p on p.user_id = u.id and p.role = 'supplier'
      where r.audience = 'market' and r.status = 'open' and r.closes_at > ?::timestamptz
        and ?? = ?
        and (not exists (select 1 from rfq_lines l where l.rfq_id = r.id and (l.category_id is not null or l.product_id is not null))
             or exists (select 1 from rfq_lines l
                          join products pr on pr.category_id = l.category_id or pr.id = l.product_id
                         where l.rfq_id = r.id and pr.supplier_id = u.id and pr.deleted_at is null))
     on conflict do nothing
     returning rfq_id, supplier_id`,
    [now.toISOString(), column, id],
  );
  return rows;
}

/** The suppliers a market RFQ being sent reaches (written as its recipients). */
export async function reachMarketOnSend(trx: Knex.Transaction, rfqId: string, now: Date): Promise<string[]> {
  return (await addMarketRecipients(trx, { rfqId }, now)).map((r) => r.supplier_id);
}

/**
 * After a supplier's products were created or recategorised: the open market RFQs they now
 * sell for reach them, each sent to its audiences again (the buyer's copy lists its
 * recipients) and the supplier told of each.
 */
export async function reachSupplier(trx: Knex.Transaction, supplierId: string, now: Date): Promise<void> {
  const added = await addMarketRecipients(trx, { supplierId }, now);
  if (!added.length) return;
  const rfqs: Array<{ id: string; buyer_id: string; title: string; location: string }> = await trx('rfqs')
    .whereIn(
      'id',
      added.map((a) => a.rfq_id),
    )
    .select('id', 'buyer_id', 'title', 'location');
  await recordChanges(trx, await Promise.all(rfqs.map(async (r) => ({ entity: 'rfq' as const, id: r.id, audiences: await rfqAudiences(trx, r) }))));
  for (const r of rfqs) {
    await notify(trx, { to: [supplierId], kind: 'rfq.new', priority: 'high', params: { title: r.title, location: r.location, rfq_id: r.id } });
  }
}
