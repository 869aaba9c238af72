/**
 * transport_requests: cargo that someone (not a transport company) needs moved; open to
 * quotes while pending. Weight in kg, volume in m³. assigned_offer_id gets its foreign key
 * in the transport offers migration.
 */
import type { Knex } from 'knex';
import { money, softDelete, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('transport_requests', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('requester_id').notNullable().references('id').inTable('users');
    t.text('pickup_location').notNullable();
    t.text('delivery_location').notNullable();
    t.text('cargo_description').notNullable();
    t.decimal('cargo_weight', 14, 2).nullable().checkBetween([0, 999_999_999_999.99]);
    t.decimal('cargo_volume', 14, 2).nullable().checkBetween([0, 999_999_999_999.99]);
    t.text('vehicle_type_required').nullable();
    t.timestamp('preferred_pickup_time', { useTz: true }).nullable();
    t.timestamp('preferred_delivery_time', { useTz: true }).nullable();
    money(t, 'budget').nullable();
    t.text('status')
      .notNullable()
      .defaultTo('pending')
      .checkIn(['pending', 'assigned', 'in_transit', 'delivered', 'cancelled']);
    t.uuid('assigned_offer_id').nullable();
    timestamps(knex, t);
    softDelete(t);
  });
  await knex.raw('create index transport_requests_status_created_idx on transport_requests (status, created_at desc)');
  await knex.raw('create index transport_requests_requester_idx on transport_requests (requester_id)');
  await touchUpdatedAt(knex, 'transport_requests');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('transport_requests');
}
