/**
 * transport_requests' contacts: whom the driver calls at each end, a name and a phone at
 * pickup (the seller's person at the yard) and at drop-off (the buyer's person on site).
 * A driver standing at a gate needs a number, not only a place. Phones are stored in
 * E.164 (+966…) as shared/schemas/common.ts saudiPhoneSchema leaves them; the check only
 * keeps a row that skipped it from looking valid. Requests made before have none: the
 * driver's card falls back to the deal's parties (deliveries/queries.ts).
 */
import type { Knex } from 'knex';

const COLUMNS = ['pickup_contact_name', 'pickup_contact_phone', 'delivery_contact_name', 'delivery_contact_phone'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transport_requests', (t) => {
    for (const c of COLUMNS) t.text(c).nullable();
  });
  await knex.raw(`alter table transport_requests add constraint transport_requests_contact_phones_check check (
    (pickup_contact_phone is null or pickup_contact_phone ~ '^\\+966[0-9]{8,9}$')
    and (delivery_contact_phone is null or delivery_contact_phone ~ '^\\+966[0-9]{8,9}$'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table transport_requests drop constraint transport_requests_contact_phones_check');
  await knex.schema.alterTable('transport_requests', (t) => {
    for (const c of COLUMNS) t.dropColumn(c);
  });
}
