/**
 * scorecards: each company's measured record as a seller, one row per window ('12m': the
 * twelve months before computed_at; 'all': all time), written only by
 * server/modules/scorecards/compute.ts from the recorded events (goods receipts against the
 * orders' promised days, the lines' ordered, received and rejected quantities, the market
 * median, quotes, disputes) in the transaction of the event that changed them, and again
 * by the daily sweep as the 12-month window ages. No route writes it: nobody, admins
 * included, edits a figure. A figure is null when fewer than SCORECARD_MIN_DEALS deals
 * (shared/schemas/scorecard.ts) stand behind it; the *_deals columns are the counts each
 * figure rests on.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('scorecards', (t) => {
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('window').notNullable().checkIn(['12m', 'all'], 'scorecards_window_check');
    t.integer('deals').notNullable().defaultTo(0);
    t.decimal('on_time_rate', 5, 4).nullable();
    t.decimal('fill_rate', 5, 4).nullable();
    t.decimal('rejection_rate', 5, 4).nullable();
    t.decimal('price_vs_median_percent', 8, 1).nullable();
    t.decimal('median_quote_hours', 10, 1).nullable();
    t.integer('disputes_opened').nullable();
    t.integer('disputes_for_buyer').nullable();
    t.integer('disputes_for_seller').nullable();
    /** the counts the figures rest on: deals judged for time, for fill, priced against a median; quotes */
    t.integer('on_time_deals').notNullable().defaultTo(0);
    t.integer('fill_deals').notNullable().defaultTo(0);
    t.integer('price_deals').notNullable().defaultTo(0);
    t.integer('quotes').notNullable().defaultTo(0);
    /** the app's time of the computation: the sweep recomputes rows a day old */
    t.timestamp('computed_at', { useTz: true }).notNullable();
    t.primary(['company_id', 'window']);
    t.index(['computed_at'], 'scorecards_computed_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('scorecards');
}
