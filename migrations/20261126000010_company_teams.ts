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
 * company_members_announce: a person removed from a company (or whose role changes)
 * loses their live streams at commit, so their devices reconnect, pull and find that
 * their view changed (the feed answers a cursor of another account with a reset).
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';
import { LIVE_CHANNEL } from './20261125000040_live_signals';

const MEMBERS_ANNOUNCE = `
  create function company_members_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'end', json_build_array('u:' || old.user_id))::text);
    return null;
  end $$`;

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

  await knex.raw(MEMBERS_ANNOUNCE);
  await knex.raw(`create trigger company_members_announce after delete or update of company_id, role on company_members
    for each row execute function company_members_announce()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists company_members_announce on company_members');
  await knex.raw('drop function if exists company_members_announce()');
  await knex.schema.dropTable('company_invites');
  await knex.schema.dropTable('company_members');
}
