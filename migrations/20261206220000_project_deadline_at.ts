/**
 * A tender's deadline to the minute: `deadline_at`, the last moment bids are taken (Riyadh
 * time on the owner's screen, an instant here). A project posted with a date-only
 * deadline has the end of that day in Riyadh, as before; `deadline_date` stays, the Riyadh
 * day the deadline falls on, for the day-level readers (lists, the open data's period).
 * Bids are taken until `opens_at`, which a deadline sets to the same instant.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projects', (t) => {
    t.timestamp('deadline_at', { useTz: true }).nullable();
  });
  // Every deadline so far was a day: its end in Riyadh, which is the opening already set.
  await knex.raw(`update projects set deadline_at = coalesce(opens_at, ((deadline_date + 1)::timestamp at time zone 'Asia/Riyadh'))
                   where deadline_date is not null`);
  await knex.raw(`alter table projects add constraint projects_deadline_check check ((deadline_at is null) = (deadline_date is null))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table projects drop constraint if exists projects_deadline_check');
  await knex.schema.alterTable('projects', (t) => {
    t.dropColumn('deadline_at');
  });
}
