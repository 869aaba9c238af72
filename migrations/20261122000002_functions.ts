/**
 * The functions that depend on no table: the search normalisation the products' generated
 * columns and indexes use, and the trigger function behind every table's updated_at. Their
 * bodies are in migrations/functions.ts.
 */
import type { Knex } from 'knex';
import { CJK_SPACED, NORMALIZE_SEARCH, SET_UPDATED_AT } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(NORMALIZE_SEARCH);
  await knex.raw(CJK_SPACED);
  await knex.raw(SET_UPDATED_AT);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists set_updated_at()');
  await knex.raw('drop function if exists cjk_spaced(text)');
  await knex.raw('drop function if exists normalize_search(text)');
}
