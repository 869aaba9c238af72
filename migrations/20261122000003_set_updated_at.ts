/**
 * set_updated_at(): the trigger function behind every table's updated_at (see
 * migrations/helpers.ts touchUpdatedAt). An update that sets updated_at itself keeps it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function set_updated_at() returns trigger language plpgsql as $$
    begin
      if new.updated_at is not distinct from old.updated_at then
        new.updated_at := now();
      end if;
      return new;
    end
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists set_updated_at()');
}
