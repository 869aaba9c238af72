/**
 * instant_order_responses: a supplier's offer on an instant order, one per supplier and
 * order. Also ties instant_orders.accepted_response_id to its offer.
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('instant_order_responses', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('instant_order_id').notNullable().references('id').inTable('instant_orders');
    t.uuid('supplier_id').notNullable().references('id').inTable('users');
    money(t, 'offered_price').notNullable();
    t.integer('delivery_time_hours').nullable().checkBetween([1, 87_600]);
    t.text('notes').nullable();
    t.text('status').notNullable().defaultTo('submitted').checkIn(['submitted', 'accepted', 'rejected']);
    timestamps(knex, t);
    t.unique(['instant_order_id', 'supplier_id'], { indexName: 'instant_order_responses_order_supplier_unique' });
    t.index(['supplier_id', 'created_at'], 'instant_order_responses_supplier_created_idx');
  });
  await touchUpdatedAt(knex, 'instant_order_responses');
  await knex.schema.alterTable('instant_orders', (t) => {
    t.foreign('accepted_response_id', 'instant_orders_accepted_response_id_foreign')
      .references('id')
      .inTable('instant_order_responses');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('instant_orders', (t) => {
    t.dropForeign('accepted_response_id', 'instant_orders_accepted_response_id_foreign');
  });
  await knex.schema.dropTable('instant_order_responses');
}
