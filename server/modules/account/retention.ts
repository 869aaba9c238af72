/**
 * The retention sweep (hourly in the upkeep, and at once when the test clock moves): the
 * tax documents and payments of deleted companies whose retention day (deletion.ts) has
 * passed are removed. Only retained rows are read (their partial indexes): a company that
 * exists keeps its records, whatever their age. A document waits for what hangs on it: a
 * credit note or a payment kept longer keeps its invoice too (deleting the invoice would
 * take them along), so the payments past their day go first, then the documents nothing
 * later keeps. The day is the Riyadh day on the app's clock.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';

export async function sweepRetained(knex: Knex, clock: Pick<Clock, 'today'>): Promise<{ invoices: number; payments: number }> {
  const today = clock.today();
  return knex.transaction(async (trx) => {
    const payments = await trx('payments').whereNotNull('retained_until').where('retained_until', '<', today).delete();
    const invoices = await trx('invoices as i')
      .whereNotNull('i.retained_until')
      .where('i.retained_until', '<', today)
      .whereNotExists((q) => q.select(trx.raw('1')).from('payments as p').whereRaw('p.invoice_id = i.id'))
      .whereNotExists((q) =>
        q
          .select(trx.raw('1'))
          .from('invoices as c')
          .whereRaw('c.original_invoice_id = i.id')
          .andWhere((k) => k.whereNull('c.retained_until').orWhere('c.retained_until', '>=', today)),
      )
      .delete();
    return { invoices, payments };
  });
}
