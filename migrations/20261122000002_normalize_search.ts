/**
 * normalize_search(text): the form in which catalogue text is indexed and searched, so
 * that a user who types without diacritics, with a different alef or with ه for ة still
 * finds the product. Lowercases; strips Arabic diacritics (U+064B..U+065F, U+0670) and
 * tatweel (U+0640); maps أ إ آ ٱ to ا, ة to ه, ى to ي, ؤ to و, ئ to ي; and Arabic-Indic
 * and Persian digits to ASCII digits. shared/search.ts is its twin for offline search in
 * the browser; server/db/migrations.test.ts checks they agree.
 *
 * IMMUTABLE (lower and translate are) so generated columns and indexes may use it; an
 * SQL-standard body is bound at creation, so it does not depend on the caller's
 * search_path.
 */
import type { Knex } from 'knex';

const range = (from: number, to: number): string =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

// Pairs map one to one; the characters after them in FROM have no partner and are removed.
const MAP_FROM = '\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626' + range(0x0660, 0x0669) + range(0x06f0, 0x06f9);
const MAP_TO = '\u0627\u0627\u0627\u0627\u0647\u064a\u0648\u064a' + '0123456789' + '0123456789';
const REMOVE = range(0x064b, 0x065f) + '\u0670\u0640';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function normalize_search(value text) returns text
      language sql immutable strict parallel safe
      return translate(lower(value), '${MAP_FROM}${REMOVE}', '${MAP_TO}')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists normalize_search(text)');
}
