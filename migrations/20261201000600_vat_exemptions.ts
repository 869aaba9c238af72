/**
 * The VAT a seller states on what it sells, carried from its offer to the order's line and
 * on to the tax invoice (shared/schemas/vat-treatment.ts):
 * - instant_order_responses.vat_category and exemption_reason_code: the offer's VAT, S
 *   (standard) unless the supplier names a zero-rated or exempt reason;
 * - purchase_order_lines.vat_category, exemption_reason_code and exemption_reason (ZATCA's
 *   text for the code): what the invoice line states.
 * A zero rate never stands without its reason, in either table: ZATCA refuses a Z or E
 * line without a VATEX code (BR-KSA-69), so the checks hold the rate, the category and the
 * code together. Every line so far is standard rated at 15 %, which the defaults are.
 */
import type { Knex } from 'knex';

const CATEGORY = `vat_category in ('S', 'Z', 'E')`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('instant_order_responses', (t) => {
    t.text('vat_category').notNullable().defaultTo('S');
    t.text('exemption_reason_code').nullable();
  });
  await knex.raw(`alter table instant_order_responses add constraint instant_order_responses_vat_check
    check (${CATEGORY} and (vat_category = 'S') = (exemption_reason_code is null))`);

  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.text('vat_category').notNullable().defaultTo('S');
    t.text('exemption_reason_code').nullable();
    t.text('exemption_reason').nullable();
  });
  await knex.raw(`alter table purchase_order_lines add constraint purchase_order_lines_vat_check
    check (${CATEGORY} and (
      (vat_category = 'S' and vat_rate > 0 and exemption_reason_code is null and exemption_reason is null)
      or (vat_category <> 'S' and vat_rate = 0 and exemption_reason_code is not null and exemption_reason is not null)))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table purchase_order_lines drop constraint purchase_order_lines_vat_check');
  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.dropColumn('exemption_reason');
    t.dropColumn('exemption_reason_code');
    t.dropColumn('vat_category');
  });
  await knex.raw('alter table instant_order_responses drop constraint instant_order_responses_vat_check');
  await knex.schema.alterTable('instant_order_responses', (t) => {
    t.dropColumn('exemption_reason_code');
    t.dropColumn('vat_category');
  });
}
