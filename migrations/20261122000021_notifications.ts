/**
 * notifications: written in the transaction of the event that causes them. kind and params let the client render the text in the reader's current language;
 * title and message hold it in the recipient's language at the time.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('kind').notNullable();
    t.jsonb('params').notNullable().defaultTo(knex.raw(`'{}'::jsonb`));
    t.text('type').notNullable().checkIn(['instant_order', 'order_response', 'logistics', 'payment', 'system']);
    t.text('priority').notNullable().defaultTo('normal').checkIn(['urgent', 'high', 'normal', 'low']);
    t.text('title').notNullable();
    t.text('message').notNullable();
    t.boolean('is_read').notNullable().defaultTo(false);
    timestamps(knex, t);
    t.check(`jsonb_typeof(params) = 'object'`, {}, 'notifications_params_check');
  });
  await knex.raw('create index notifications_user_created_idx on notifications (user_id, created_at desc)');
  await knex.raw('create index notifications_user_unread_idx on notifications (user_id) where not is_read');
  await touchUpdatedAt(knex, 'notifications');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notifications');
}
