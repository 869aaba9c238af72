/**
 * company_tax_profiles.default_payment_terms_days: the terms a seller's invoices are owed
 * on unless it names others when it issues one (0 on receipt, 15, 30 or 60 days; 30 for a
 * profile saved before, as invoices issued without terms were). The rule: an invoice's
 * terms are the ones named at issue, else its seller's default (payments/terms.ts); the
 * invoice stores its own terms, so changing the default later changes no issued invoice.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_tax_profiles', (t) => {
    t.integer('default_payment_terms_days').notNullable().defaultTo(30).checkIn(['0', '15', '30', '60'], 'company_tax_profiles_payment_terms_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('company_tax_profiles', (t) => {
    t.dropChecks(['company_tax_profiles_payment_terms_check']);
    t.dropColumn('default_payment_terms_days');
  });
}
