/**
 * normalizeSearch: the browser twin of the database function normalize_search
 * (NORMALIZE_SEARCH in migrations/functions.ts), so that offline search over the local
 * copy of the catalogue matches what the server would find. Lowercases; strips Arabic
 * diacritics and tatweel; folds alef, teh marbuta, alef maksura and hamza carriers; maps
 * Arabic-Indic and Persian digits to ASCII. server/db/migrations.test.ts checks the two
 * agree.
 */

const FOLD: Record<string, string> = {
  '\u0623': '\u0627', // أ -> ا
  '\u0625': '\u0627', // إ -> ا
  '\u0622': '\u0627', // آ -> ا
  '\u0671': '\u0627', // ٱ -> ا
  '\u0629': '\u0647', // ة -> ه
  '\u0649': '\u064a', // ى -> ي
  '\u0624': '\u0648', // ؤ -> و
  '\u0626': '\u064a', // ئ -> ي
};
for (let i = 0; i < 10; i++) {
  FOLD[String.fromCharCode(0x0660 + i)] = String(i);
  FOLD[String.fromCharCode(0x06f0 + i)] = String(i);
}

const PATTERN = /[\u064b-\u065f\u0670\u0640\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626\u0660-\u0669\u06f0-\u06f9]/g;

export function normalizeSearch(value: string): string {
  return value.toLowerCase().replace(PATTERN, (ch) => FOLD[ch] ?? '');
}
