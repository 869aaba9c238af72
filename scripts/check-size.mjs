#!/usr/bin/env node
/**
 * The landing page's JavaScript budget: the gzip size of the entry chunk of index.html,
 * of the modules the entry imports itself (statically, or dynamically: main.tsx loads the
 * app a group per task before its first render), and of every chunk those import
 * statically (followed transitively through the Vite manifest), i.e. the JavaScript the
 * browser must load before the landing page is interactive. Lazy routes (dynamic imports
 * of the app's modules) are excluded, and so is the service worker's registration, which
 * main.tsx loads once the page has loaded and gone idle. Deterministic: gzip level 9 of
 * the files on disk. Exits 1 over budget.
 *
 *   node scripts/check-size.mjs [distDir] [--json]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170 * 1024;

/** What the entry imports once the page has loaded and gone idle (manifest keys). */
const AFTER_LOAD = new Set(['app/pwa/serviceWorker.ts']);

/** The chunks (manifest keys) the landing page loads before it is interactive. */
export function initialChunks(manifest, entryKey = 'index.html') {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const imported of manifest[entryKey].dynamicImports ?? []) if (!AFTER_LOAD.has(imported)) visit(imported);
  return [...seen];
}

export function measureLanding(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const files = initialChunks(manifest).map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const rows = files.map((file) => {
    const bytes = readFileSync(path.join(distDir, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  return { rows, total, budget: BUDGET_BYTES };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist');
  const result = measureLanding(distDir);
  if (args.includes('--json')) {
    console.log(JSON.stringify(result));
  } else {
    for (const row of result.rows) console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${row.file}`);
    const verdict = result.total <= result.budget ? 'within' : 'OVER';
    console.log(
      `landing page initial JS: ${(result.total / 1024).toFixed(1)} KB gzip (${verdict} the budget of ${result.budget / 1024} KB)`,
    );
  }
  if (result.total > result.budget) process.exit(1);
}
