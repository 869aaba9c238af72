/**
 * bump_catalogue_version() without the change log's lock. Taking that lock inside the
 * trigger moved it to the moment of a catalogue write, ahead of row locks the same
 * transaction takes afterwards (deleting a user locks their projects, orders and requests
 * after updating the user), while the other services take it last: opposite orders,
 * so a deadlock. Now a writer takes the catalogue_state row at its catalogue write and the
 * change-log lock at the end like everyone else: rows first, change-log lock last.
 */
import type { Knex } from 'knex';

const body = (lock: boolean) => `
  create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
  begin
    ${lock ? 'perform pg_advisory_xact_lock(7410001);' : ''}
    update catalogue_state set version = version + 1 where id = 1;
    return null;
  end $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(body(false));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(body(true));
}
