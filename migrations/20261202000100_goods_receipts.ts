/**
 * What arrived at the site, and the documents that follow it.
 *
 * - goods_receipts and goods_receipt_lines: what the buyer's company counted off a truck
 *   against a purchase order, line by line. The id is the device's, so a receipt queued
 *   offline lands once. received_quantity is what was unloaded; rejected_quantity is the
 *   part of it not accepted, with a reason (a rejected quantity always has one). What was
 *   accepted is received less rejected.
 * - purchase_orders.status gains partially_received and received, which the receipts set.
 * - purchase_order_lines.cancelled_quantity: what a close-short cancelled of the line.
 * - profiles.receipt_tolerance_percent: how far above an order a buyer's receipts may go
 *   (0 to 20 %, 0 unless the buyer sets it).
 * - invoices.kind gains debit_note (ZATCA 383, numbered DN-...); a credit or debit note
 *   names its invoice and a reason. An order may carry several live invoices (one per
 *   delivery), so the one-invoice-per-order index goes; a plan payment keeps its one.
 * - invoices.over_receipt_reason: the seller's reason for invoicing more than was received.
 * - invoices.exception_accepted_at/by: the buyer chose to pay an invoice whose match is an
 *   exception, and who did.
 * - invoices.dispute_id: the dispute a credit note settles.
 * - invoice_lines.adjusts: on a note, whether its line moves the quantity (goods credited
 *   or billed at the line's price) or only the price (a difference per unit).
 * - disputes and dispute_lines: the buyer's claim on received lines, the seller's answer,
 *   and the deadline of whoever is to move next.
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

const OLD_STATUSES = ['issued', 'accepted', 'declined', 'delivered', 'closed', 'cancelled'];
const STATUSES = ['issued', 'accepted', 'declined', 'partially_received', 'received', 'delivered', 'closed', 'cancelled'];
const REJECTION_REASONS = ['damaged', 'wrong_item', 'short', 'quality', 'other'];
const DISPUTE_STATUSES = ['open', 'accepted', 'rejected'];
const REMEDIES = ['credit_note', 'redeliver'];

const statusCheck = (list: string[]) => `check (status in (${list.map((s) => `'${s}'`).join(', ')}))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table purchase_orders drop constraint purchase_orders_status_check');
  await knex.raw(`alter table purchase_orders add constraint purchase_orders_status_check ${statusCheck(STATUSES)}`);
  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.decimal('cancelled_quantity', 14, 1).notNullable().defaultTo(0);
  });
  await knex.raw('alter table purchase_order_lines add constraint purchase_order_lines_cancelled_check check (cancelled_quantity >= 0 and cancelled_quantity <= quantity)');
  await knex.schema.alterTable('profiles', (t) => {
    t.decimal('receipt_tolerance_percent', 5, 2).notNullable().defaultTo(0).checkBetween([0, 20], 'profiles_receipt_tolerance_check');
  });

  await knex.schema.createTable('goods_receipts', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
    t.uuid('received_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    /** the delivery whose proof it was made from, if any */
    t.uuid('delivery_id').nullable().references('id').inTable('deliveries').onDelete('SET NULL');
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.text('note').nullable();
    timestamps(knex, t);
    t.index(['purchase_order_id', 'received_at'], 'goods_receipts_order_idx');
  });
  await touchUpdatedAt(knex, 'goods_receipts');

  await knex.schema.createTable('goods_receipt_lines', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('goods_receipt_id').notNullable().references('id').inTable('goods_receipts').onDelete('CASCADE');
    t.uuid('purchase_order_line_id').notNullable().references('id').inTable('purchase_order_lines').onDelete('CASCADE');
    t.decimal('received_quantity', 14, 1).notNullable();
    t.decimal('rejected_quantity', 14, 1).notNullable().defaultTo(0);
    t.text('rejection_reason').nullable().checkIn(REJECTION_REASONS, 'goods_receipt_lines_reason_check');
    t.specificType('photo_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.unique(['goods_receipt_id', 'purchase_order_line_id'], { indexName: 'goods_receipt_lines_line_key' });
    t.index(['purchase_order_line_id'], 'goods_receipt_lines_po_line_idx');
  });
  await knex.raw(`alter table goods_receipt_lines add constraint goods_receipt_lines_quantities_check
    check (received_quantity >= 0 and rejected_quantity >= 0 and rejected_quantity <= received_quantity and (received_quantity > 0))`);
  await knex.raw(`alter table goods_receipt_lines add constraint goods_receipt_lines_rejection_check
    check ((rejected_quantity > 0) = (rejection_reason is not null))`);

  await knex.raw('alter table invoices drop constraint invoices_kind_check');
  await knex.raw(`alter table invoices add constraint invoices_kind_check check (kind in ('invoice', 'credit_note', 'debit_note'))`);
  await knex.raw('alter table invoices drop constraint invoices_credit_note_check');
  await knex.raw(`alter table invoices add constraint invoices_credit_note_check
    check ((kind <> 'invoice') = (original_invoice_id is not null and reason is not null))`);
  await knex.raw('drop index invoices_one_per_purchase_order');
  await knex.raw('create index invoices_purchase_order_idx on invoices (purchase_order_id) where purchase_order_id is not null');

  await knex.schema.createTable('disputes', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
    t.uuid('buyer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('seller_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('opened_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('reason').notNullable();
    t.specificType('photo_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('open').checkIn(DISPUTE_STATUSES, 'disputes_status_check');
    t.text('remedy').nullable().checkIn(REMEDIES, 'disputes_remedy_check');
    /** the seller's reason when it rejects */
    t.text('answer').nullable();
    t.uuid('answered_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('answered_at', { useTz: true }).nullable();
    /** when whoever is to move next must have moved: the seller, while it is open */
    t.timestamp('due_at', { useTz: true }).notNullable();
    t.timestamp('reminded_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['purchase_order_id'], 'disputes_order_idx');
    t.index(['buyer_id', 'created_at'], 'disputes_buyer_idx');
    t.index(['seller_id', 'created_at'], 'disputes_seller_idx');
  });
  await knex.raw(`alter table disputes add constraint disputes_answer_check
    check ((status = 'open') = (answered_at is null) and (status = 'accepted') = (remedy is not null) and (status <> 'rejected' or answer is not null))`);
  await knex.raw(`create index disputes_due_idx on disputes (due_at) where status = 'open'`);
  await touchUpdatedAt(knex, 'disputes');

  await knex.schema.createTable('dispute_lines', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('dispute_id').notNullable().references('id').inTable('disputes').onDelete('CASCADE');
    t.uuid('purchase_order_line_id').notNullable().references('id').inTable('purchase_order_lines').onDelete('CASCADE');
    t.decimal('quantity', 14, 1).notNullable().checkPositive();
    /** the price the buyer holds the line to, when it disputes the price rather than the goods */
    money(t, 'unit_price').nullable();
    t.unique(['dispute_id', 'purchase_order_line_id'], { indexName: 'dispute_lines_line_key' });
  });

  await knex.schema.alterTable('invoices', (t) => {
    t.text('over_receipt_reason').nullable();
    t.timestamp('exception_accepted_at', { useTz: true }).nullable();
    t.uuid('exception_accepted_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('dispute_id').nullable().references('id').inTable('disputes').onDelete('SET NULL');
  });
  await knex.schema.alterTable('invoice_lines', (t) => {
    t.text('adjusts').nullable().checkIn(['quantity', 'price'], 'invoice_lines_adjusts_check');
  });
  // Every credit note issued before moved quantities at the invoice line's price.
  await knex.raw(`update invoice_lines set adjusts = 'quantity' where credited_line_id is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('invoice_lines', (t) => {
    t.dropChecks(['invoice_lines_adjusts_check']);
    t.dropColumn('adjusts');
  });
  await knex.schema.alterTable('invoices', (t) => {
    t.dropColumn('dispute_id');
    t.dropColumn('exception_accepted_by');
    t.dropColumn('exception_accepted_at');
    t.dropColumn('over_receipt_reason');
  });
  await knex.schema.dropTable('dispute_lines');
  await knex.schema.dropTable('disputes');
  await knex('invoices').where({ kind: 'debit_note' }).delete();
  await knex.raw('drop index invoices_purchase_order_idx');
  await knex.raw(`create unique index invoices_one_per_purchase_order on invoices (purchase_order_id)
    where kind = 'invoice' and status <> 'rejected'`);
  await knex.raw('alter table invoices drop constraint invoices_credit_note_check');
  await knex.raw(`alter table invoices add constraint invoices_credit_note_check
    check ((kind = 'credit_note') = (original_invoice_id is not null and reason is not null))`);
  await knex.raw('alter table invoices drop constraint invoices_kind_check');
  await knex.raw(`alter table invoices add constraint invoices_kind_check check (kind in ('invoice', 'credit_note'))`);
  await knex.schema.dropTable('goods_receipt_lines');
  await knex.schema.dropTable('goods_receipts');
  await knex.schema.alterTable('profiles', (t) => {
    t.dropChecks(['profiles_receipt_tolerance_check']);
    t.dropColumn('receipt_tolerance_percent');
  });
  await knex.raw('alter table purchase_order_lines drop constraint purchase_order_lines_cancelled_check');
  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.dropColumn('cancelled_quantity');
  });
  await knex('purchase_orders').whereIn('status', ['partially_received', 'received']).update({ status: 'accepted' });
  await knex.raw('alter table purchase_orders drop constraint purchase_orders_status_check');
  await knex.raw(`alter table purchase_orders add constraint purchase_orders_status_check ${statusCheck(OLD_STATUSES)}`);
}
