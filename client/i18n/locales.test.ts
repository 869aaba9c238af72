/**
 * The three locales must offer the same strings: same keys per namespace (plural
 * suffixes aside), Arabic plurals with all six CLDR forms, the plural forms each
 * language needs, no empty strings, and the same {{placeholders}} in every language.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from './languages';
import { LOCALE_DIR, localeStrings } from './localeFiles';

const dir = LOCALE_DIR;
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const REQUIRED_FORMS: Record<string, string[]> = {
  ar: ['zero', 'one', 'two', 'few', 'many', 'other'],
  en: ['one', 'other'],
  zh: ['other'],
};

const load = localeStrings;

/** base key → plural forms present (empty set for a plain key). */
function byBase(flat: Record<string, string>): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>();
  for (const key of Object.keys(flat)) {
    const match = key.match(PLURAL_SUFFIX);
    const base = match ? key.slice(0, -match[0].length) : key;
    if (!bases.has(base)) bases.set(base, new Set());
    if (match) bases.get(base)!.add(match[1]);
  }
  return bases;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has one folder per language with a file per namespace', () => {
    for (const { code } of LANGUAGES) {
      expect(readdirSync(path.join(dir, code)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
  });

  for (const ns of NAMESPACES) {
    describe(ns, () => {
      const flat = Object.fromEntries(LANGUAGES.map(({ code }) => [code, load(code, ns)]));
      const bases = Object.fromEntries(LANGUAGES.map(({ code }) => [code, byBase(flat[code])]));

      it('has the same keys in ar, en and zh', () => {
        const arKeys = [...bases.ar.keys()].sort();
        expect([...bases.en.keys()].sort()).toEqual(arKeys);
        expect([...bases.zh.keys()].sort()).toEqual(arKeys);
      });

      it('gives each plural key the forms its language needs, Arabic all six', () => {
        for (const [base, forms] of bases.ar) {
          const plural = forms.size > 0;
          for (const { code } of LANGUAGES) {
            const have = bases[code].get(base)!;
            expect(have.size > 0, `${code}:${ns}:${base} plural in ar but not in ${code}`).toBe(plural);
            if (plural) for (const form of REQUIRED_FORMS[code]) expect(have.has(form), `${code}:${ns}:${base}_${form}`).toBe(true);
          }
        }
      });

      it('has no empty strings and the same placeholders in every language', () => {
        for (const { code } of LANGUAGES) {
          for (const [key, text] of Object.entries(flat[code])) {
            expect(text.trim(), `${code}:${ns}:${key}`).not.toBe('');
          }
        }
        for (const base of bases.ar.keys()) {
          const variants = (code: string) =>
            Object.entries(flat[code])
              .filter(([key]) => key === base || key.replace(PLURAL_SUFFIX, '') === base)
              .map(([, text]) => placeholders(text).filter((p) => p !== 'count'));
          const reference = JSON.stringify([...new Set(variants('ar').flat())].sort());
          for (const code of ['en', 'zh']) {
            expect(JSON.stringify([...new Set(variants(code).flat())].sort()), `${code}:${ns}:${base}`).toBe(reference);
          }
        }
      });
    });
  }
});

describe('error messages', () => {
  it('translates every error code the server can send, in every language', async () => {
    const { ERROR_CODES } = await import('../../shared/errors');
    for (const { code: lng } of LANGUAGES) {
      const errors = load(lng, 'errors');
      const missing = ERROR_CODES.filter((code) => !errors[code]);
      expect(missing, lng).toEqual([]);
    }
  });
});
