/**
 * A transport company's scorecard (server/modules/scorecards/carried.ts) is measured again
 * after the events that move it, as a seller's is (20261206213000_scorecard_queue): a
 * delivery reaching its delivered step queues its carrier, an offer sent queues its
 * company, each in the event's own transaction by a trigger on its table.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One function per table: a trigger function reads its own table's row.
  for (const [fn, company] of [['deliveries_enqueue_scorecard', 'new.company_id'], ['transport_offers_enqueue_scorecard', 'new.transport_company_id']]) {
    await knex.raw(`
      create function ${fn}() returns trigger language plpgsql set search_path from current as $$
      begin
        insert into scorecard_queue (company_id) values (${company})
          on conflict (company_id) do update set due_at = now(), version = scorecard_queue.version + 1;
        return null;
      end $$`);
  }
  await knex.raw(`create trigger deliveries_enqueue_scorecard after update of delivered_at on deliveries
    for each row when (new.delivered_at is not null and old.delivered_at is null) execute function deliveries_enqueue_scorecard()`);
  await knex.raw(`create trigger transport_offers_enqueue_scorecard after insert on transport_offers for each row execute function transport_offers_enqueue_scorecard()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists transport_offers_enqueue_scorecard on transport_offers');
  await knex.raw('drop trigger if exists deliveries_enqueue_scorecard on deliveries');
  await knex.raw('drop function if exists transport_offers_enqueue_scorecard()');
  await knex.raw('drop function if exists deliveries_enqueue_scorecard()');
}
