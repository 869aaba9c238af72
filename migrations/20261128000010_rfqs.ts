/**
 * Requests for quotation, quotes and purchase orders (server/modules/rfqs/,
 * server/modules/purchase-orders/).
 *
 * rfqs: a buyer's (contractor account's) list of materials; status is stored as open,
 * awarded or cancelled, "closed" being open past closes_at (shared/rfq.ts rfqPhase).
 * rfq_lines: its lines (ids chosen by the client, so an offline RFQ keeps them).
 * rfq_recipients: the suppliers it reached when it was sent: the invited ones, or for
 * the market every supplier then selling in its lines' categories. Who sees an RFQ and
 * whose feed carries it are read from here, so both stay the same set.
 * rfq_quotes: one per supplier and RFQ, revised in place (revision counts the sendings).
 * rfq_quote_lines: a quote's price per line; the composite keys hold each line to a line
 * and a quote of the same RFQ, whatever a service checks.
 *
 * purchase_orders: one per winning supplier of an award (unique per RFQ and seller, so
 * two awards racing cannot make two sets), or per accepted instant-order offer (unique
 * per order). Numbered per buyer account and year from purchase_order_counters, whose row
 * an UPDATE ... RETURNING locks until the order's transaction ends: numbers have no gap and
 * no duplicate under concurrency. Amounts are numeric(14,2); each line's VAT is rounded on
 * its own and the order's totals are sums of lines (shared/vat.ts). category_id on a line
 * is what the market median groups by.
 */
import type { Knex } from 'knex';
import { money, timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

const QUANTITY = [0.1, 99_999_999_999.9] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rfqs', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('buyer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.text('title').notNullable();
    t.text('location').notNullable();
    t.date('needed_by').nullable();
    t.timestamp('closes_at', { useTz: true }).notNullable();
    t.text('audience').notNullable().checkIn(['market', 'invited'], 'rfqs_audience_check');
    t.text('status').notNullable().defaultTo('open').checkIn(['open', 'awarded', 'cancelled'], 'rfqs_status_check');
    t.timestamp('awarded_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.index(['buyer_id', 'created_at'], 'rfqs_buyer_idx');
  });
  await touchUpdatedAt(knex, 'rfqs');

  await knex.schema.createTable('rfq_lines', (t) => {
    t.uuid('id').primary();
    t.uuid('rfq_id').notNullable().references('id').inTable('rfqs').onDelete('CASCADE');
    t.integer('position').notNullable().checkPositive();
    t.text('description').notNullable();
    t.decimal('quantity', 14, 1).notNullable().checkBetween([...QUANTITY]);
    t.text('unit').notNullable();
    t.uuid('category_id').nullable().references('id').inTable('categories').onDelete('SET NULL');
    t.uuid('product_id').nullable().references('id').inTable('products').onDelete('SET NULL');
    t.unique(['rfq_id', 'position'], { indexName: 'rfq_lines_position_key' });
    t.unique(['rfq_id', 'id'], { indexName: 'rfq_lines_rfq_id_key' });
  });

  await knex.schema.createTable('rfq_recipients', (t) => {
    t.uuid('rfq_id').notNullable().references('id').inTable('rfqs').onDelete('CASCADE');
    t.uuid('supplier_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.boolean('invited').notNullable().defaultTo(false);
    t.primary(['rfq_id', 'supplier_id']);
    t.index(['supplier_id'], 'rfq_recipients_supplier_idx');
  });

  await knex.schema.createTable('rfq_quotes', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('rfq_id').notNullable().references('id').inTable('rfqs').onDelete('CASCADE');
    t.uuid('supplier_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('delivery_days').notNullable().checkBetween([1, 365]);
    t.date('valid_until').notNullable();
    t.text('notes').nullable();
    t.integer('revision').notNullable().defaultTo(1).checkPositive();
    t.text('status').notNullable().defaultTo('submitted').checkIn(['submitted', 'won', 'lost'], 'rfq_quotes_status_check');
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    timestamps(knex, t);
    t.unique(['rfq_id', 'supplier_id'], { indexName: 'rfq_quotes_one_per_supplier' });
    t.unique(['rfq_id', 'id'], { indexName: 'rfq_quotes_rfq_id_key' });
    t.index(['supplier_id'], 'rfq_quotes_supplier_idx');
  });
  await touchUpdatedAt(knex, 'rfq_quotes');

  await knex.schema.createTable('rfq_quote_lines', (t) => {
    t.uuid('quote_id').notNullable();
    t.uuid('rfq_id').notNullable();
    t.uuid('rfq_line_id').notNullable();
    money(t, 'unit_price').notNullable();
    t.decimal('quantity', 14, 1).nullable().checkBetween([...QUANTITY]);
    t.text('note').nullable();
    t.uuid('substitute_product_id').nullable().references('id').inTable('products').onDelete('SET NULL');
    t.primary(['quote_id', 'rfq_line_id']);
    t.foreign(['rfq_id', 'quote_id'], 'rfq_quote_lines_quote_fkey').references(['rfq_id', 'id']).inTable('rfq_quotes').onDelete('CASCADE');
    t.foreign(['rfq_id', 'rfq_line_id'], 'rfq_quote_lines_line_fkey').references(['rfq_id', 'id']).inTable('rfq_lines').onDelete('CASCADE');
    t.index(['rfq_id'], 'rfq_quote_lines_rfq_idx');
  });

  await knex.schema.createTable('purchase_order_counters', (t) => {
    t.uuid('buyer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.integer('year').notNullable();
    t.integer('last').notNullable().checkPositive();
    t.primary(['buyer_id', 'year']);
  });

  await knex.schema.createTable('purchase_orders', (t) => {
    uuidPrimaryKey(knex, t);
    t.text('number').notNullable();
    t.integer('year').notNullable();
    t.integer('seq').notNullable().checkPositive();
    t.uuid('buyer_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('seller_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.uuid('rfq_id').nullable().references('id').inTable('rfqs').onDelete('SET NULL');
    t.uuid('quote_id').nullable().references('id').inTable('rfq_quotes').onDelete('SET NULL');
    t.uuid('instant_order_id').nullable().references('id').inTable('instant_orders').onDelete('SET NULL');
    t.text('title').notNullable();
    t.text('delivery_location').notNullable();
    t.date('delivery_date').nullable();
    t.integer('delivery_days').nullable();
    money(t, 'subtotal').notNullable();
    money(t, 'vat_total').notNullable();
    money(t, 'total').notNullable();
    t.text('status')
      .notNullable()
      .defaultTo('issued')
      .checkIn(['issued', 'accepted', 'declined', 'delivered', 'closed', 'cancelled'], 'purchase_orders_status_check');
    t.text('reason').nullable();
    t.timestamp('issued_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('answered_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['buyer_id', 'year', 'seq'], { indexName: 'purchase_orders_number_key' });
    t.index(['buyer_id', 'created_at'], 'purchase_orders_buyer_idx');
    t.index(['seller_id', 'created_at'], 'purchase_orders_seller_idx');
  });
  await knex.raw('create unique index purchase_orders_rfq_seller_key on purchase_orders (rfq_id, seller_id) where rfq_id is not null');
  await knex.raw('create unique index purchase_orders_instant_order_key on purchase_orders (instant_order_id) where instant_order_id is not null');
  await knex.raw('alter table purchase_orders add constraint purchase_orders_totals_sum_check check (total = subtotal + vat_total)');
  await touchUpdatedAt(knex, 'purchase_orders');

  await knex.schema.createTable('purchase_order_lines', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('purchase_order_id').notNullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
    t.integer('position').notNullable().checkPositive();
    t.uuid('rfq_line_id').nullable().references('id').inTable('rfq_lines').onDelete('SET NULL');
    t.uuid('category_id').nullable().references('id').inTable('categories').onDelete('SET NULL');
    t.text('description').notNullable();
    t.decimal('quantity', 14, 1).notNullable().checkBetween([...QUANTITY]);
    t.text('unit').notNullable();
    money(t, 'unit_price').notNullable();
    t.decimal('vat_rate', 5, 4).notNullable().checkBetween([0, 1]);
    money(t, 'line_total').notNullable();
    money(t, 'vat_amount').notNullable();
    t.uuid('substitute_product_id').nullable().references('id').inTable('products').onDelete('SET NULL');
    t.text('note').nullable();
    t.unique(['purchase_order_id', 'position'], { indexName: 'purchase_order_lines_position_key' });
  });
  // A line of an RFQ is on an order once; a line partly quoted may be split between the orders of one award (its quantities held by the award).
  await knex.raw('create unique index purchase_order_lines_rfq_line_key on purchase_order_lines (purchase_order_id, rfq_line_id) where rfq_line_id is not null');
  // The market median reads accepted prices by category and unit.
  await knex.raw('create index purchase_order_lines_market_idx on purchase_order_lines (category_id, lower(unit)) where category_id is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('purchase_order_lines');
  await knex.schema.dropTable('purchase_orders');
  await knex.schema.dropTable('purchase_order_counters');
  await knex.schema.dropTable('rfq_quote_lines');
  await knex.schema.dropTable('rfq_quotes');
  await knex.schema.dropTable('rfq_recipients');
  await knex.schema.dropTable('rfq_lines');
  await knex.schema.dropTable('rfqs');
}
