/**
 * What the law keeps of a person who deleted their account (server/modules/account).
 *
 * invoices.retained_until and payments.retained_until: set when the company a tax document
 * or a payment belongs to is deleted with its last person, to the day until which VAT law
 * keeps it (the issue day, or the day paid, in Riyadh, plus six years). Null for the
 * records of companies that still exist: they are kept as long as their company is. The
 * retention sweep removes a record once its day has passed (and nothing it carries, a
 * credit note or a payment, is kept longer). The partial indexes hold the few retained
 * rows only, so the hourly sweep reads nothing else.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  for (const table of ['invoices', 'payments']) {
    await knex.schema.alterTable(table, (t) => {
      t.date('retained_until').nullable();
    });
    await knex.raw(`create index ${table}_retained_idx on ${table} (retained_until) where retained_until is not null`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['payments', 'invoices']) {
    await knex.raw(`drop index if exists ${table}_retained_idx`);
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('retained_until');
    });
  }
}
