/**
 * notifications_enqueue_push becomes version 3 (migrations/functions.ts): the same
 * recipients as version 2, by a plan that does not loop over the subscriptions for each
 * new notification, with JIT off. Down: back to version 2, without the setting.
 */
import type { Knex } from 'knex';
import { notificationsEnqueuePush } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(notificationsEnqueuePush(3, { replace: true }));
}

export async function down(knex: Knex): Promise<void> {
  // `create or replace` keeps the function's settings: drop jit = off with the old body.
  await knex.raw('alter function notifications_enqueue_push() reset jit');
  await knex.raw(notificationsEnqueuePush(2, { replace: true }));
}
