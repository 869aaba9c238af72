/**
 * instant_orders.category_id: the category of the material asked for (optional, as on an
 * RFQ line). The purchase order an accepted offer makes carries it on its line, so the
 * price the contractor accepted counts in the market price of that category and unit.
 *
 * Add it to migrations/index.ts (an import and a line in `migrations`): the app and the
 * knex CLI run only the migrations listed there.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('instant_orders', (t) => {
    t.uuid('category_id').nullable().references('id').inTable('categories').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('instant_orders', (t) => {
    t.dropColumn('category_id');
  });
}
