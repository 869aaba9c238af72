/**
 * company_cr_checks: the last answer of the commercial register (Wathq) about a company's
 * CR (server/modules/commercial-register), one row per company, replaced at each check.
 * `result` is shared/schemas/cr-verification.ts's CR_CHECK_RESULTS; only `verified`
 * verifies the company. `next_check_on` is the Riyadh day the yearly check is due (the
 * CR's confirmation date), which the partial index keeps for the sweep. A company whose CR
 * changed since its row was written is due at once (the sweep compares the two).
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_cr_checks', (t) => {
    t.uuid('company_id').primary().references('user_id').inTable('profiles').onDelete('CASCADE');
    t.text('cr_number').notNullable();
    t.text('result').notNullable();
    t.text('register_name').nullable();
    t.text('register_status').nullable();
    t.timestamp('checked_at', { useTz: true }).notNullable();
    t.date('next_check_on').nullable();
  });
  await knex.raw(`alter table company_cr_checks add constraint company_cr_checks_result_check
    check (result in ('verified', 'name_mismatch', 'suspended', 'expired', 'inactive', 'not_found'))`);
  await knex.raw('create index company_cr_checks_due_idx on company_cr_checks (next_check_on) where next_check_on is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('company_cr_checks');
}
