/**
 * Payment reminders to the buyer, run by the server every hour (server/main.ts) and when
 * the test clock moves (server/clock.ts): once REMINDER_DAYS_BEFORE days or less before
 * the due date (payment.due_soon), and once the due date has passed (payment.overdue),
 * for a cleared invoice with something left to pay. A row in payment_reminders per
 * invoice and kind is the marker that it was sent, so each goes once.
 */
import { ACCEPTED_INVOICE_STATUSES } from '../../../shared/schemas/invoice';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { notify } from '../notifications/notify';
import { creditedSql, dueDateSql, paidSql } from '../invoices/payment-facts';
import { displayName } from '../../db/party-name';

const REMINDER_DAYS_BEFORE = 3;

export async function sweepPaymentReminders(knex: Knex, clock: Clock): Promise<{ due_soon: number; overdue: number }> {
  const today = clock.today();
  const sent = { due_soon: 0, overdue: 0 };
  for (const kind of ['due_soon', 'overdue'] as const) {
    const when = kind === 'overdue' ? `${dueDateSql('inv')} < ?::date` : `${dueDateSql('inv')} between ?::date and ?::date + ${REMINDER_DAYS_BEFORE}`;
    await knex.transaction(async (trx) => {
      const due: Array<{ id: string; number: string; seller_id: string; buyer_id: string; due_date: string; left: string }> = await trx('invoices as inv')
        // A debit note is owed as an invoice is, and reminded of alike.
        .whereIn('inv.kind', ['invoice', 'debit_note'])
        .whereIn('inv.status', ACCEPTED_INVOICE_STATUSES)
        .whereRaw(when, kind === 'overdue' ? [today] : [today, today])
        .whereRaw(`inv.total - ${creditedSql('inv')} - ${paidSql('inv', 'confirmed')} > 0`)
        .whereNotExists((q) => q.select(trx.raw('1')).from('payment_reminders as r').whereRaw('r.invoice_id = inv.id').where('r.kind', kind))
        .select('inv.id', 'inv.number', 'inv.seller_id', 'inv.buyer_id', trx.raw(`to_char(${dueDateSql('inv')}, 'YYYY-MM-DD') as due_date`), trx.raw(`inv.total - ${creditedSql('inv')} - ${paidSql('inv', 'confirmed')} as left`));
      for (const inv of due) {
        const marked = await trx('payment_reminders').insert({ invoice_id: inv.id, kind }).onConflict(['invoice_id', 'kind']).ignore().returning('invoice_id');
        if (!marked.length) continue;
        await notify(trx, {
          to: [inv.buyer_id],
          kind: kind === 'overdue' ? 'payment.overdue' : 'payment.due_soon',
          params: { number: inv.number, company: await displayName(trx, inv.seller_id), amount: Number(inv.left), due_date: inv.due_date, invoice_id: inv.id },
        });
        sent[kind]++;
      }
    });
  }
  return sent;
}
