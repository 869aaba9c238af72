#!/usr/bin/env node
/**
 * The landing page's JavaScript budget, counted as the browser loads `/` until the network
 * is idle, in each of the interface's languages: the entry chunk of index.html, every module
 * the entry imports dynamically (main.tsx's boot groups, the number formats, and the
 * service worker's registration, which it loads once the page has gone idle: the browser
 * still fetches it), every chunk those import statically (followed transitively through
 * the Vite manifest), and the strings of the language shown that are not bundled (the
 * namespaces i18n/index.ts loads before the first render; Arabic's are in the entry's
 * chunks). Lazy routes (the app's screens) are not counted. The largest of the languages
 * is held to the budget. Deterministic: gzip level 9 of the files on disk. Exits 1 over
 * budget.
 *
 *   node scripts/check-size.mjs [distDir] [--json]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;

/** The interface's languages (shared/constants.ts LANGUAGES). */
const LANGUAGES = ['ar', 'en', 'zh'];
/** The namespaces loaded before the first render (i18n/index.ts `ns`). */
const BOOT_NAMESPACES = ['common', 'landing'];

/** The chunks (manifest keys) the landing page loads in `language`. */
export function landingChunks(manifest, language, entryKey = 'index.html') {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const imported of manifest[entryKey].dynamicImports ?? []) visit(imported);
  let lazyStrings = 0;
  for (const namespace of BOOT_NAMESPACES) {
    const key = `i18n/locales/${language}/${namespace}.json`;
    if (!manifest[key]) continue;
    visit(key);
    lazyStrings++;
  }
  // English is never bundled: finding none of its strings means the keys moved, not that they are free.
  if (language === 'en' && lazyStrings === 0) throw new Error('manifest has no English strings under i18n/locales/en/');
  return [...seen];
}

export function measureLanding(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const sizes = new Map();
  const gzipOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = readFileSync(path.join(distDir, file));
      sizes.set(file, { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  const languages = LANGUAGES.map((language) => {
    const rows = landingChunks(manifest, language)
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'))
      .map(gzipOf);
    return { language, rows, total: rows.reduce((sum, row) => sum + row.gzip, 0) };
  });
  const largest = languages.reduce((a, b) => (b.total > a.total ? b : a));
  return { rows: largest.rows, total: largest.total, language: largest.language, languages, budget: BUDGET_BYTES };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
  const result = measureLanding(distDir);
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  if (args.includes('--json')) {
    console.log(JSON.stringify(result));
  } else {
    for (const row of result.rows) console.log(`${kb(row.gzip).padStart(7)} KB gzip  ${row.file}`);
    console.log(result.languages.map((l) => `${l.language} ${kb(l.total)} KB (${l.rows.length} files)`).join(', '));
    const verdict = result.total <= result.budget ? 'within' : 'OVER';
    console.log(
      `landing page JS as loaded, largest language (${result.language}): ${kb(result.total)} KB gzip (${verdict} the budget of ${result.budget / 1024} KB)`,
    );
  }
  if (result.total > result.budget) process.exit(1);
}
