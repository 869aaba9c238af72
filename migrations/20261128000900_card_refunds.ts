/**
 * payments.refunded: what of a card payment the gateway has given back to the card (SAR,
 * 0 until a refund), and when it last did. A refund made outside the app (in the gateway's
 * dashboard, a chargeback) reaches us as the gateway's event and is recorded here, so the
 * invoice's balance counts a confirmed payment as amount - refunded and the statement
 * shows the refund as its own line. Never more than the payment's amount.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.decimal('refunded', 14, 2).notNullable().defaultTo(0);
    t.timestamp('refunded_at', { useTz: true }).nullable();
  });
  await knex.raw(`alter table payments add constraint payments_refunded_check check (refunded >= 0 and refunded <= amount and (refunded = 0) = (refunded_at is null))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table payments drop constraint payments_refunded_check');
  await knex.schema.alterTable('payments', (t) => {
    t.dropColumn('refunded_at');
    t.dropColumn('refunded');
  });
}
