/**
 * Distinct search terms a user might type, derived from products' real names, for load
 * that the app's page cache (server/modules/products/catalogue-cache.ts, keyed by the
 * term, page, filters and language) has never seen: no two terms are alike even after
 * normalisation, so every request is a miss however the cache keys them.
 *
 * From a sampled name such as "Red steel 622", "بلاطة حراري 541" or "隔热涂料522" come:
 * a word and the number ("steel 622", "涂料522"), the other word and the number, the name
 * as typed without hamza or with ه for ة ("بلاطه حراري 541"), the name cut part-way as if
 * still typing ("Red steel 6", "Red st"), and a typo ("stel 622", found only by
 * similarity). Prefixes match thousands of products (capped searches); typos take the
 * similarity path; the rest match a handful.
 */
import type { Knex } from 'knex';
import { normalizeSearch } from '../shared/search';
import { prng as random } from '../client/data/sync/testing/prng';

const CJK = /[\u4e00-\u9fff]/u;

/** The parts of a name: two words and a number (Chinese names are written without spaces). */
function parts(name: string): { first: string; second: string; number: string; cjk: boolean } | undefined {
  if (CJK.test(name)) {
    const m = /^(\D{2})(\D+)(\d+)$/u.exec(name);
    return m ? { first: m[1], second: m[2], number: m[3], cjk: true } : undefined;
  }
  const words = name.split(' ');
  return words.length === 3 ? { first: words[0], second: words[1], number: words[2], cjk: false } : undefined;
}

/** The kinds of term, in the order derive() makes them. */
const TERM_KINDS = ['second word + number', 'first word + number', 'name as typed', 'name cut short', 'typo'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

/** One term of kind TERM_KINDS[kind] from a name's parts. */
function derive(p: NonNullable<ReturnType<typeof parts>>, kind: number, rnd: () => number): string {
  const join = (...xs: string[]) => xs.join(p.cjk ? '' : ' ');
  const name = join(p.first, p.second, p.number);
  switch (kind) {
    case 0:
      return join(p.second, p.number);
    case 1:
      return join(p.first, p.number);
    case 2:
      // As typed on a phone: no hamza, ه for ة (Latin and Chinese names stay as they are).
      return name.replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه');
    case 3: {
      // Cut part-way, still typing: at least 2 characters.
      const cut = 2 + Math.floor(rnd() * (name.length - 2));
      return name.slice(0, cut).trim();
    }
    default: {
      // One letter of the second word dropped (a word of at least 4 letters).
      const w = p.second;
      if (p.cjk || w.length < 4) return join(p.second, p.number, p.first);
      const at = 1 + Math.floor(rnd() * (w.length - 2));
      return join(w.slice(0, at) + w.slice(at + 1), p.number);
    }
  }
}

/**
 * `count` distinct terms (distinct after normalize_search, and from `exclude`), in a
 * shuffled order, from names sampled across the whole catalogue, each with its kind.
 */
export async function searchTermsWithKinds(
  knex: Knex,
  count: number,
  opts: { exclude?: string[]; seed?: number } = {},
): Promise<Array<{ term: string; kind: TermKind }>> {
  const rnd = random(opts.seed ?? 11);
  // Every name once, in an order fixed by the seed (names repeat: 48k distinct per language).
  const names: string[] = (await knex('products').whereNull('deleted_at').distinct('name').orderBy('name')).map((r: { name: string }) => r.name);
  for (let i = names.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [names[i], names[j]] = [names[j], names[i]];
  }
  const normal = (term: string) => normalizeSearch(term).replace(/\s+/g, ' ').trim();
  const seen = new Set<string>((opts.exclude ?? []).map(normal));
  const terms: Array<{ term: string; kind: TermKind }> = [];
  for (let i = 0; terms.length < count; i++) {
    if (i >= names.length * 5) throw new Error(`only ${terms.length} distinct terms from ${names.length} names`);
    const p = parts(names[i % names.length]);
    if (!p) continue;
    const kind = i % TERM_KINDS.length;
    const term = derive(p, kind, rnd);
    const key = normal(term);
    if (key.length < 2 || seen.has(key)) continue;
    seen.add(key);
    terms.push({ term, kind: TERM_KINDS[kind] });
  }
  return terms;
}
