/**
 * The commit-time bump of catalogue_state.version takes the change log's commit lock
 * (7410001, the one changes_number_at_commit takes in 20261122030001) before the
 * catalogue_state row. Both run as deferred triggers at commit, in the order their events
 * were queued; a transaction that queued a change row before a catalogue write would take
 * the two in the opposite order to one that queued them the other way round. Taking the
 * advisory lock first makes the order always advisory lock, then row.
 */
import type { Knex } from 'knex';

const body = (lock: boolean) => `
  create or replace function bump_catalogue_version_once() returns trigger language plpgsql as $$
  begin
    if coalesce(current_setting('binaa.catalogue_bumped', true), '') <> 'on' then
      perform set_config('binaa.catalogue_bumped', 'on', true);
      ${lock ? 'perform pg_advisory_xact_lock(7410001);' : ''}
      update catalogue_state set version = version + 1 where id = 1;
    end if;
    return null;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(body(true));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(body(false));
}
