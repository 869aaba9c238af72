/**
 * The client's import boundaries, checked as a lint rule would be:
 * - only client/data/ talks to the network (fetch) and to Dexie's database, engine and
 *   store; REST calls live in client/data/api/<area>.ts, the only files that use the API
 *   client, so a feature's three paths stay apart: it reads through its queries.ts, writes
 *   through the outbox (mutations.ts) and calls REST through data/api;
 * - a feature reaches the local store only through its queries.ts (live queries) and
 *   mutations.ts; components and screens call hooks, never Dexie or fetch;
 * - the service worker and client/data/sync stay free of React;
 * - layers read top-down: the shell (app/) puts features together, features use ui/ and
 *   data/, and nothing below the shell imports from it; ui/ and data/ import no feature;
 * - the route paths (paths.ts) import nothing, so the service worker can read them;
 * - live queries go through data/local/useLiveQuery, not dexie-react-hooks' own.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(__dirname);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'locales' || name === 'public' ? [] : files(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every import of a file, `import type` and re-exports included. */
function allImports(source: string): string[] {
  return [...source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** An import as a path from client/ ('app/paths'), or the package name as written. */
function resolved(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return path.relative(root, path.join(root, path.dirname(file), specifier)).split(path.sep).join('/');
}

/** Value imports (not `import type`) of a file. */
function valueImports(source: string): string[] {
  return [...source.matchAll(/^import\s+(?!type\s)[^'"]*?from\s+'([^']+)'|^import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
}

const all = files(root).map((file) => ({ file: path.relative(root, file), source: readFileSync(file, 'utf8') }));
const inData = (f: string) => f.startsWith(`data${path.sep}`);
/** The service worker and its own modules (sw-*.ts): it fetches and caches for the pages. */
const isServiceWorker = (f: string) => f === 'sw.ts' || /^sw-[\w-]+\.ts$/.test(f);
const isDataAccess = (f: string) => /^features\/[^/]+\/(queries|mutations)\.ts$/.test(f.split(path.sep).join('/'));

describe('client layering', () => {
  it('found the client sources', () => {
    expect(all.length).toBeGreaterThan(50);
  });

  it('lets only client/data call fetch', () => {
    const offenders = all.filter(({ file, source }) => !inData(file) && !isServiceWorker(file) && /(^|[^.\w])fetch\(/.test(source)).map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('lets only client/data and features/*/queries.ts|mutations.ts import Dexie', () => {
    const offenders = all
      .filter(({ file, source }) => !inData(file) && !isDataAccess(file) && valueImports(source).some((i) => i === 'dexie' || i === 'dexie-react-hooks'))
      .map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('makes REST calls only in client/data/api/', () => {
    // data/api/client is the instance that sends requests; data/api (its index) defines the
    // client and its error classes, which screens import to tell errors apart.
    const offenders = all
      .filter(({ file }) => !file.startsWith(`data${path.sep}api${path.sep}`))
      .flatMap(({ file, source }) => valueImports(source).map((i) => [file, resolved(file, i)] as const))
      .filter(([, target]) => target === 'data/api/client')
      .map(([file]) => file);
    expect(offenders).toEqual([]);
    const clients = all.filter(({ file, source }) => !file.startsWith(`data${path.sep}api${path.sep}`) && /\bcreateApiClient\(/.test(source)).map((f) => f.file);
    expect(clients).toEqual([]);
  });

  it('keeps components and screens off the database, the engine and the store', () => {
    const forbidden = /data\/(db|sync|effects)\//;
    const offenders = all
      .filter(({ file }) => !inData(file) && !isDataAccess(file) && !isServiceWorker(file))
      .flatMap(({ file, source }) => valueImports(source).filter((i) => forbidden.test(i)).map((i) => `${file} -> ${i}`));
    expect(offenders).toEqual([]);
  });

  it('keeps the sync engine and the database free of React, so the service worker can run them', () => {
    const offenders = all
      .filter(({ file }) => /^data\/(sync|db|effects)\//.test(file.split(path.sep).join('/')))
      .filter(({ source }) => valueImports(source).some((i) => /^react|i18next/.test(i)))
      .map((f) => f.file);
    expect(offenders).toEqual([]);
  });

  it('keeps features, ui and data (and everything else below the shell) from importing app/', () => {
    const offenders = all
      .filter(({ file }) => !file.startsWith(`app${path.sep}`) && file !== 'main.tsx')
      .flatMap(({ file, source }) => allImports(source).map((i) => [file, resolved(file, i)] as const))
      .filter(([, target]) => target === 'app' || target.startsWith('app/'))
      .map(([file, target]) => `${file} -> ${target}`);
    expect(offenders).toEqual([]);
  });

  it('keeps ui and data from importing features', () => {
    const offenders = all
      .filter(({ file }) => /^(ui|data)\//.test(file.split(path.sep).join('/')))
      .flatMap(({ file, source }) => allImports(source).map((i) => [file, resolved(file, i)] as const))
      .filter(([, target]) => target.startsWith('features/'))
      .map(([file, target]) => `${file} -> ${target}`);
    expect(offenders).toEqual([]);
  });

  it('keeps the route paths a leaf module', () => {
    const paths = all.find((f) => f.file === 'paths.ts');
    expect(paths).toBeDefined();
    expect(allImports(paths!.source)).toEqual([]);
  });

  it('reads the local store through the one live-query hook', () => {
    const offenders = all.filter(({ source }) => allImports(source).includes('dexie-react-hooks')).map((f) => f.file);
    expect(offenders).toEqual([]);
  });
});
