/**
 * A dispute's deadline: the seller has 3 working days to answer (due_at). Once an open
 * dispute is past it, the sweep reminds the seller once (reminded_at marks it, so a later
 * sweep, or two at once, remind no one again), and the admin's list shows it until it is
 * answered.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { Dispute } from '../../../shared/schemas/dispute';
import type { PaginationQuery } from '../../../shared/schemas/common';
import { page, type Page } from '../../db/page';
import { displayName } from '../../db/party-name';
import { notify } from '../notifications/notify';
import { disputeQuery, toDispute } from './queries';

/** GET /api/admin/disputes: every open dispute past its deadline, the longest overdue first. */
export async function listOverdueDisputes(db: Knex, query: PaginationQuery, now: Date): Promise<Page<Dispute>> {
  const q = disputeQuery(db, now).where('d.status', 'open').where('d.due_at', '<', now.toISOString());
  const result = await page<Parameters<typeof toDispute>[0]>(q, { ...query, orderBy: [{ column: 'due_at', order: 'asc' }, { column: 'id', order: 'asc' }] });
  return { ...result, items: result.items.map(toDispute) };
}

/** Reminds each seller once of every open dispute past its deadline; how many were reminded. */
export async function sweepOverdueDisputes(knex: Knex, clock: Clock): Promise<number> {
  const now = clock.now();
  return knex.transaction(async (trx) => {
    // Claimed by the update itself: two sweeps at once remind each dispute once.
    const due = await trx('disputes')
      .where('status', 'open')
      .where('due_at', '<', now.toISOString())
      .whereNull('reminded_at')
      .update({ reminded_at: now.toISOString() })
      .returning(['id', 'purchase_order_id', 'buyer_id', 'seller_id']);
    for (const d of due) {
      const po = await trx('purchase_orders').where({ id: d.purchase_order_id }).first('number');
      await notify(trx, {
        to: [d.seller_id],
        kind: 'dispute.overdue',
        priority: 'high',
        params: { number: po.number, company: await displayName(trx, d.buyer_id), purchase_order_id: d.purchase_order_id, dispute_id: d.id },
      });
    }
    return due.length;
  });
}
