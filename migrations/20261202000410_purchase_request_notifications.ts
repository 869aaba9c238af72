/**
 * A purchase request's notifications (waiting for you, approved, rejected) are about the
 * request itself, before any RFQ or order: they take a type of their own,
 * purchase_request (shared/constants.ts NOTIFICATION_TYPES), which the check now allows.
 * The lists are written out as they are at this migration, so running it later gives the
 * same check.
 */
import type { Knex } from 'knex';

const TYPES = ['tender', 'purchase_request', 'rfq', 'quote', 'instant_order', 'purchase_order', 'invoice', 'payment', 'logistics', 'subscription', 'system'];
const OLD_TYPES = TYPES.filter((t) => t !== 'purchase_request');

const inList = (types: string[]) => types.map((t) => `'${t}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table notifications drop constraint notifications_type_check');
  await knex.raw(`alter table notifications add constraint notifications_type_check check (type in (${inList(TYPES)}))`);
}

export async function down(knex: Knex): Promise<void> {
  // A request's notifications cannot keep a type the old check refuses: they go.
  await knex('notifications').where({ type: 'purchase_request' }).delete();
  await knex.raw('alter table notifications drop constraint notifications_type_check');
  await knex.raw(`alter table notifications add constraint notifications_type_check check (type in (${inList(OLD_TYPES)}))`);
}
