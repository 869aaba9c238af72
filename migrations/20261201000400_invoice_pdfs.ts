/**
 * invoice_pdfs: the PDF of an invoice or credit note as last rendered, so it is served
 * again without rendering (seconds of a thread for a long document). One row per document,
 * stating what it was rendered from: the document's status and hash. A document that is
 * final (cleared, reported, rejected) never changes, so its row is served for ever; a
 * pending one may (ZATCA's cleared document replaces ours), so its row is served only while
 * the status and hash still match, and replaced by the next render once they do not.
 * Gone with its document.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('invoice_pdfs', (t) => {
    t.uuid('invoice_id').primary().references('id').inTable('invoices').onDelete('CASCADE');
    t.text('status').notNullable();
    t.text('hash').notNullable();
    t.binary('pdf').notNullable();
    t.timestamp('rendered_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('invoice_pdfs');
}
