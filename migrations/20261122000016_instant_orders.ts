/**
 * instant_orders: a contractor's urgent request for materials, open to every supplier
 * until it is fulfilled, cancelled or expires (expires_at: the delivery deadline, or 7
 * days after creation without one). accepted_response_id gets its foreign key in the
 * responses migration.
 */
import type { Knex } from 'knex';
import { money, softDelete, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('instant_orders', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('contractor_id').notNullable().references('id').inTable('users');
    t.text('title').notNullable();
    t.text('description').notNullable();
    t.decimal('quantity', 12, 1).notNullable().defaultTo(1).checkBetween([0.1, 99_999_999_999.9]);
    t.text('unit').notNullable();
    t.text('location').notNullable();
    t.text('urgency_level').notNullable().defaultTo('normal').checkIn(['low', 'normal', 'high', 'urgent']);
    money(t, 'budget_range_min').nullable();
    money(t, 'budget_range_max').nullable();
    t.timestamp('delivery_deadline', { useTz: true }).nullable();
    t.timestamp('expires_at', { useTz: true }).notNullable().defaultTo(knex.raw(`now() + interval '7 days'`));
    t.text('status').notNullable().defaultTo('active').checkIn(['active', 'fulfilled', 'cancelled', 'expired']);
    t.uuid('accepted_response_id').nullable();
    timestamps(knex, t);
    softDelete(t);
    t.check(
      'budget_range_min is null or budget_range_max is null or budget_range_min <= budget_range_max',
      {},
      'instant_orders_budget_range_check',
    );
  });
  await knex.raw('create index instant_orders_status_created_idx on instant_orders (status, created_at desc)');
  await knex.raw('create index instant_orders_contractor_idx on instant_orders (contractor_id)');
  // The expiry sweep looks only at active orders.
  await knex.raw(`create index instant_orders_active_expiry_idx on instant_orders (expires_at) where status = 'active'`);
  await touchUpdatedAt(knex, 'instant_orders');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('instant_orders');
}
