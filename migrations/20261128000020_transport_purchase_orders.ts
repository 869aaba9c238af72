/**
 * transport_requests.purchase_order_id: transport for an accepted purchase order, the third
 * kind of deal a request can move (with an instant order and an awarded project); still at
 * most one deal per request.
 *
 * Add it to migrations/index.ts (an import and a line in `migrations`): the app and the
 * knex CLI run only the migrations listed there.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('transport_requests', (t) => {
    t.uuid('purchase_order_id').nullable().references('id').inTable('purchase_orders').onDelete('SET NULL');
  });
  await knex.raw('alter table transport_requests drop constraint transport_requests_one_deal_check');
  await knex.raw(`alter table transport_requests add constraint transport_requests_one_deal_check
    check (num_nonnulls(instant_order_id, project_id, purchase_order_id) <= 1)`);
  await knex.raw('create index transport_requests_purchase_order_idx on transport_requests (purchase_order_id) where purchase_order_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table transport_requests drop constraint transport_requests_one_deal_check');
  await knex.schema.alterTable('transport_requests', (t) => {
    t.dropColumn('purchase_order_id');
  });
  await knex.raw(`alter table transport_requests add constraint transport_requests_one_deal_check
    check (instant_order_id is null or project_id is null)`);
}
