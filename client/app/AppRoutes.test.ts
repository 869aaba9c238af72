/**
 * A screen's translations load with its code (AppRoutes.tsx's `named`). A namespace left
 * out loads only when the first component using it renders, say a project card's tender
 * line once the cards arrive from the local store: that component suspends, and React
 * hides the screen already shown behind the spinner until the strings have arrived (on a
 * slow phone, seconds of a blank screen). This reads the route table and each screen's
 * static imports, and checks that every namespace a screen's components ask for is
 * declared with it or is already loaded by the signed-in layout around it.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT = path.resolve(__dirname, '..');
const ROUTES = path.join(CLIENT, 'app/AppRoutes.tsx');

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The namespaces `useTranslation` and namespaced keys name in `file` and every client module it imports
 * statically. A dynamic import() is a lazy chunk with its own loading, so it is not
 * followed; nor is the i18n module itself (it loads the namespaces, it uses none).
 */
function namespacesUsed(file: string, seen = new Set<string>(), used = new Set<string>()): Set<string> {
  if (seen.has(file) || !file.startsWith(CLIENT) || file.startsWith(path.join(CLIENT, 'i18n'))) return used;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (!args.trim()) used.add('common');
    for (const [, ns] of args.matchAll(/'([\w-]+)'/g)) used.add(ns);
  }
  // A key with its namespace, t('tender:phase.open'): shown as the bare key until that namespace is loaded.
  for (const [, ns] of source.matchAll(/\bt\('([\w-]+):/g)) used.add(ns);
  for (const [, specifier] of source.matchAll(/^(?:import|export)\b[^'";]*?from '([^']+)'/gm)) {
    const target = resolveImport(file, specifier);
    if (target) namespacesUsed(target, seen, used);
  }
  return used;
}

/** The route table's lazy screens: `named(() => import('…'), 'Name', ['ns', …])`. */
function screens() {
  const source = readFileSync(ROUTES, 'utf8');
  return [...source.matchAll(/named\(\(\) => import\('([^']+)'\), '(\w+)'(?:, \[([^\]]*)\])?\)/g)].map(([, specifier, name, list]) => ({
    name,
    file: resolveImport(ROUTES, specifier)!,
    declared: Array.from((list ?? '').matchAll(/[\w-]+/g), ([ns]) => ns),
  }));
}

describe('the route table', () => {
  const all = screens();
  // Loaded before any signed-in screen shows: 'common' at start, the layout's own (those it uses and those it declares) as it first renders.
  const layout = new Set([...namespacesUsed(path.join(CLIENT, 'app/AppLayout.tsx')), ...all.find((s) => s.name === 'AppLayout')!.declared]);

  it('finds every lazy screen and its module', () => {
    expect(all.map((s) => s.name)).toEqual(expect.arrayContaining(['AppLayout', 'ProjectsScreen', 'ProductsScreen', 'ServicesScreen', 'TransportScreen']));
    expect(all.length).toBeGreaterThanOrEqual(19);
    for (const screen of all) expect(screen.file, screen.name).not.toBeNull();
  });

  it('finds the namespaces a screen uses through its components', () => {
    // ProjectsScreen names only 'projects'; its cards bring the tender and transport lines.
    expect([...namespacesUsed(all.find((s) => s.name === 'ProjectsScreen')!.file)]).toEqual(expect.arrayContaining(['projects', 'tender', 'transport']));
  });

  it.each(screens().map((s) => [s.name, s] as const))('%s declares every namespace its components use', (_name, screen) => {
    const missing = [...namespacesUsed(screen.file)].filter((ns) => !screen.declared.includes(ns) && !layout.has(ns));
    expect(missing).toEqual([]);
  });
});
