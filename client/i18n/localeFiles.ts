/**
 * A locale file as the tests that read every translation see it: its strings by their
 * full key (`kinds.bid.new.title`), read from the files i18next bundles.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The folder of the locale files, one folder per language, one file per namespace. */
export const LOCALE_DIR = path.join(__dirname, 'locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

/** Every string of one namespace in one language, by its full key. */
export function localeStrings(lng: string, ns: string): Record<string, string> {
  return flatten(JSON.parse(readFileSync(path.join(LOCALE_DIR, lng, `${ns}.json`), 'utf8')) as Tree);
}
