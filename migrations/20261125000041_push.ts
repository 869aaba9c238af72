/**
 * Web Push.
 *
 * push_subscriptions: one per device (device_id, chosen by the browser) and user. It
 * belongs to the session that made it: signing out (the session row goes) removes it, so
 * a signed-out browser gets nothing. `foreground` is the item the device shows right now
 * (its path, e.g. /projects?item=<id>) and `foreground_at` when it said so; a push about
 * that item is not sent to that device while the report is fresh.
 *
 * push_preferences: the categories a user turned off (offers, bids_awards, deliveries,
 * account); no row means all on.
 *
 * push_queue: notifications waiting to be pushed, filled at insert by the trigger
 * notifications_enqueue_push (version 1 in migrations/functions.ts: to the account's own
 * subscriptions); any app process takes rows with SKIP LOCKED, so each is sent once.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';
import { notificationsEnqueuePush } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('push_subscriptions', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('session_id').notNullable().references('id').inTable('sessions').onDelete('CASCADE');
    t.text('device_id').notNullable();
    t.text('endpoint').notNullable();
    t.text('p256dh').notNullable();
    t.text('auth').notNullable();
    t.text('foreground').nullable();
    t.timestamp('foreground_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['user_id', 'device_id'], { indexName: 'push_subscriptions_device_key' });
    t.unique(['endpoint'], { indexName: 'push_subscriptions_endpoint_key' });
    t.index(['session_id'], 'push_subscriptions_session_idx');
  });
  await touchUpdatedAt(knex, 'push_subscriptions');
  await knex.schema.createTable('push_preferences', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.specificType('muted', 'text[]').notNullable().defaultTo(knex.raw(`'{}'::text[]`));
    timestamps(knex, t);
  });
  await touchUpdatedAt(knex, 'push_preferences');
  await knex.schema.createTable('push_queue', (t) => {
    t.uuid('notification_id').primary().references('id').inTable('notifications').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(notificationsEnqueuePush(1));
  await knex.raw(`create trigger notifications_enqueue_push after insert on notifications
    referencing new table as added for each statement execute function notifications_enqueue_push()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists notifications_enqueue_push on notifications');
  await knex.raw('drop function if exists notifications_enqueue_push()');
  await knex.schema.dropTable('push_queue');
  await knex.schema.dropTable('push_preferences');
  await knex.schema.dropTable('push_subscriptions');
}
