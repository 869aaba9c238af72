/**
 * profiles: what a user tells about their company at setup, plus the ratings and the
 * verification tier the platform maintains. One per user; role is fixed after setup.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('profiles', (t) => {
    t.uuid('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.text('role').notNullable().checkIn(['supplier', 'contractor', 'government', 'transport', 'admin']);
    t.text('company_name').nullable();
    t.text('phone').nullable(); // E.164, +9665XXXXXXXX
    t.text('address').nullable();
    t.text('city').nullable();
    t.text('state').nullable();
    t.text('zip_code').nullable();
    t.text('website').nullable();
    t.text('description').nullable();
    t.text('verification_tier')
      .notNullable()
      .defaultTo('unverified')
      .checkIn(['unverified', 'verified', 'silver', 'gold', 'platinum', 'diamond']);
    t.decimal('average_rating', 3, 2).notNullable().defaultTo(0).checkBetween([0, 5]);
    t.integer('total_reviews').notNullable().defaultTo(0);
    t.text('cr_number').nullable(); // commercial registration, 10 digits
    t.text('vat_number').nullable(); // 15 digits, starts and ends with 3
    t.text('language').notNullable().defaultTo('ar').checkIn(['ar', 'en', 'zh']);
    timestamps(knex, t);
  });
  await knex.raw('create index profiles_role_idx on profiles (role)');
  await touchUpdatedAt(knex, 'profiles');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('profiles');
}
