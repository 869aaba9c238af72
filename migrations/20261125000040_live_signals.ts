/**
 * Live signals: at commit, Postgres tells every app process listening on the channel
 * `binaa_live` who has something new to pull, and whose streams must end. NOTIFY is
 * transactional: a notice is delivered only when its transaction commits (never for one
 * that rolls back), after the rows are visible, so a device that pulls on it finds them.
 * Payloads are JSON `{s: schema, a: [...]}` (audiences: "*", "r:<role>", "u:<user id>")
 * or `{s, end: [...]}` ("s:<sha256 of a session id>", "u:<user id>"), split into chunks
 * of 100 entries so each stays far below NOTIFY's 8,000-byte limit. `s` lets several
 * schemas share a database (the tests do) without hearing each other.
 *
 * - changes_announce: after each insert statement on changes, its distinct audiences.
 * - sessions_announce_end: a deleted session (sign-out, expiry) ends its streams; the
 *   session id itself never travels, only its hash.
 * - users_announce_removed: a user marked deleted loses every stream.
 */
import type { Knex } from 'knex';

export const LIVE_CHANNEL = 'binaa_live';

const CHANGES_ANNOUNCE = `
  create function changes_announce() returns trigger language plpgsql as $$
  declare
    payload text;
  begin
    for payload in
      select json_build_object('s', tg_table_schema, 'a', json_agg(a))::text
        from (select a, (row_number() over () - 1) / 100 as chunk
                from (select distinct case audience_type when 'all' then '*'
                                                         when 'role' then 'r:' || audience
                                                         else 'u:' || audience end as a
                        from written) d) n
       group by chunk
    loop
      perform pg_notify('${LIVE_CHANNEL}', payload);
    end loop;
    return null;
  end $$`;

const SESSIONS_ANNOUNCE_END = `
  create function sessions_announce_end() returns trigger language plpgsql as $$
  declare
    payload text;
  begin
    for payload in
      select json_build_object('s', tg_table_schema, 'end', json_agg(k))::text
        from (select 's:' || encode(sha256(convert_to(id, 'UTF8')), 'hex') as k, (row_number() over () - 1) / 100 as chunk
                from ended where user_id is not null) n
       group by chunk
    loop
      perform pg_notify('${LIVE_CHANNEL}', payload);
    end loop;
    return null;
  end $$`;

const USERS_ANNOUNCE_REMOVED = `
  create function users_announce_removed() returns trigger language plpgsql as $$
  begin
    perform pg_notify('${LIVE_CHANNEL}', json_build_object('s', tg_table_schema, 'end', json_build_array('u:' || new.id))::text);
    return null;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(CHANGES_ANNOUNCE);
  await knex.raw(`create trigger changes_announce after insert on changes
    referencing new table as written for each statement execute function changes_announce()`);
  await knex.raw(SESSIONS_ANNOUNCE_END);
  await knex.raw(`create trigger sessions_announce_end after delete on sessions
    referencing old table as ended for each statement execute function sessions_announce_end()`);
  await knex.raw(USERS_ANNOUNCE_REMOVED);
  await knex.raw(`create trigger users_announce_removed after update of deleted_at on users
    for each row when (new.deleted_at is not null and old.deleted_at is null) execute function users_announce_removed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists users_announce_removed on users');
  await knex.raw('drop trigger if exists sessions_announce_end on sessions');
  await knex.raw('drop trigger if exists changes_announce on changes');
  await knex.raw('drop function if exists users_announce_removed()');
  await knex.raw('drop function if exists sessions_announce_end()');
  await knex.raw('drop function if exists changes_announce()');
}
