/**
 * Simplified tax invoices (KSA-2 0200000): documents to a buyer without a tax profile (a
 * consumer, or a subscriber with no VAT number or national address), which ZATCA wants
 * reported within 24 hours rather than cleared before the buyer sees them.
 * - invoices.simplified: the document's kind of tax invoice, fixed when it is chained, so
 *   clearance.ts knows whether to clear or report it; standard (false) for every row so far;
 * - status `reported`: ZATCA accepted a simplified document (as `cleared` is for a standard
 *   one); a simplified document ZATCA refuses is `rejected` as a standard one is.
 * One unit keeps one chain (ICV, PIH) across both kinds, as ZATCA counts them.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoices', (t) => {
    t.boolean('simplified').notNullable().defaultTo(false);
  });
  await knex.raw('alter table invoices drop constraint invoices_status_check');
  await knex.raw(`alter table invoices add constraint invoices_status_check check (status in ('pending', 'cleared', 'reported', 'rejected'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table invoices drop constraint invoices_status_check');
  await knex.raw(`alter table invoices add constraint invoices_status_check check (status in ('pending', 'cleared', 'rejected'))`);
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('simplified');
  });
}
