/**
 * A VAT number and a commercial registration belong to one company: a tax invoice names
 * its parties by them, so a second company holding another's numbers would be invoiced
 * (and shown) as that company. The service refuses a taken number with its own code
 * (company/tax-profile.ts); these indexes keep two saves at the same instant from both
 * getting through.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create unique index company_tax_profiles_vat_number_key on company_tax_profiles (vat_number)');
  await knex.raw('create unique index company_tax_profiles_cr_number_key on company_tax_profiles (cr_number)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index company_tax_profiles_cr_number_key');
  await knex.raw('drop index company_tax_profiles_vat_number_key');
}
