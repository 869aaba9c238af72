/**
 * Expiry of instant orders: an active order whose expires_at (its
 * delivery deadline, or 7 days after creation) has passed becomes expired, and its
 * submitted offers rejected, with their changes in the log so syncing clients see it.
 *
 * Three things keep an overdue order from ever counting as active:
 * - readers present it as expired whatever is stored (queries.ts);
 * - accept and offer check expires_at on the row they lock (service.ts, responses.ts);
 * - this sweep writes the flip: the order reads call it first, and server/main.ts every
 *   minute. It skips rows another transaction holds (SKIP LOCKED), so it never waits on
 *   a row lock and cannot deadlock with a writer holding the change-log lock; a skipped
 *   order is caught by the next sweep.
 *
 * The write services do not sweep: their transactions would then take the change-log
 * lock before their own row locks, and two such transactions can deadlock.
 */
import type { Knex } from 'knex';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { orderPolicy, responsePolicy } from './policy';
import { overdueSql } from '../../db/time-rules';

/** Orders flipped per statement, so one sweep after a long downtime stays short. */
const BATCH = 500;

/** Expires one batch of the orders overdue at `now` (the app's clock); returns how many it flipped. */
export async function expireOverdueOrders(db: Knex, now: Date): Promise<number> {
  return db.transaction(async (trx) => {
    const expired: { rows: Array<{ id: string; contractor_id: string }> } = await trx.raw(
      `update instant_orders set status = 'expired'
        where id in (select o.id from instant_orders o
                      where ? and o.deleted_at is null
                      order by o.expires_at limit ? for update skip locked)
        returning id, contractor_id`,
      [overdueSql(trx, now), BATCH],
    );
    if (!expired.rows.length) return 0;
    const contractorOf = new Map(expired.rows.map((o) => [o.id, o.contractor_id]));
    const rejected: Array<{ id: string; supplier_id: string; instant_order_id: string }> = await trx('instant_order_responses')
      .whereIn('instant_order_id', [...contractorOf.keys()])
      .where({ status: 'submitted' })
      .update({ status: 'rejected' })
      .returning(['id', 'supplier_id', 'instant_order_id']);
    await recordChanges(trx, [
      ...expired.rows.map((o): ChangeEntry => ({ entity: 'instant_order', id: o.id, audiences: orderPolicy.audiences({ contractor_id: o.contractor_id }) })),
      ...rejected.map(
        (r): ChangeEntry => ({
          entity: 'instant_order_response',
          id: r.id,
          audiences: responsePolicy.audiences({ supplier_id: r.supplier_id, contractor_id: contractorOf.get(r.instant_order_id)! }),
        }),
      ),
    ]);
    return expired.rows.length;
  });
}

/** Expires every order overdue at `now`, batch after batch (the periodic sweep). */
export async function expireAllOverdueOrders(db: Knex, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await expireOverdueOrders(db, now);
    total += n;
    if (n < BATCH) return total;
  }
}
