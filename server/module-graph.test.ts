/**
 * The server's module graph, held to the list below as client/layering.test.ts holds the
 * client's layers. A module is a folder of server/modules/ (an area), a folder of server/
 * (infrastructure: http, db, auth, storage, seed, test) or a file of server/ (clock,
 * config, serial-drain, test-writes). An edge is a value import (`import … from`,
 * `export … from`, a bare `import '…'` or `import('…')`) of a file that is not a test;
 * `import type` is left out, since the compiler erases it: it orders no module's loading
 * and runs nothing of the other side.
 *
 * - The graph has no cycle: modules that import each other cannot be read, tested or
 *   split one at a time, and one of them always starts with the other half-loaded.
 * - Its edges are exactly ALLOWED: a new dependency between areas is a decision, written
 *   here, not a side effect of an import.
 * - The composition root (app.ts, routes.ts, main.ts and server/registry/: the tables of
 *   every area's sync mutations, loaders, policies, settlers and sweeps) may import any
 *   module, and nothing but tests and test support imports it. That is where one area is
 *   plugged into another's extension point (the sync registry, the card payments'
 *   settlers) instead of the two importing each other.
 * - Test support (server/test) may import anything; no module imports it.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = __dirname;
const COMPOSITION_ROOT = 'root';
const ROOT_FILES = new Set(['app.ts', 'routes.ts', 'main.ts']);

/** What each module may import (besides itself and shared/, which imports no server code). */
const ALLOWED: Record<string, string[]> = {
  account: ['audit', 'db', 'deliveries', 'http', 'profiles', 'subscriptions'],
  admin: ['audit', 'db', 'http', 'notifications', 'products', 'profiles', 'projects', 'subscriptions'],
  audit: ['db'],
  auth: [],
  'card-gateway': ['auth', 'config', 'http'],
  categories: ['db', 'http'],
  clock: [],
  company: ['audit', 'auth', 'db', 'deliveries', 'http', 'profiles', 'sync'],
  'commercial-register': ['company', 'config', 'http', 'tiers'],
  config: ['development-settings'],
  'development-settings': [],
  'data-export': ['auth', 'company', 'deliveries', 'disputes', 'goods-receipts', 'http', 'instant-orders', 'invoices', 'notifications', 'payments', 'photos', 'products', 'profiles', 'projects', 'purchase-orders', 'purchase-requests', 'push', 'rfqs', 'serial-drain', 'sites', 'storage', 'subscriptions', 'transport'],
  db: [],
  deliveries: ['auth', 'db', 'http', 'notifications', 'purchase-orders', 'storage', 'sync', 'transport'],
  disputes: ['db', 'http', 'invoices', 'notifications', 'purchase-orders', 'sync'],
  'e-invoicing': ['auth', 'company', 'config', 'http'],
  'goods-receipts': ['db', 'http', 'notifications', 'purchase-orders', 'storage', 'sync'],
  health: ['db', 'http'],
  http: ['auth', 'db'],
  'instant-orders': ['auth', 'db', 'http', 'notifications', 'plan-limits', 'purchase-orders', 'purchase-requests', 'sites', 'sync'],
  invoices: ['audit', 'auth', 'company', 'db', 'e-invoicing', 'http', 'notifications', 'purchase-orders', 'serial-drain'],
  live: ['auth', 'http', 'push'],
  metrics: ['http'],
  notifications: ['db', 'http', 'sync'],
  ocds: ['db', 'http'],
  openapi: ['http'],
  payments: ['audit', 'card-gateway', 'db', 'http', 'invoices', 'notifications', 'storage', 'sync'],
  photos: ['auth', 'config', 'db', 'deliveries', 'goods-receipts', 'http', 'payments', 'plan-limits', 'products', 'projects', 'storage', 'sync'],
  'plan-limits': ['db'],
  products: ['auth', 'categories', 'db', 'http', 'plan-limits', 'rfqs', 'sync'],
  profiles: ['db', 'http', 'instant-orders', 'products', 'projects', 'sync', 'transport'],
  projects: ['audit', 'auth', 'db', 'http', 'notifications', 'scorecards', 'storage', 'sync'],
  'purchase-orders': ['db', 'http', 'notifications', 'sync'],
  'purchase-requests': ['audit', 'db', 'http', 'notifications', 'purchase-orders', 'sites', 'sync'],
  push: ['auth', 'db', 'http', 'serial-drain'],
  'quick-signup': ['http'],
  reviews: ['auth', 'db', 'http', 'notifications', 'products', 'profiles', 'sync', 'transport'],
  rfqs: ['audit', 'auth', 'db', 'http', 'notifications', 'purchase-orders', 'purchase-requests', 'scorecards', 'sites', 'sync'],
  scorecards: ['db', 'http', 'purchase-orders', 'serial-drain'],
  seed: ['photos', 'projects', 'purchase-orders', 'scorecards', 'tiers'],
  'serial-drain': [],
  sites: ['auth', 'db', 'http', 'notifications', 'purchase-orders', 'sync'],
  session: ['auth', 'http', 'profiles'],
  storage: ['db'],
  subscriptions: ['card-gateway', 'db', 'http', 'invoices', 'notifications', 'plan-limits', 'sync'],
  sync: ['db', 'http'],
  'test-writes': [],
  tiers: ['audit', 'company', 'db', 'http', 'notifications', 'profiles'],
  transport: ['auth', 'db', 'http', 'notifications', 'scorecards', 'sync'],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith('.ts') && !/\.(test|d)\.ts$/.test(name) ? [full] : [];
  });
}

/** The module a server file belongs to. */
function moduleOf(file: string): string {
  const [first, second] = path.relative(root, file).split(path.sep);
  if (first === 'modules') return second;
  if (first === 'registry' || ROOT_FILES.has(first)) return COMPOSITION_ROOT;
  return first.replace(/\.ts$/, '');
}

/** The file (or folder's index) an import names, or null for a package or shared/. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const full = path.resolve(path.dirname(file), specifier);
  if (path.relative(root, full).startsWith('..')) return null;
  return existsSync(full) && statSync(full).isDirectory() ? path.join(full, 'index.ts') : `${full.replace(/\.ts$/, '')}.ts`;
}

/** Value imports of a source: `import type` and `export type` left out, as are imports whose every name is a type. */
function valueImports(source: string): string[] {
  const found = source.matchAll(/^(import|export)\s+(?!type\s)([^'";]*?)\s*from\s+'([^']+)'|^import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm);
  return [...found]
    .filter((m) => !m[2] || !/^\{[^}]*\}$/.test(m[2].trim()) || m[2].replace(/[{}\s]/g, '').split(',').some((name) => name && !name.startsWith('type')))
    .map((m) => m[3] ?? m[4] ?? m[5]);
}

interface Edge {
  from: string;
  to: string;
  /** the file and import that make it */
  via: string;
}

const edges: Edge[] = files(root).flatMap((file) =>
  valueImports(readFileSync(file, 'utf8')).flatMap((specifier) => {
    const to = target(file, specifier);
    if (!to) return [];
    const [a, b] = [moduleOf(file), moduleOf(to)];
    return a === b ? [] : [{ from: a, to: b, via: `${path.relative(root, file)} -> ${specifier}` }];
  }),
);

/** The module graph: each module's imports. */
const graph = new Map<string, Set<string>>();
for (const e of edges) {
  if (!graph.has(e.from)) graph.set(e.from, new Set());
  graph.get(e.from)!.add(e.to);
}

/** A cycle of the graph as a path (a -> b -> a), or null. */
function findCycle(g: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (m: string): string[] | null => {
    if (state.get(m) === 'done') return null;
    if (state.get(m) === 'open') return [...stack.slice(stack.indexOf(m)), m];
    state.set(m, 'open');
    stack.push(m);
    for (const next of [...(g.get(m) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(m, 'done');
    return null;
  };
  for (const m of [...g.keys()].sort()) {
    const cycle = visit(m);
    if (cycle) return cycle;
  }
  return null;
}

describe('server module graph', () => {
  it('found the server sources and their imports', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(graph.get(COMPOSITION_ROOT)?.size).toBeGreaterThan(20);
  });

  it('has no cycle', () => {
    const cycle = findCycle(graph);
    const vias = cycle?.slice(1).map((to, i) => edges.find((e) => e.from === cycle[i] && e.to === to)!.via);
    expect(cycle && { cycle: cycle.join(' -> '), via: vias }).toBeNull();
  });

  it('has exactly the edges ALLOWED lists, so a new one is added on purpose', () => {
    const listed = new Set(Object.entries(ALLOWED).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`)));
    const actual = new Map(edges.filter((e) => e.from !== COMPOSITION_ROOT && e.from !== 'test').map((e) => [`${e.from} -> ${e.to}`, e.via]));
    const unlisted = [...actual].filter(([edge]) => !listed.has(edge)).map(([edge, via]) => `${edge} (${via})`);
    const unused = [...listed].filter((edge) => !actual.has(edge));
    expect({ unlisted, unused }).toEqual({ unlisted: [], unused: [] });
  });

  it('lets only tests and test support import the composition root, and no module import test support', () => {
    const offenders = edges.filter((e) => (e.to === COMPOSITION_ROOT && e.from !== 'test') || e.to === 'test').map((e) => e.via);
    expect(offenders).toEqual([]);
  });

  it('lists no cycle itself', () => {
    const listed = new Map(Object.entries(ALLOWED).map(([from, tos]) => [from, new Set(tos)]));
    expect(findCycle(listed)).toBeNull();
  });
});
