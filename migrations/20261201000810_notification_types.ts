/**
 * A notification's type names what its event is about (shared/constants.ts
 * NOTIFICATION_TYPES): new kinds had borrowed the type of an older feature, so an RFQ was
 * tagged an instant order and invoices, payments and purchase orders a quote. The check
 * takes the new types and every stored row gets its kind's type. The kinds' types are
 * written out here as they were at this migration, not read from shared/, so running it
 * later gives the same rows.
 */
import type { Knex } from 'knex';

const TYPES = ['tender', 'rfq', 'quote', 'instant_order', 'purchase_order', 'invoice', 'payment', 'logistics', 'subscription', 'system'];
const OLD_TYPES = ['instant_order', 'order_response', 'logistics', 'payment', 'system'];

const area = `split_part(kind, '.', 1)`;

const TYPE_OF_KIND = `case
  when kind = 'rfq.awarded' then 'purchase_order'
  when ${area} in ('bid', 'project', 'tender') then 'tender'
  when ${area} in ('instant_order', 'order_response') then 'instant_order'
  when ${area} = 'rfq' then 'rfq'
  when ${area} = 'rfq_quote' then 'quote'
  when ${area} = 'purchase_order' then 'purchase_order'
  when ${area} in ('invoice', 'credit_note') then 'invoice'
  when ${area} = 'payment' then 'payment'
  when ${area} in ('transport_offer', 'transport_request', 'delivery') then 'logistics'
  when ${area} = 'subscription' then 'subscription'
  else 'system' end`;

/** The types the kinds were written with before, for going back. */
const OLD_TYPE_OF_KIND = `case
  when kind in ('instant_order.new', 'rfq.new') then 'instant_order'
  when ${area} in ('order_response', 'rfq', 'rfq_quote', 'purchase_order', 'invoice', 'credit_note', 'payment') then 'order_response'
  when ${area} in ('transport_offer', 'transport_request', 'delivery') then 'logistics'
  when ${area} = 'subscription' then 'payment'
  else 'system' end`;

const inList = (types: string[]) => types.map((t) => `'${t}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table notifications drop constraint notifications_type_check');
  await knex.raw(`update notifications set type = ${TYPE_OF_KIND}`);
  await knex.raw(`alter table notifications add constraint notifications_type_check check (type in (${inList(TYPES)}))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table notifications drop constraint notifications_type_check');
  await knex.raw(`update notifications set type = ${OLD_TYPE_OF_KIND}`);
  await knex.raw(`alter table notifications add constraint notifications_type_check check (type in (${inList(OLD_TYPES)}))`);
}
