/**
 * Chinese search by substring, through the full-text index. Chinese writes words without
 * spaces, so the text-search parser saw '普通硅酸盐水泥' as one word, and the trigram
 * index cannot serve a search of one or two characters (水泥, 砖): a LIKE '%水泥%' has no
 * trigram to look up and scans the table. cjk_spaced() puts spaces around every CJK
 * ideograph, so search_vector holds each character as its own word with its position,
 * and a phrase query ('水' <-> '泥') finds any run of characters through the GIN index.
 *
 * search_vector is rebuilt with the 'simple' half over cjk_spaced text; the English half
 * (stems) is unchanged. Latin and Arabic text is untouched by cjk_spaced.
 */
import type { Knex } from 'knex';

const TEXT = `name || ' ' || coalesce(description, '')`;

// CJK Unified Ideographs, Extension A, and Compatibility Ideographs.
const CJK_CLASS = '[\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff]';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function cjk_spaced(value text) returns text
      language sql immutable strict parallel safe
      return regexp_replace(value, '(${CJK_CLASS})', ' \\1 ', 'g')`);
  await knex.raw('alter table products drop column search_vector');
  await knex.raw(
    `alter table products add column search_vector tsvector
       generated always as (
         to_tsvector('simple'::regconfig, cjk_spaced(normalize_search(${TEXT})))
         || to_tsvector('english'::regconfig, ${TEXT})
       ) stored`,
  );
  await knex.raw('create index products_search_vector_idx on products using gin (search_vector)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table products drop column search_vector');
  await knex.raw(
    `alter table products add column search_vector tsvector
       generated always as (
         to_tsvector('simple'::regconfig, normalize_search(${TEXT}))
         || to_tsvector('english'::regconfig, ${TEXT})
       ) stored`,
  );
  await knex.raw('create index products_search_vector_idx on products using gin (search_vector)');
  await knex.raw('drop function if exists cjk_spaced(text)');
}
