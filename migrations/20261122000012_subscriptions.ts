/**
 * subscriptions: each user's plan. A user without a row is on the free plan; the free
 * trial (14 days of basic) can be used once, recorded by free_trial_used.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('plan_id').notNullable().defaultTo('free').references('id').inTable('subscription_plans');
    t.text('billing_cycle').nullable().checkIn(['monthly', 'yearly']);
    t.text('status').notNullable().defaultTo('active').checkIn(['active', 'trialing', 'expired']);
    t.timestamp('current_period_end', { useTz: true }).nullable();
    t.boolean('free_trial_used').notNullable().defaultTo(false);
    t.timestamp('trial_ends_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['plan_id'], 'subscriptions_plan_id_idx');
  });
  await touchUpdatedAt(knex, 'subscriptions');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('subscriptions');
}
