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
 * profiles_found_company: a new profile founds its company, so every profile has its owner
 * row whichever way it was written (setup, demo data, tests).
 *
 * notifications_enqueue_push is redefined: a company's notifications are addressed to the
 * company's account, so they are pushed to the subscriptions of every person acting for it.
 *
 * company_members_announce: a person who joins or leaves a company (or whose role in it
 * changes) loses their live streams at commit, so their devices reconnect, pull and find
 * that their view changed (the feed answers a cursor of another account with a reset).
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';
import { LIVE_CHANNEL } from './20261125000040_live_signals';
import { NOTIFICATIONS_ENQUEUE_PUSH as PUSH_TO_ACCOUNT_ONLY, enqueuePushFunction } from './20261125000041_push';

const MEMBERS_ANNOUNCE = `
  create function company_members_announce() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'end',
      json_build_array('u:' || case tg_op when 'INSERT' then new.user_id else old.user_id end))::text);
    return null;
  end $$`;

const PROFILES_FOUND_COMPANY = `
  create function profiles_found_company() returns trigger language plpgsql as $$
  begin
    execute format('insert into %1$I.company_members (user_id, company_id, role) values ($1, $1, ''owner'') on conflict (user_id) do nothing', tg_table_schema)
      using new.user_id;
    return null;
  end $$`;

/** The people acting for account `n.user_id`: the account itself, and its company's owner and members. */
export const NOTIFICATIONS_ENQUEUE_PUSH = enqueuePushFunction(
  `insert into %1$I.push_queue (notification_id)
     select n.id from added n where exists (
       select 1 from %1$I.push_subscriptions s
        where s.user_id = n.user_id
           or s.user_id in (select m.user_id from %1$I.company_members m where m.company_id = n.user_id and m.role in (''owner'', ''member'')))`,
  { replace: true },
);

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
  await knex.raw(NOTIFICATIONS_ENQUEUE_PUSH);

  await knex.raw(MEMBERS_ANNOUNCE);
  await knex.raw(`create trigger company_members_announce after insert or delete or update of company_id, role on company_members
    for each row execute function company_members_announce()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists company_members_announce on company_members');
  await knex.raw('drop function if exists company_members_announce()');
  await knex.raw(PUSH_TO_ACCOUNT_ONLY.replace('create function', 'create or replace function'));
  await knex.raw('drop trigger if exists profiles_found_company on profiles');
  await knex.raw('drop function if exists profiles_found_company()');
  await knex.schema.dropTable('company_invites');
  await knex.schema.dropTable('company_members');
}
