/**
 * product_imports: each applied price list import of a supplier, with what it did
 * (summary: counts shown in the report) and what undoing it takes (undo: the ids it
 * created, and the price and stock of each product it updated as they were before).
 * Only a supplier's latest import can be undone, once (undone_at).
 */
import type { Knex } from 'knex';
import { uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_imports', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('supplier_id').notNullable().references('id').inTable('users');
    t.text('file_name').nullable();
    t.jsonb('summary').notNullable();
    t.jsonb('undo').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('undone_at', { useTz: true }).nullable();
  });
  await knex.raw('create index product_imports_supplier_idx on product_imports (supplier_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_imports');
}
