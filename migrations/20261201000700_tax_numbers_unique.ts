/**
 * A VAT number and a commercial registration belong to one company: a tax invoice names
 * its parties by them, so a second company holding another's numbers would be invoiced
 * (and shown) as that company. The service refuses a taken number with its own code
 * (company/tax-profile.ts); these indexes keep two saves at the same instant from both
 * getting through.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A database that let two companies save one number keeps the first company's profile;
  // the later one's goes (its owner saves it again, with its own numbers), and so do the
  // numbers its profile showed and the tier a saved profile used to lift.
  const later = (db: Knex) =>
    db('company_tax_profiles as t')
      .join('company_tax_profiles as e', (j) =>
        j.on((o) => o.on('t.vat_number', 'e.vat_number').orOn('t.cr_number', 'e.cr_number')).andOn(knex.raw('(t.created_at, t.company_id) > (e.created_at, e.company_id)')),
      )
      .select('t.company_id');
  await knex('profiles').whereIn('user_id', later(knex)).update({ vat_number: null, cr_number: null, verification_tier: 'unverified' });
  await knex('company_tax_profiles').whereIn('company_id', later(knex)).delete();
  await knex.raw('create unique index company_tax_profiles_vat_number_key on company_tax_profiles (vat_number)');
  await knex.raw('create unique index company_tax_profiles_cr_number_key on company_tax_profiles (cr_number)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index company_tax_profiles_cr_number_key');
  await knex.raw('drop index company_tax_profiles_vat_number_key');
}
