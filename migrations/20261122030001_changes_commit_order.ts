/**
 * Change rows get their feed position (`pos`) at COMMIT, in commit order: a deferred
 * constraint trigger takes a transaction-level advisory lock and numbers the
 * transaction's rows just before it commits; the lock is released only after the commit
 * is visible. So a reader that sees position N has already seen every position below N,
 * and a cursor can never pass a change that commits later. Writers wait for each other
 * only for the instant of numbering their rows, never while they hold row locks of their
 * own work, and uncommitted rows (pos null) are invisible to the feed.
 */
import type { Knex } from 'knex';

export const CHANGE_LOG_LOCK = 7_410_001;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table changes add column pos bigint');
  await knex.raw('create sequence changes_pos_seq');
  await knex.raw('update changes set pos = seq');
  await knex.raw(`select setval('changes_pos_seq', greatest(1, (select coalesce(max(seq), 0) from changes)))`);
  await knex.raw('create unique index changes_pos_idx on changes (pos)');
  await knex.raw('create index changes_audience_pos_idx on changes (audience_type, audience, pos)');
  await knex.raw('drop index if exists changes_audience_seq_idx');
  await knex.raw(`
    create function changes_number_at_commit() returns trigger language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(${CHANGE_LOG_LOCK});
      execute format('update %I.changes set pos = nextval(%L) where seq = $1', tg_table_schema, tg_table_schema || '.changes_pos_seq')
        using new.seq;
      return null;
    end $$`);
  await knex.raw(`
    create constraint trigger changes_number_at_commit after insert on changes
      deferrable initially deferred for each row execute function changes_number_at_commit()`);
  await knex.raw('alter table sync_state rename column pruned_through to pruned_pos');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table sync_state rename column pruned_pos to pruned_through');
  await knex.raw('drop trigger if exists changes_number_at_commit on changes');
  await knex.raw('drop function if exists changes_number_at_commit()');
  await knex.raw('create index changes_audience_seq_idx on changes (audience_type, audience, seq)');
  await knex.raw('drop index if exists changes_audience_pos_idx');
  await knex.raw('drop index if exists changes_pos_idx');
  await knex.raw('alter table changes drop column pos');
  await knex.raw('drop sequence if exists changes_pos_seq');
}
