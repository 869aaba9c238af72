/**
 * Who did it, in a company of several people: the person who last submitted a bid, an
 * offer on an instant order or a transport quote (the company is its owner column; this
 * is the person acting for it). Null for rows made before teams.
 */
import type { Knex } from 'knex';

const TABLES = ['bids', 'instant_order_responses', 'transport_offers'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.uuid('submitted_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('submitted_by'));
  }
}
