/**
 * Buying inside the contractor's company: its sites, their budgets and approval rules, and
 * the purchase requests raised on them.
 *
 * - sites: a company's own construction projects (company_id is the company account). The
 *   id is the device's, so a site created offline lands once. The manager, when named, is a
 *   member of the company (the service checks it; a foreign key cannot).
 * - site_budget_lines: the site's budget, line by line, typed or read from the bill of
 *   quantities; budget_amount is the line's budget in SAR, VAT included (the basis the
 *   approval amounts use too).
 * - site_approval_levels: the owner's rules, cumulative bands in ascending up_to_amount (SAR,
 *   VAT included), the last one unbounded (null) and only it; each with its approvers among
 *   the company's members.
 * - purchase_requests, purchase_request_lines: what a site asks its company to buy. amount is
 *   the priced lines' total with VAT, null when a line has no estimated price. Numbered
 *   PR-YYYY-NNNNNN per company and year (purchase_request_counters), as orders are.
 * - purchase_request_approvals: one decision per level of a request (the unique key is what
 *   keeps two approvals of one level at once from both landing).
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

const SITE_STATUSES = ['active', 'closed'];
const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'];
const DECISIONS = ['approved', 'rejected'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sites', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('location').notNullable();
    t.date('starts_on').nullable();
    t.date('ends_on').nullable();
    t.uuid('manager_id').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('status').notNullable().defaultTo('active').checkIn(SITE_STATUSES, 'sites_status_check');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    timestamps(knex, t);
    t.index(['company_id', 'created_at'], 'sites_company_idx');
  });
  await knex.raw('alter table sites add constraint sites_dates_check check (ends_on is null or starts_on is null or ends_on >= starts_on)');
  await touchUpdatedAt(knex, 'sites');

  await knex.schema.createTable('site_budget_lines', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('site_id').notNullable().references('id').inTable('sites').onDelete('CASCADE');
    t.integer('position').notNullable().checkPositive();
    t.text('code').nullable();
    t.text('description').notNullable();
    t.decimal('quantity', 14, 1).notNullable().checkPositive();
    t.text('unit').notNullable();
    t.uuid('category_id').nullable().references('id').inTable('categories').onDelete('SET NULL');
    money(t, 'budget_amount').notNullable();
    t.unique(['site_id', 'position'], { indexName: 'site_budget_lines_position_key' });
  });

  await knex.schema.createTable('site_approval_levels', (t) => {
    t.uuid('site_id').notNullable().references('id').inTable('sites').onDelete('CASCADE');
    t.integer('position').notNullable().checkPositive();
    money(t, 'up_to_amount').nullable();
    t.specificType('approver_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.primary(['site_id', 'position']);
  });

  await knex.schema.createTable('purchase_request_counters', (t) => {
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('year').notNullable();
    t.integer('last').notNullable().checkPositive();
    t.primary(['company_id', 'year']);
  });

  await knex.schema.createTable('purchase_requests', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('company_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('site_id').notNullable().references('id').inTable('sites').onDelete('CASCADE');
    t.text('number').notNullable();
    t.uuid('requested_by').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.date('needed_by').nullable();
    t.text('note').nullable();
    t.text('status').notNullable().defaultTo('pending').checkIn(REQUEST_STATUSES, 'purchase_requests_status_check');
    money(t, 'amount').nullable();
    /** the rejection's reason */
    t.text('reason').nullable();
    t.timestamp('decided_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['company_id', 'number'], { indexName: 'purchase_requests_number_key' });
    t.index(['site_id', 'created_at'], 'purchase_requests_site_idx');
    t.index(['company_id', 'created_at'], 'purchase_requests_company_idx');
  });
  await knex.raw(`alter table purchase_requests add constraint purchase_requests_reason_check
    check ((status = 'rejected') = (reason is not null))`);
  await knex.raw(`alter table purchase_requests add constraint purchase_requests_decided_check
    check ((status = 'pending') = (decided_at is null))`);
  await touchUpdatedAt(knex, 'purchase_requests');

  await knex.schema.createTable('purchase_request_lines', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('purchase_request_id').notNullable().references('id').inTable('purchase_requests').onDelete('CASCADE');
    t.integer('position').notNullable().checkPositive();
    t.uuid('budget_line_id').nullable().references('id').inTable('site_budget_lines').onDelete('SET NULL');
    t.text('description').notNullable();
    t.decimal('quantity', 14, 1).notNullable().checkPositive();
    t.text('unit').notNullable();
    /** SAR per unit before VAT */
    money(t, 'estimated_unit_price').nullable();
    t.unique(['purchase_request_id', 'position'], { indexName: 'purchase_request_lines_position_key' });
    t.index(['budget_line_id'], 'purchase_request_lines_budget_line_idx');
  });

  await knex.schema.createTable('purchase_request_approvals', (t) => {
    t.uuid('purchase_request_id').notNullable().references('id').inTable('purchase_requests').onDelete('CASCADE');
    t.integer('level').notNullable().checkPositive();
    t.uuid('decided_by').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('decision').notNullable().checkIn(DECISIONS, 'purchase_request_approvals_decision_check');
    t.text('reason').nullable();
    t.timestamp('decided_at', { useTz: true }).notNullable();
    t.primary(['purchase_request_id', 'level']);
  });
  await knex.raw(`alter table purchase_request_approvals add constraint purchase_request_approvals_reason_check
    check (decision = 'approved' or reason is not null)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('purchase_request_approvals');
  await knex.schema.dropTable('purchase_request_lines');
  await knex.schema.dropTable('purchase_requests');
  await knex.schema.dropTable('purchase_request_counters');
  await knex.schema.dropTable('site_approval_levels');
  await knex.schema.dropTable('site_budget_lines');
  await knex.schema.dropTable('sites');
}
