/**
 * Deliveries: a deal's goods moved by a transport company's driver, with a proof.
 *
 * transport_requests: instant_order_id or project_id (the deal it moves: a fulfilled
 * instant order of the requester, or a project awarded to them) and created_by (the
 * person who made it, the requester column being their company's account).
 *
 * deliveries: one per transport request, made when the transport company whose quote was
 * accepted assigns one of its drivers (company_id is that company's account). stage
 * follows shared/schemas/delivery.ts DELIVERY_STAGES. expected_files are the file ids the
 * driver's proof (or the requester's problem report) names: the files may arrive over tus
 * before or after the step that names them.
 *
 * delivery_events: every step as the device recorded it; its id is the device's, so a
 * step sent twice is recorded once. at is the device's time, recorded_at the server's.
 *
 * transport_offers, bids, instant_order_responses: created_by, the person of the company
 * who sent the current version (who did what, in a company of several people).
 *
 * delivery_files: signatures and photos of the deal (id = the client's file id), stored
 * as private WebP files under deal/ (never under media/, which the public route serves).
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt } from './helpers';

const STAGES = ['assigned', 'picked_up', 'on_the_way', 'delivered', 'confirmed', 'problem'];
/** The submissions that get the person who sent them. */
const SUBMISSIONS = ['transport_offers', 'bids', 'instant_order_responses'];
const STEPS = ['assigned', 'picked_up', 'on_the_way', 'delivered', 'confirmed', 'problem'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transport_requests', (t) => {
    t.uuid('instant_order_id').nullable().references('id').inTable('instant_orders').onDelete('SET NULL');
    t.uuid('project_id').nullable().references('id').inTable('projects').onDelete('SET NULL');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw(`alter table transport_requests add constraint transport_requests_one_deal_check
    check (instant_order_id is null or project_id is null)`);
  await knex.raw('create index transport_requests_instant_order_idx on transport_requests (instant_order_id) where instant_order_id is not null');
  await knex.raw('create index transport_requests_project_idx on transport_requests (project_id) where project_id is not null');
  for (const table of SUBMISSIONS) {
    await knex.schema.alterTable(table, (t) => {
      t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    });
  }

  await knex.schema.createTable('deliveries', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('transport_request_id').notNullable().unique({ indexName: 'deliveries_transport_request_key' }).references('id').inTable('transport_requests').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('driver_id').notNullable().references('id').inTable('users');
    t.text('vehicle_plate').notNullable();
    t.text('stage').notNullable().defaultTo('assigned').checkIn(STAGES, 'deliveries_stage_check');
    t.text('recipient_name').nullable();
    t.text('proof_note').nullable();
    t.specificType('expected_files', 'uuid[]').notNullable().defaultTo(knex.raw("'{}'::uuid[]"));
    t.uuid('assigned_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true }).nullable();
    t.timestamp('confirmed_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['driver_id'], 'deliveries_driver_idx');
    t.index(['company_id'], 'deliveries_company_idx');
  });
  await touchUpdatedAt(knex, 'deliveries');

  await knex.schema.createTable('delivery_events', (t) => {
    t.uuid('id').primary();
    t.uuid('delivery_id').notNullable().references('id').inTable('deliveries').onDelete('CASCADE');
    t.text('step').notNullable().checkIn(STEPS, 'delivery_events_step_check');
    t.timestamp('at', { useTz: true }).notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('actor_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.double('lat').nullable();
    t.double('lng').nullable();
    t.double('accuracy').nullable();
    t.text('note').nullable();
    t.text('problem_kind').nullable().checkIn(['short', 'damaged', 'late'], 'delivery_events_problem_kind_check');
    t.index(['delivery_id', 'recorded_at'], 'delivery_events_delivery_idx');
  });

  await knex.schema.createTable('delivery_files', (t) => {
    t.uuid('id').primary();
    t.uuid('delivery_id').notNullable().references('id').inTable('deliveries').onDelete('CASCADE');
    t.text('purpose').notNullable().checkIn(['signature', 'proof', 'problem'], 'delivery_files_purpose_check');
    t.text('hash').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('bytes').notNullable();
    t.uuid('uploaded_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['delivery_id'], 'delivery_files_delivery_idx');
  });
  await knex.raw(`alter table delivery_files add constraint delivery_files_hash_check check (hash ~ '^[0-9a-f]{64}$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('delivery_files');
  await knex.schema.dropTable('delivery_events');
  await knex.schema.dropTable('deliveries');
  for (const table of SUBMISSIONS) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('created_by');
    });
  }
  await knex.raw('alter table transport_requests drop constraint if exists transport_requests_one_deal_check');
  await knex.schema.alterTable('transport_requests', (t) => {
    t.dropColumn('created_by');
    t.dropColumn('project_id');
    t.dropColumn('instant_order_id');
  });
}
