/**
 * What a site buys and spends: RFQs, instant orders and purchase orders belong to a site and
 * their lines to its budget lines, and an order over what was approved waits for approval.
 *
 * - rfqs, instant_orders: site_id (the site they buy for) and purchase_request_id (the
 *   approved request they were made from, once: unique); their lines' budget_line_id (an
 *   instant order has one line, so the column is on the order).
 * - purchase_orders: site_id, and approval_request_id: the purchase request (kind 'order')
 *   whose approval the order waits for in status awaiting_approval, and which issued it once
 *   approved. purchase_order_lines.budget_line_id: the budget line the line spends.
 * - purchase_requests.kind: 'request' (what a site asks for) or 'order' (the approval of an
 *   order over its approved amount, or placed on a site without a request); source_request_id:
 *   the approved request such an order was made from (its own amount is not summed again).
 * - sites.approval_tolerance_percent: how far above the approved amount an order may go
 *   before it waits for approval (the owner's, 0 by default).
 */
import type { Knex } from 'knex';

const OLD_STATUSES = ['issued', 'accepted', 'declined', 'partially_received', 'received', 'delivered', 'closed', 'cancelled'];
const STATUSES = ['awaiting_approval', ...OLD_STATUSES];
const statusCheck = (list: string[]) => `check (status in (${list.map((s) => `'${s}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sites', (t) => {
    t.decimal('approval_tolerance_percent', 5, 2).notNullable().defaultTo(0).checkBetween([0, 100], 'sites_approval_tolerance_check');
  });
  await knex.schema.alterTable('purchase_requests', (t) => {
    t.text('kind').notNullable().defaultTo('request').checkIn(['request', 'order'], 'purchase_requests_kind_check');
    t.uuid('source_request_id').nullable().references('id').inTable('purchase_requests').onDelete('SET NULL');
  });
  for (const table of ['rfqs', 'instant_orders']) {
    await knex.schema.alterTable(table, (t) => {
      t.uuid('site_id').nullable().references('id').inTable('sites').onDelete('SET NULL');
      t.uuid('purchase_request_id').nullable().references('id').inTable('purchase_requests').onDelete('SET NULL');
      t.unique(['purchase_request_id'], { indexName: `${table}_purchase_request_key` });
      t.index(['site_id'], `${table}_site_idx`);
    });
  }
  await knex.schema.alterTable('instant_orders', (t) => {
    t.uuid('budget_line_id').nullable().references('id').inTable('site_budget_lines').onDelete('SET NULL');
  });
  await knex.schema.alterTable('rfq_lines', (t) => {
    t.uuid('budget_line_id').nullable().references('id').inTable('site_budget_lines').onDelete('SET NULL');
  });
  await knex.schema.alterTable('purchase_orders', (t) => {
    t.uuid('site_id').nullable().references('id').inTable('sites').onDelete('SET NULL');
    t.uuid('approval_request_id').nullable().references('id').inTable('purchase_requests').onDelete('SET NULL');
    t.index(['site_id'], 'purchase_orders_site_idx');
    t.index(['approval_request_id'], 'purchase_orders_approval_request_idx');
  });
  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.uuid('budget_line_id').nullable().references('id').inTable('site_budget_lines').onDelete('SET NULL');
    t.index(['budget_line_id'], 'purchase_order_lines_budget_line_idx');
  });
  await knex.raw('alter table purchase_orders drop constraint purchase_orders_status_check');
  await knex.raw(`alter table purchase_orders add constraint purchase_orders_status_check ${statusCheck(STATUSES)}`);
}

export async function down(knex: Knex): Promise<void> {
  // An order still waiting for approval was never issued: it goes with the status.
  await knex('purchase_orders').where({ status: 'awaiting_approval' }).delete();
  await knex.raw('alter table purchase_orders drop constraint purchase_orders_status_check');
  await knex.raw(`alter table purchase_orders add constraint purchase_orders_status_check ${statusCheck(OLD_STATUSES)}`);
  await knex.schema.alterTable('purchase_order_lines', (t) => t.dropColumn('budget_line_id'));
  await knex.schema.alterTable('purchase_orders', (t) => {
    t.dropColumn('site_id');
    t.dropColumn('approval_request_id');
  });
  await knex.schema.alterTable('rfq_lines', (t) => t.dropColumn('budget_line_id'));
  await knex.schema.alterTable('instant_orders', (t) => t.dropColumn('budget_line_id'));
  for (const table of ['rfqs', 'instant_orders']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('site_id');
      t.dropColumn('purchase_request_id');
    });
  }
  await knex.schema.alterTable('purchase_requests', (t) => {
    t.dropColumn('kind');
    t.dropColumn('source_request_id');
  });
  await knex.schema.alterTable('sites', (t) => t.dropColumn('approval_tolerance_percent'));
}
