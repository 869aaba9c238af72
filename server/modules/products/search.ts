/**
 * Catalogue search, ranked, on the two search columns of products (migrations
 * 20261122000013 and 20261122020000) and their GIN indexes. The term is normalised in SQL
 * with normalize_search(), the function that built the columns, so hamza forms, teh
 * marbuta, alef maksura, diacritics and case never stop a match.
 *
 * A product matches when
 * - every word of the term is a word of it (search_vector: Arabic and Latin words after
 *   normalisation, English stems so "cements" finds "cement", and Chinese characters as
 *   a phrase so 水泥 finds 普通硅酸盐水泥), or
 * - the whole term is a substring of its text (search_text, trigram index: "اسمنت" finds
 *   "الأسمنت"); only for terms with a run of 3 letters, below which a trigram index has
 *   nothing to look up and the query would scan the table.
 * Ranked: exact name, name starting with the term, word match, substring; newest first
 * within a rank.
 *
 * Typo-tolerant matches (pg_trgm word similarity: "cemnt" finds "cement") come after all
 * of those, and only for terms whose exact matches do not fill one page (FUZZY_BELOW):
 * similarity is computed row by row, which a common word matching thousands of products
 * cannot afford within the 50 ms budget, and there a typo's matches would only be noise.
 * The rule depends on the term alone, so every page of one search agrees on the total.
 */
import type { Knex } from 'knex';
import type { Language } from '../../../shared/constants';
import type { Product } from '../../../shared/schemas/product';
import { normalizeSearch } from '../../../shared/search';
import type { Page } from '../../db/page';
import { applyCatalogueFilter, productsInOrder, type CatalogueFilter } from './queries';
import { cachedByCatalogue } from './catalogue-cache';

/** Exact matches fewer than this let typo-tolerant ones follow them. */
export const FUZZY_BELOW = 20;
/**
 * The word similarity a typo must reach (pg_trgm's default, 0.6, misses "cemnt" for
 * "cement": 4 shared trigrams of 9 is 0.44).
 */
export const FUZZY_THRESHOLD = 0.4;
/** Words of a term that take part in the word match (a search box, not a document). */
const MAX_WORDS = 8;

const RANK = { exact: 4, prefix: 3, word: 2, substring: 1, fuzzy: 0 } as const;

interface Sql {
  sql: string;
  bindings: Knex.RawBinding[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The parts of the search SQL for one term. */
function terms(raw: string) {
  const term = raw.replace(/\s+/g, ' ').trim();
  const words = term.split(' ').slice(0, MAX_WORDS);
  // Each word: its 'simple' form (Chinese characters spaced into a phrase, see
  // cjk_spaced) or its English stem; all words must match.
  const tsquery: Sql = {
    sql: words.map(() => `(phraseto_tsquery('simple', cjk_spaced(normalize_search(?))) || plainto_tsquery('english', ?))`).join(' && '),
    bindings: words.flatMap((w) => [w, w]),
  };
  const escaped = escapeLike(term);
  return {
    term,
    tsquery,
    escaped,
    trigrams: /[\p{L}\p{N}]{3}/u.test(normalizeSearch(term)),
  };
}

type Terms = ReturnType<typeof terms>;

/** Whether a product matches: the OR of indexable conditions, so Postgres ORs their bitmaps. */
function matchSql(t: Terms, fuzzy: boolean): Sql {
  const parts = [`p.search_vector @@ (${t.tsquery.sql})`];
  const bindings = [...t.tsquery.bindings];
  if (t.trigrams) {
    parts.push(`p.search_text like '%' || normalize_search(?) || '%'`);
    bindings.push(t.escaped);
  }
  if (fuzzy) {
    parts.push('normalize_search(?) <% p.search_text');
    bindings.push(t.term);
  }
  return { sql: `(${parts.join(' or ')})`, bindings };
}

/**
 * The rank of a matching product (RANK). search_text starts with the normalised name, so
 * the name tests read it rather than normalising each name again: normalize_search costs
 * tens of microseconds on Arabic text (translate with a long list), too much for
 * thousands of matches. The name is exactly the term when search_text continues with the
 * space before the description and the name is as long as the term; a name with
 * diacritics is longer than its normalised form, and ranks as a prefix match.
 */
function rankSql(t: Terms): Sql {
  return {
    sql: `case
      when p.search_text like normalize_search(?) || '%'
        then case when p.search_text like normalize_search(?) || ' %' and char_length(p.name) = char_length(normalize_search(?))
          then ${RANK.exact} else ${RANK.prefix} end
      when p.search_vector @@ (${t.tsquery.sql}) then ${RANK.word}
      ${t.trigrams ? `when p.search_text like '%' || normalize_search(?) || '%' then ${RANK.substring}` : ''}
      else ${RANK.fuzzy} end`,
    bindings: [t.escaped, t.escaped, t.term, ...t.tsquery.bindings, ...(t.trigrams ? [t.escaped] : [])],
  };
}

/** The query of one ranked page of ids, each row with the total of matches (one scan). */
function rankedQuery(db: Knex, t: Terms, filter: CatalogueFilter, page: { limit: number; offset: number }, fuzzy: boolean) {
  const match = matchSql(t, fuzzy);
  const rank = rankSql(t);
  const hits = applyCatalogueFilter(db('products as p'), filter)
    .whereRaw(match.sql, match.bindings)
    .select(
      'p.id',
      'p.created_at',
      db.raw(`${rank.sql} as rank`, rank.bindings),
      fuzzy ? db.raw('word_similarity(normalize_search(?), p.search_text) as score', [t.term]) : db.raw('0 as score'),
      db.raw('count(*) over () as total'),
    );
  return db
    .select('h.id', 'h.total')
    .from(hits.as('h'))
    .orderBy([
      { column: 'h.rank', order: 'desc' },
      { column: 'h.score', order: 'desc' },
      { column: 'h.created_at', order: 'desc' },
      { column: 'h.id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
}

async function rankedIds(
  db: Knex,
  t: Terms,
  filter: CatalogueFilter,
  page: { limit: number; offset: number },
  fuzzy: boolean,
): Promise<{ ids: string[]; total: number | undefined }> {
  const rows: Array<{ id: string; total: number | string }> = await rankedQuery(db, t, filter, page, fuzzy);
  // An empty first page means no match; an empty later page says nothing about the total.
  const total = rows.length ? Number(rows[0].total) : page.offset === 0 ? 0 : undefined;
  return { ids: rows.map((r) => r.id), total };
}

async function countMatches(db: Knex, t: Terms, filter: CatalogueFilter, fuzzy: boolean): Promise<number> {
  const match = matchSql(t, fuzzy);
  const row = await applyCatalogueFilter(db('products as p'), filter)
    .whereRaw(match.sql, match.bindings)
    .count<{ count: number | string }[]>('* as count')
    .first();
  return Number(row?.count ?? 0);
}

/** The ranked ids of one page and the total: exact matches, then typo matches when few. */
async function rankPage(
  db: Knex,
  t: Terms,
  filter: CatalogueFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const exact = await rankedIds(db, t, filter, page, false);
  const total = exact.total ?? (await countMatches(db, t, filter, false));
  if (total >= FUZZY_BELOW || !t.trigrams) return { ids: exact.ids, total };
  // <% takes its threshold from a setting; SET LOCAL keeps it to this transaction.
  return db.transaction(async (trx) => {
    await trx.raw(`set local pg_trgm.word_similarity_threshold = ${FUZZY_THRESHOLD}`);
    const withTypos = await rankedIds(trx, t, filter, page, true);
    return { ids: withTypos.ids, total: withTypos.total ?? (await countMatches(trx, t, filter, true)) };
  });
}

/** A ranked page of the products matching `search` (non-empty after trimming). */
export async function searchProducts(
  db: Knex,
  language: Language,
  search: string,
  filter: CatalogueFilter,
  page: { limit: number; offset: number },
): Promise<Page<Product>> {
  const t = terms(search);
  const key = JSON.stringify(['search', t.term, filter.category_id ?? null, filter.supplier_id ?? null, page.limit, page.offset, language]);
  return cachedByCatalogue(db, key, async () => {
    const { ids, total } = await rankPage(db, t, filter, page);
    return { items: await productsInOrder(db, language, ids), total };
  });
}

/** The SQL of one search page as searchProducts runs it, for EXPLAIN and the benchmark's baseline. */
export function searchSql(
  db: Knex,
  search: string,
  opts: { filter?: CatalogueFilter; limit?: number; offset?: number; fuzzy?: boolean } = {},
): Knex.Sql {
  const page = { limit: opts.limit ?? 20, offset: opts.offset ?? 0 };
  return rankedQuery(db, terms(search), opts.filter ?? {}, page, opts.fuzzy ?? false).toSQL();
}
