/**
 * Catalogue search, ranked, on the two search columns of products (migration
 * 20261122000013) and their GIN indexes. The term is normalised in SQL
 * with normalize_search(), the function that built the columns, so hamza forms, teh
 * marbuta, alef maksura, diacritics and case never stop a match. The term's forms are
 * computed by a search's first statement (formsSql), once per term and database handle
 * (knownFormsOf), and are values of the queries that follow; no query normalises product
 * text row by row.
 *
 * A product matches when
 * - every word of the term is a word of it (search_vector: Arabic and Latin words after
 *   normalisation, English stems so "cements" finds "cement", and Chinese characters as
 *   a phrase so 水泥 finds 普通硅酸盐水泥), or
 * - the whole term is a substring of its text (search_text, trigram index: "اسمنت" finds
 *   "الأسمنت"); only for terms with a run of 3 letters, below which a trigram index has
 *   nothing to look up and the query would scan the table.
 * Ranked: exact name (normalised, so a name with diacritics is exactly the term without
 * them), name starting with the term, word match, substring; newest first within a rank.
 *
 * Bounded work (figures: docs/PERFORMANCE.md, 2026-11-22). Ranking reads every product it
 * ranks, and a common word matches thousands, all of the same rank but for their age; so
 * a search ranks at most the first SEARCH_CANDIDATES matches the indexes yield, and
 * counts no further. A term with more matches is "capped": its total is
 * SEARCH_CANDIDATES with `capped` set (X-Total-Count-Capped: true, "more than this"), its
 * pages end there, and two more sets join the ranking so that capping does not lose what
 * ranks first: every product whose name is exactly the term (an index lookup), and the
 * matches among the FRESH_WINDOW newest products (a short walk of the newest-first
 * index), so the first page still shows exact names and the newest matches.
 *
 * Typo-tolerant matches (pg_trgm word similarity: "cemnt" finds "cement") come after all
 * of those, and only for terms whose exact matches do not fill one page (FUZZY_BELOW):
 * similarity is computed row by row, and a term of two words whose second one is rare
 * ("اسمنت 12") is similar to every product with the first, thousands of them. So at most
 * FUZZY_CANDIDATES typo matches are ranked, by similarity, and the total says when there
 * were more. The rule depends on the term alone, so every page of one search agrees on
 * the total; and the matches found first are the same on every page: the connection
 * settings (server/db/connection-settings.ts) rule out synchronised and parallel scans,
 * and give <% its threshold.
 */
import type { Knex } from 'knex';
import type { Language } from '../../../shared/constants';
import type { Product } from '../../../shared/schemas/product';
import { normalizeSearch } from '../../../shared/search';
import type { Page } from '../../db/page';
import { applyCatalogueFilter, NEWEST_FIRST, productsInOrder, type CatalogueFilter } from './queries';
import { cachedByCatalogue, VERSION_SQL } from './catalogue-cache';

/** Matches ranked at most; a term with more is capped (its total is this, and "more"). */
export const SEARCH_CANDIDATES = 1000;
/** A capped term also ranks its matches among this many newest products. */
const FRESH_WINDOW = 1000;
/** Exact matches fewer than this let typo-tolerant ones follow them. */
const FUZZY_BELOW = 20;
/** Typo matches ranked at most (their threshold: WORD_SIMILARITY_THRESHOLD, server/db/connection-settings.ts). */
export const FUZZY_CANDIDATES = 200;
/** Words of a term that take part in the word match (a search box, not a document). */
const MAX_WORDS = 8;

const RANK = { exact: 4, prefix: 3, word: 2, substring: 1, fuzzy: 0 } as const;

/** The columns the ranking reads, for the walk of the newest products. */
const SEARCH_COLUMNS = ['id', 'created_at', 'supplier_id', 'category_id', 'deleted_at', 'search_text', 'search_vector'];

interface Sql {
  sql: string;
  bindings: Knex.RawBinding[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The term as typed (spaces collapsed) and its words. */
function terms(raw: string) {
  const term = raw.replace(/\s+/g, ' ').trim();
  const words = term.split(' ').slice(0, MAX_WORDS);
  return { term, words, escaped: escapeLike(term), trigrams: /[\p{L}\p{N}]{3}/u.test(normalizeSearch(term)) };
}

type Terms = ReturnType<typeof terms>;

/**
 * The select list that computes a term's forms with the database's own functions, once
 * per search (in its first statement, with the catalogue's version): `normal`, the
 * normalised term; `pattern`, the normalised term escaped for LIKE; `words`, the tsquery
 * of its words as text (each word its 'simple' form, Chinese characters spaced into a
 * phrase (cjk_spaced), or its English stem; all words must match). The search queries
 * take these as values: writing the functions into them instead made the planner inline
 * and fold normalize_search some twenty times per query, half of its planning time.
 */
function formsSql(t: Terms): Sql {
  const words = t.words.map(() => `(phraseto_tsquery('simple', cjk_spaced(normalize_search(?))) || plainto_tsquery('english', ?))`).join(' && ');
  return {
    sql: `normalize_search(?) as normal, normalize_search(?) as pattern, (${words})::text as words`,
    bindings: [t.term, t.escaped, ...t.words.flatMap((w) => [w, w])],
  };
}

/** A term's forms, as formsSql computes them. */
interface Forms {
  term: string;
  normal: string;
  pattern: string;
  words: string;
  trigrams: boolean;
}

const formsOf = (t: Terms, row: { normal: string; pattern: string; words: string }): Forms => ({
  term: t.term,
  normal: row.normal,
  pattern: row.pattern,
  words: row.words,
  trigrams: t.trigrams,
});

/** Forms remembered per database handle, at most this many terms (as many as the page cache holds pages). */
const MAX_KNOWN_FORMS = 500;
const knownForms = new WeakMap<Knex, Map<string, Forms>>();

/**
 * The term's forms as an earlier search computed them, if one did. They depend on the term
 * alone (normalize_search and cjk_spaced are immutable, the text search configurations
 * fixed), so a search of a known term reads only the catalogue's version, the statement a
 * list page makes, instead of normalising the term in the database on every answer the
 * page cache gives.
 */
function knownFormsOf(db: Knex, term: string): { forms?: Forms; remember(f: Forms): void } {
  let known = knownForms.get(db);
  if (!known) knownForms.set(db, (known = new Map()));
  const memo = known;
  const forms = memo.get(term);
  if (forms) {
    // Least recently used first, as in the page cache.
    memo.delete(term);
    memo.set(term, forms);
  }
  return {
    forms,
    remember(f) {
      memo.set(term, f);
      if (memo.size > MAX_KNOWN_FORMS) memo.delete(memo.keys().next().value!);
    },
  };
}

/** Whether a product matches: the OR of indexable conditions, so Postgres ORs their bitmaps. */
function matchSql(f: Forms): Sql {
  const parts = ['p.search_vector @@ ?::tsquery'];
  const bindings: Knex.RawBinding[] = [f.words];
  if (f.trigrams) {
    parts.push('p.search_text like ?');
    bindings.push(`%${f.pattern}%`);
  }
  return { sql: `(${parts.join(' or ')})`, bindings };
}

/**
 * The live products named exactly the term, normalised: a lookup of
 * products_name_search_idx (migration 20261122000013), the `named` CTE of exactQuery.
 */
function namedSql(db: Knex, f: Forms) {
  return db('products as n').whereNull('n.deleted_at').whereRaw('normalize_search(n.name) = ?', [f.normal]).select('n.id');
}

/**
 * The rank of a matching product (RANK). Exact names come from the `named` CTE; the other
 * tests read search_text, which starts with the normalised name, so no name is normalised
 * again per row (normalize_search costs tens of microseconds on Arabic text).
 */
function rankSql(f: Forms): Sql {
  return {
    sql: `case
      when p.id in (select id from named) then ${RANK.exact}
      when p.search_text like ? then ${RANK.prefix}
      when p.search_vector @@ ?::tsquery then ${RANK.word}
      ${f.trigrams ? `when p.search_text like ? then ${RANK.substring}` : ''}
      else ${RANK.fuzzy} end`,
    bindings: [`${f.pattern}%`, f.words, ...(f.trigrams ? [`%${f.pattern}%`] : [])],
  };
}

/** Matching products of `from` (aliased p), each with its rank. */
function ranked(db: Knex, from: Knex.QueryBuilder, f: Forms, filter: CatalogueFilter) {
  const match = matchSql(f);
  const rank = rankSql(f);
  return applyCatalogueFilter(from, filter)
    .whereRaw(match.sql, match.bindings)
    .select('p.id', 'p.created_at', db.raw(`${rank.sql} as rank`, rank.bindings));
}

/**
 * The query of one ranked page of exact matches: its ids, `found`, the number of matches
 * up to SEARCH_CANDIDATES + 1 (one row with a null id when the page is empty), and when
 * there are fewer than FUZZY_BELOW, `all_ids`, all of them in rank order, for the typos
 * to follow.
 */
function exactQuery(db: Knex, f: Forms, filter: CatalogueFilter, page: { limit: number; offset: number }) {
  const found = ranked(db, db('products as p'), f, filter).limit(SEARCH_CANDIDATES + 1);
  const named = ranked(db, db('products as p'), f, filter).whereRaw('p.id in (select id from named)');
  const newest = db('products as p').whereNull('p.deleted_at').orderBy(NEWEST_FIRST).limit(FRESH_WINDOW).select(SEARCH_COLUMNS.map((c) => `p.${c}`));
  // Walked only when capped: a one-time filter skips it otherwise.
  const fresh = ranked(db, db.from(newest.as('p')), f, filter).whereRaw('(select n from counted) > ?', [SEARCH_CANDIDATES]);
  return db.raw(
    `with named as materialized (?),
          found as materialized (?),
          counted as (select count(*)::int as n from found),
          candidates as (select id, created_at, rank from found union ? union ?)
     select c.n as found, page.id,
            case when c.n < ? then (select array_agg(id::text order by rank desc, created_at desc, id desc) from candidates) end as all_ids
       from counted c
       left join lateral (select id from candidates order by rank desc, created_at desc, id desc limit ? offset ?) page on true`,
    [namedSql(db, f), found, named, fresh, FUZZY_BELOW, page.limit, page.offset],
  );
}

/**
 * The query of one page of typo matches, those not among the exact matches `exact`
 * (all of them, fewer than FUZZY_BELOW): its ids by similarity, and `typos`, their number
 * up to FUZZY_CANDIDATES + 1. <% takes its threshold from the connection
 * (pg_trgm.word_similarity_threshold, server/db/connection-settings.ts).
 */
function fuzzyQuery(db: Knex, f: Forms, filter: CatalogueFilter, exact: string[], page: { limit: number; offset: number }) {
  const typos = applyCatalogueFilter(db('products as p'), filter)
    .whereRaw('? <% p.search_text', [f.normal])
    .whereRaw('p.id <> all(?::uuid[])', [exact])
    .select('p.id', 'p.created_at', db.raw('word_similarity(?, p.search_text) as score', [f.normal]))
    .limit(FUZZY_CANDIDATES + 1);
  return db.raw(
    `with typos as materialized (?)
     select (select count(*)::int from typos) as typos, page.id
       from (select 1) one
       left join lateral (select id from typos order by score desc, created_at desc, id desc limit ? offset ?) page on true`,
    [typos, page.limit, page.offset],
  );
}

interface RankedPage {
  ids: string[];
  total: number;
  capped: boolean;
}

const idsOf = (rows: Array<{ id: string | null }>) => rows.map((r) => r.id).filter((id): id is string => id !== null);

/** The ranked ids of one page and the total: exact matches, then typo matches when few. */
async function rankPage(db: Knex, f: Forms, filter: CatalogueFilter, page: { limit: number; offset: number }): Promise<RankedPage> {
  const { rows } = await exactQuery(db, f, filter, page);
  const found = Number(rows[0].found);
  if (found > SEARCH_CANDIDATES) {
    // The pages of a capped search end at SEARCH_CANDIDATES.
    return { ids: idsOf(rows).slice(0, Math.max(0, SEARCH_CANDIDATES - page.offset)), total: SEARCH_CANDIDATES, capped: true };
  }
  if (found >= FUZZY_BELOW || !f.trigrams) return { ids: idsOf(rows), total: found, capped: false };

  // Typo matches follow the exact ones: this page is the rest of the exact ones, then typos.
  const exact: string[] = rows[0].all_ids ?? [];
  const fromExact = exact.slice(page.offset, page.offset + page.limit);
  const typoPage = { offset: Math.max(0, page.offset - exact.length), limit: page.limit - fromExact.length };
  const typoRows = (await fuzzyQuery(db, f, filter, exact, typoPage)).rows;
  const typos = Number(typoRows[0].typos);
  const total = exact.length + Math.min(typos, FUZZY_CANDIDATES);
  const ids = [...fromExact, ...idsOf(typoRows)].slice(0, Math.max(0, total - page.offset));
  return { ids, total, capped: typos > FUZZY_CANDIDATES };
}

/**
 * A ranked page of the products matching `search` (non-empty after trimming). One
 * statement reads the catalogue's version for the page cache and the term's forms (only
 * the version once the term's forms are known); a search the cache has not seen then
 * takes the exact query, the typo query when needed, and the products' rows: four round
 * trips at most. A page the cache answers costs one primary-key lookup, as a list page.
 */
export async function searchProducts(
  db: Knex,
  language: Language,
  search: string,
  filter: CatalogueFilter,
  page: { limit: number; offset: number },
  version?: number,
): Promise<Page<Product>> {
  const t = terms(search);
  const key = JSON.stringify(['search', t.term, filter.category_id ?? null, filter.supplier_id ?? null, page.limit, page.offset, language]);
  const compute = (f: Forms) => async () => {
    const { ids, total, capped } = await rankPage(db, f, filter, page);
    return { items: await productsInOrder(db, language, ids), total, ...(capped ? { capped } : {}) };
  };
  const known = knownFormsOf(db, t.term);
  if (known.forms) return cachedByCatalogue(db, key, compute(known.forms), version);
  const forms = formsSql(t);
  const { rows } = await db.raw(`select ${VERSION_SQL} as version, ${forms.sql}`, forms.bindings);
  const f = formsOf(t, rows[0]);
  known.remember(f);
  return cachedByCatalogue(db, key, compute(f), Number(rows[0].version));
}

/**
 * The SQL of one search query as searchProducts runs it, for EXPLAIN and the benchmark's
 * baseline: the ranked page, or with `fuzzy` the page of typo matches after no exact ones.
 */
export async function searchSql(
  db: Knex,
  search: string,
  opts: { filter?: CatalogueFilter; limit?: number; offset?: number; fuzzy?: boolean } = {},
): Promise<Knex.Sql> {
  const page = { limit: opts.limit ?? 20, offset: opts.offset ?? 0 };
  const t = terms(search);
  const forms = formsSql(t);
  const f = formsOf(t, (await db.raw(`select ${forms.sql}`, forms.bindings)).rows[0]);
  const filter = opts.filter ?? {};
  return (opts.fuzzy ? fuzzyQuery(db, f, filter, [], page) : exactQuery(db, f, filter, page)).toSQL();
}

/**
 * Every product matching `search` in rank order, as far as a search ranks (its candidates
 * and typo matches), with the total and whether it was capped: for an order other than
 * relevance, which sorts the whole match, not one page of it.
 */
export async function searchMatches(db: Knex, search: string, filter: CatalogueFilter): Promise<RankedPage> {
  const t = terms(search);
  const forms = formsSql(t);
  const { rows } = await db.raw(`select ${forms.sql}`, forms.bindings);
  return rankPage(db, formsOf(t, rows[0]), filter, { limit: SEARCH_CANDIDATES + FUZZY_CANDIDATES, offset: 0 });
}
