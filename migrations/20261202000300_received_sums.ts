/**
 * purchase_order_lines.received_quantity and rejected_quantity: the sums of the line's
 * goods receipt lines, kept by a trigger on every write of them (goods_receipt_lines_sum in
 * migrations/functions.ts), so an order's lines are read where they stand without summing
 * its receipts: a long order's hundredth receipt, its match and its rows cost what its
 * first did. Backfilled from the receipts already recorded.
 */
import type { Knex } from 'knex';
import { GOODS_RECEIPT_LINES_SUM } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.decimal('received_quantity', 14, 1).notNullable().defaultTo(0);
    t.decimal('rejected_quantity', 14, 1).notNullable().defaultTo(0);
  });
  await knex.raw(`update purchase_order_lines pl set received_quantity = s.received, rejected_quantity = s.rejected
    from (select purchase_order_line_id as id, sum(received_quantity) as received, sum(rejected_quantity) as rejected from goods_receipt_lines group by 1) s
    where pl.id = s.id`);
  await knex.raw(GOODS_RECEIPT_LINES_SUM);
  await knex.raw(`create trigger goods_receipt_lines_sum_insert after insert on goods_receipt_lines
    referencing new table as new_lines for each statement execute function goods_receipt_lines_sum()`);
  await knex.raw(`create trigger goods_receipt_lines_sum_update after update on goods_receipt_lines
    referencing old table as old_lines new table as new_lines for each statement execute function goods_receipt_lines_sum()`);
  await knex.raw(`create trigger goods_receipt_lines_sum_delete after delete on goods_receipt_lines
    referencing old table as old_lines for each statement execute function goods_receipt_lines_sum()`);
}

export async function down(knex: Knex): Promise<void> {
  for (const op of ['insert', 'update', 'delete']) await knex.raw(`drop trigger goods_receipt_lines_sum_${op} on goods_receipt_lines`);
  await knex.raw('drop function goods_receipt_lines_sum()');
  await knex.schema.alterTable('purchase_order_lines', (t) => {
    t.dropColumn('received_quantity');
    t.dropColumn('rejected_quantity');
  });
}
