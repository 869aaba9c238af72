/**
 * A number of things in a sentence takes the plural form its language asks for: Arabic
 * has six (بند واحد، بندان، ٣ بنود، ١١ بندًا، ١٠٠ بند), English two, Chinese one. i18next
 * picks the form only from the option named `count`, so a count must reach t() as `count`
 * (a raw number: the form is chosen from it, the text formats it with {{count, number}}),
 * and a string that shows it must carry every form of Intl.PluralRules for its language.
 * A count passed under another name ("{{lines}} بند") gets one fixed form for every number:
 * "٢ بند", "1 lines".
 *
 * A number that stands alone, after a label's colon or inside brackets ("بنود بلا عرض: ٣"),
 * needs no plural form; a position ("الصورة ٣", `n`) is not a count.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from './languages';
import { localeStrings } from './localeFiles';

const clientDir = path.join(__dirname, '..');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Names the screens and the server's notification params give to a number of things. */
const COUNT_NAMES = ['lines', 'days', 'bid_count', 'create', 'update', 'unchanged', 'invalid', 'quoted', 'good', 'bad', 'gaps'];

const load = localeStrings;
const baseOf = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** Each {{name}} of a text with the characters around it. */
function placeholders(text: string) {
  return [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => ({
    name: m[1]!,
    before: text.slice(0, m.index),
    after: text.slice(m.index! + m[0].length),
  }));
}

/** A number on its own: after a colon or an opening bracket, before punctuation or the end. */
function standsAlone({ before, after }: { before: string; after: string }): boolean {
  return /(^|[:：(（,，،;؛]\s*)$/.test(before) && /^\s*($|[.,،؛;:)）。，、！!])/.test(after);
}

/** Every locale string, as `lng:ns:key` → text. */
const strings = LANGUAGES.flatMap(({ code }) => NAMESPACES.flatMap((ns) => Object.entries(load(code, ns)).map(([key, text]) => ({ lng: code, ns, key, text }))));

/** For each language and namespace, the base keys that have plural forms, with their forms. */
const pluralForms = new Map<string, Set<string>>();
for (const { lng, ns, key } of strings) {
  const form = key.match(PLURAL_SUFFIX)?.[1];
  if (!form) continue;
  const id = `${lng}:${ns}:${baseOf(key)}`;
  if (!pluralForms.has(id)) pluralForms.set(id, new Set());
  pluralForms.get(id)!.add(form);
}

describe('counts in translated sentences', () => {
  it('give every string that shows {{count}} all the plural forms of its language', () => {
    const offenders: string[] = [];
    for (const { lng, ns, key, text } of strings) {
      if (!placeholders(text).some((p) => p.name === 'count')) continue;
      const have = pluralForms.get(`${lng}:${ns}:${baseOf(key)}`) ?? new Set();
      const missing = new Intl.PluralRules(lng).resolvedOptions().pluralCategories.filter((form) => !have.has(form));
      if (missing.length) offenders.push(`${lng}:${ns}:${baseOf(key)} lacks ${missing.join(', ')}`);
    }
    expect([...new Set(offenders)]).toEqual([]);
  });

  it('show the number of a plural string as {{count}}, not under another name', () => {
    const offenders = strings
      .filter(({ key }) => PLURAL_SUFFIX.test(key))
      .filter(({ text }) => placeholders(text).some((p) => p.name === 'n' || (COUNT_NAMES.includes(p.name) && !standsAlone(p))))
      .map(({ lng, ns, key, text }) => `${lng}:${ns}:${key} ${text}`);
    expect(offenders).toEqual([]);
  });

  it('pass a number of things next to its noun as count, so the noun takes its plural form', () => {
    const offenders = strings
      .filter(({ text }) => placeholders(text).some((p) => COUNT_NAMES.includes(p.name) && !standsAlone(p)))
      .map(({ lng, ns, key, text }) => `${lng}:${ns}:${key} ${text}`);
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'i18n' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The options object of the call whose `{` is at `start`, by matching braces. */
function objectAt(source: string, start: number): string {
  let depth = 0;
  for (let i = start; i < source.length; i++) {
    if (source[i] === '{') depth++;
    else if (source[i] === '}' && --depth === 0) return source.slice(start, i + 1);
  }
  return source.slice(start);
}

describe('calls of a plural string', () => {
  const arPlural = (ns: string, key: string) => pluralForms.has(`ar:${ns}:${key}`);

  it('pass the count as count, a number, so i18next picks the form', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(clientDir)) {
      const source = readFileSync(file, 'utf8');
      const fileNamespaces = [...source.matchAll(/useTranslation\(\s*\[?([^)\]]*)/g)]
        .flatMap((m) => [...m[1]!.matchAll(/'([\w-]+)'/g)].map((q) => q[1]!));
      const namespaces = fileNamespaces.length ? [...fileNamespaces, 'common'] : ['common'];
      for (const call of source.matchAll(/\bt\(\s*'([\w.:-]+)'\s*(,\s*)?/g)) {
        const [whole, literal] = call;
        const [ns, key] = literal!.includes(':') ? literal!.split(':') : [undefined, literal!];
        if (!(ns ? [ns] : namespaces).some((n) => arPlural(n, key!))) continue;
        const where = `${path.relative(clientDir, file)}: t('${literal}')`;
        if (!call[2]) {
          offenders.push(`${where} without a count`);
          continue;
        }
        const options = source[call.index! + whole.length] === '{' ? objectAt(source, call.index! + whole.length) : '';
        const count = options.match(/\bcount\s*(:\s*([^,}]+))?/);
        if (!count) offenders.push(`${where} without a count`);
        else if (count[2] && /^\s*(format\.)?number\(|String\(/.test(count[2])) offenders.push(`${where} passes count as text`);
        else if (/\bn\s*:/.test(options)) offenders.push(`${where} passes its number again as n`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
