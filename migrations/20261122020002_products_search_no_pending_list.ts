/**
 * The two search indexes of products without GIN's pending list (fastupdate). With it,
 * new rows wait in an unsorted list that every search reads in full until a vacuum merges
 * it, and the planner, costing that list, turns to a sequential scan after a bulk insert.
 * Products are written rarely and searched constantly, so each insert pays to update the
 * index at once instead.
 */
import type { Knex } from 'knex';

const INDEXES = ['products_search_vector_idx', 'products_search_text_trgm_idx'];

export async function up(knex: Knex): Promise<void> {
  for (const index of INDEXES) await knex.raw('alter index ?? set (fastupdate = off)', [index]);
}

export async function down(knex: Knex): Promise<void> {
  for (const index of INDEXES) await knex.raw('alter index ?? reset (fastupdate)', [index]);
}
