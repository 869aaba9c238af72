/**
 * projects: what government entities put out for bids. awarded_bid_id gets its foreign
 * key in the bids migration, which creates the table it points to.
 */
import type { Knex } from 'knex';
import { money, softDelete, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('projects', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('government_id').notNullable().references('id').inTable('users');
    t.text('title').notNullable();
    t.text('description').notNullable();
    money(t, 'budget').nullable();
    t.text('location').notNullable();
    t.date('deadline_date').nullable();
    t.text('requirements').nullable();
    t.text('status').notNullable().defaultTo('open').checkIn(['open', 'in_progress', 'completed', 'cancelled']);
    t.uuid('awarded_bid_id').nullable();
    timestamps(knex, t);
    softDelete(t);
  });
  await knex.raw('create index projects_status_created_idx on projects (status, created_at desc)');
  await knex.raw('create index projects_government_idx on projects (government_id)');
  await touchUpdatedAt(knex, 'projects');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('projects');
}
