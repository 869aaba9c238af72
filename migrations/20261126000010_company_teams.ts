/**
 * Company teams.
 *
 * A company is identified by its founder's account: the user whose profile it is. Every
 * column that says who owns something (products.supplier_id, projects.government_id,
 * bids.contractor_id, notifications.user_id, ...) already holds that id, so a company's
 * rows need no rewrite when people join it: a member reads and writes as the company.
 *
 * company_members: one row per person in a company (a person is in at most one). The
 * founder is its `owner` (user_id = company_id); `member` acts for the company in
 * everything; `driver` (transport companies only) sees and moves only the deliveries
 * assigned to them. Existing accounts with a profile become owners of one-person
 * companies here.
 *
 * company_invites: a one-time link to join as member or driver. Only the token's sha256
 * is stored; it expires, is used once, and the owner can revoke it.
 *
 * Triggers (bodies in migrations/functions.ts): profiles_found_company gives every new
 * profile its owner row; company_members_announce ends the live streams of a person whose
 * company or role changes; notifications_enqueue_push becomes version 2, pushing a
 * company's notifications to everyone acting for it (down: back to version 1).
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';
import { COMPANY_MEMBERS_ANNOUNCE, PROFILES_FOUND_COMPANY, notificationsEnqueuePush } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('company_members', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('role').notNullable().checkIn(['owner', 'member', 'driver'], 'company_members_role_check');
    t.uuid('invited_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    timestamps(knex, t);
    t.index(['company_id'], 'company_members_company_idx');
  });
  await knex.raw(`alter table company_members add constraint company_members_owner_check
    check ((role = 'owner') = (user_id = company_id))`);
  await touchUpdatedAt(knex, 'company_members');
  await knex.raw(`insert into company_members (user_id, company_id, role) select user_id, user_id, 'owner' from profiles`);

  await knex.schema.createTable('company_invites', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('role').notNullable().checkIn(['member', 'driver'], 'company_invites_role_check');
    t.text('token_hash').notNullable().unique({ indexName: 'company_invites_token_key' });
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.uuid('accepted_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('accepted_at', { useTz: true }).nullable();
    t.timestamp('revoked_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['company_id', 'created_at'], 'company_invites_company_idx');
  });
  await touchUpdatedAt(knex, 'company_invites');

  await knex.raw(PROFILES_FOUND_COMPANY);
  await knex.raw(`create trigger profiles_found_company after insert on profiles
    for each row execute function profiles_found_company()`);
  await knex.raw(notificationsEnqueuePush(2, { replace: true }));

  await knex.raw(COMPANY_MEMBERS_ANNOUNCE);
  await knex.raw(`create trigger company_members_announce after insert or delete or update of company_id, role on company_members
    for each row execute function company_members_announce()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists company_members_announce on company_members');
  await knex.raw('drop function if exists company_members_announce()');
  await knex.raw(notificationsEnqueuePush(1, { replace: true }));
  await knex.raw('drop trigger if exists profiles_found_company on profiles');
  await knex.raw('drop function if exists profiles_found_company()');
  await knex.schema.dropTable('company_invites');
  await knex.schema.dropTable('company_members');
}
