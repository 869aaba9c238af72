/**
 * bids: a contractor's sealed offer on a project, one per contractor and project (a
 * second submission updates the first). Also ties projects.awarded_bid_id to its bid.
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('bids', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('project_id').notNullable().references('id').inTable('projects');
    t.uuid('contractor_id').notNullable().references('id').inTable('users');
    money(t, 'amount').notNullable();
    t.text('proposal').notNullable();
    t.integer('estimated_completion_days').nullable().checkBetween([1, 36_500]);
    t.text('status').notNullable().defaultTo('submitted').checkIn(['submitted', 'accepted', 'rejected', 'withdrawn']);
    timestamps(knex, t);
    t.unique(['project_id', 'contractor_id'], { indexName: 'bids_project_contractor_unique' });
    t.index(['contractor_id', 'created_at'], 'bids_contractor_created_idx');
  });
  await touchUpdatedAt(knex, 'bids');
  await knex.schema.alterTable('projects', (t) => {
    t.foreign('awarded_bid_id', 'projects_awarded_bid_id_foreign').references('id').inTable('bids');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projects', (t) => {
    t.dropForeign('awarded_bid_id', 'projects_awarded_bid_id_foreign');
  });
  await knex.schema.dropTable('bids');
}
