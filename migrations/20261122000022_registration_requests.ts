/**
 * registration_requests: quick signups from the public catalogue (supplier or transport
 * company), kept for admins to review. ip supports the per-IP rate limit and abuse review.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('registration_requests', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('signup_type').notNullable().defaultTo('supplier').checkIn(['supplier', 'transport']);
    t.text('company_name').notNullable();
    t.text('contact_person').notNullable();
    t.text('phone').notNullable();
    t.text('email').notNullable();
    t.text('city').notNullable();
    t.text('service_description').notNullable();
    t.integer('experience_years').nullable().checkBetween([0, 100]);
    t.text('ip').nullable();
    t.text('status').notNullable().defaultTo('new').checkIn(['new', 'reviewed']);
    timestamps(knex, t);
  });
  await knex.raw('create index registration_requests_created_idx on registration_requests (created_at desc)');
  await touchUpdatedAt(knex, 'registration_requests');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('registration_requests');
}
