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
 * Three triggers send them: changes_announce, sessions_announce_end and
 * users_announce_removed (their bodies and the channel are in migrations/functions.ts).
 */
import type { Knex } from 'knex';
import { CHANGES_ANNOUNCE, SESSIONS_ANNOUNCE_END, USERS_ANNOUNCE_REMOVED } from './functions';

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
