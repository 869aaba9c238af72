/**
 * subscription_plans: the four plans and their limits. A limit of 999 means unlimited.
 * The rows are reference data (20261122000011).
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscription_plans', (t) => {
    t.text('id').primary().checkIn(['free', 'basic', 'premium', 'enterprise']);
    t.text('name').notNullable();
    money(t, 'price_monthly').notNullable();
    money(t, 'price_yearly').notNullable();
    t.jsonb('features').notNullable().defaultTo(knex.raw(`'[]'::jsonb`));
    t.integer('max_products').notNullable();
    t.integer('max_instant_orders').notNullable();
    t.boolean('priority_support').notNullable().defaultTo(false);
    t.integer('sort').notNullable().defaultTo(0);
    timestamps(knex, t);
    t.check(`jsonb_typeof(features) = 'array'`, {}, 'subscription_plans_features_check');
  });
  await touchUpdatedAt(knex, 'subscription_plans');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscription_plans');
}
