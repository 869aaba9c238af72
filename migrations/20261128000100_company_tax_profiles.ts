/**
 * company_tax_profiles: the tax profile of a company (its founder's account id, as every
 * owner column holds), what a ZATCA tax invoice says about it as seller or buyer: legal
 * name in Arabic (and English), VAT and CR numbers, optional IBAN, national address.
 * The shapes are checked by shared/schemas/tax-profile.ts; the checks here only keep a
 * row that skipped it from looking valid (digits of the right length).
 *
 * Add it to migrations/index.ts (an import and a line in `migrations`): the app and the
 * knex CLI run only the migrations listed there.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_tax_profiles', (t) => {
    t.uuid('company_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('legal_name').notNullable();
    t.text('legal_name_en').nullable();
    t.text('vat_number').notNullable();
    t.text('cr_number').notNullable();
    t.text('iban').nullable();
    t.text('building_number').notNullable();
    t.text('street').notNullable();
    t.text('district').notNullable();
    t.text('city').notNullable();
    t.text('postal_code').notNullable();
    t.text('additional_number').nullable();
    timestamps(knex, t);
  });
  await knex.raw(`alter table company_tax_profiles add constraint company_tax_profiles_digits_check check (
    vat_number ~ '^3[0-9]{13}3$' and cr_number ~ '^[0-9]{10}$' and building_number ~ '^[0-9]{4}$'
    and postal_code ~ '^[0-9]{5}$' and (additional_number is null or additional_number ~ '^[0-9]{4}$'))`);
  await touchUpdatedAt(knex, 'company_tax_profiles');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_tax_profiles');
}
