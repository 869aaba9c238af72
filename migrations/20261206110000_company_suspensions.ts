/**
 * A company's suspension by an admin (server/modules/admin/suspensions.ts), kept on the
 * company's profile row (its account's): the row every member's device already holds and
 * the session user's load already joins, so the check of a write costs no extra read and
 * the banner shows offline. suspended_at and suspension_reason are set and cleared
 * together; suspended_by is the admin who did it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('profiles', (t) => {
    t.timestamp('suspended_at', { useTz: true }).nullable();
    t.text('suspension_reason').nullable();
    t.uuid('suspended_by').nullable().references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw(`alter table profiles add constraint profiles_suspension_check
    check ((suspended_at is null) = (suspension_reason is null) and char_length(suspension_reason) <= 500)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table profiles drop constraint if exists profiles_suspension_check');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropColumn('suspended_by');
    t.dropColumn('suspension_reason');
    t.dropColumn('suspended_at');
  });
}
