/**
 * transport_offers: a transport company's quote on a request, one per company and
 * request. Also ties transport_requests.assigned_offer_id to its offer.
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('transport_offers', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('transport_request_id').notNullable().references('id').inTable('transport_requests');
    t.uuid('transport_company_id').notNullable().references('id').inTable('users');
    money(t, 'quoted_price').notNullable();
    t.timestamp('estimated_pickup_time', { useTz: true }).nullable();
    t.timestamp('estimated_delivery_time', { useTz: true }).nullable();
    t.text('vehicle_details').nullable();
    t.text('notes').nullable();
    t.text('status').notNullable().defaultTo('submitted').checkIn(['submitted', 'accepted', 'rejected']);
    timestamps(knex, t);
    t.unique(['transport_request_id', 'transport_company_id'], {
      indexName: 'transport_offers_request_company_unique',
    });
    t.index(['transport_company_id', 'created_at'], 'transport_offers_company_created_idx');
  });
  await touchUpdatedAt(knex, 'transport_offers');
  await knex.schema.alterTable('transport_requests', (t) => {
    t.foreign('assigned_offer_id', 'transport_requests_assigned_offer_id_foreign')
      .references('id')
      .inTable('transport_offers');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transport_requests', (t) => {
    t.dropForeign('assigned_offer_id', 'transport_requests_assigned_offer_id_foreign');
  });
  await knex.schema.dropTable('transport_offers');
}
