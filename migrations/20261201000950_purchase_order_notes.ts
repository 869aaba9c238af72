/**
 * purchase_orders.notes: what the seller wrote on the whole quote or instant-order offer
 * the order was made from ("prices include delivery inside Riyadh"). It is the seller's
 * word to the buyer on the deal, so it stays with the order both parties read, beside the
 * lines' own notes (purchase_order_lines.note). Orders made before it take their quote's
 * notes, or their accepted offer's, taken off the one line of an instant order that
 * carried them until now.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchase_orders', (t) => {
    t.text('notes').nullable();
  });
  await knex.raw(`update purchase_orders po set notes = q.notes from rfq_quotes q where q.id = po.quote_id and q.notes is not null`);
  await knex.raw(`update purchase_orders po set notes = r.notes
    from instant_orders o join instant_order_responses r on r.instant_order_id = o.id and r.status = 'accepted'
    where o.id = po.instant_order_id and r.notes is not null`);
  await knex.raw(`update purchase_order_lines pl set note = null from purchase_orders po
    where po.id = pl.purchase_order_id and po.instant_order_id is not null and pl.note = po.notes`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchase_orders', (t) => {
    t.dropColumn('notes');
  });
}
