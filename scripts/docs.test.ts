/**
 * The docs say what the code has. A sync mutation a doc names (`rfq.update`) exists in
 * the shared contract (or is a notification kind, which shares the naming), and the
 * dependency table of docs/ARCHITECTURE.md names every package package.json installs,
 * each with why it is used rather than hand-written code, and no package it no longer has.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MUTATIONS } from '../shared/mutations';
import { NOTIFICATION_KINDS } from '../shared/schemas/notification';

const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('the docs', () => {
  it('name only mutations the shared contract has', () => {
    const names = new Set<string>([...Object.keys(MUTATIONS), ...NOTIFICATION_KINDS]);
    // A quoted `area.verb` whose area is a mutation's (`payment.ts` is a file, not a verb).
    const areas = new Set(Object.keys(MUTATIONS).map((n) => n.split('.')[0]));
    const file = /^(ts|tsx|mjs|js|json|md)$/;
    const unknown = docs.flatMap((doc) =>
      [...read(doc).matchAll(/`([a-z]+(?:_[a-z]+)*)\.([a-z]+(?:_[a-z]+)*)`/g)]
        .filter(([, area, verb]) => areas.has(area) && !file.test(verb) && !names.has(`${area}.${verb}`))
        .map(([quoted]) => `${doc}: ${quoted}`),
    );
    expect(unknown).toEqual([]);
  });

  it('give every installed package a line in the dependency table, and list none that is gone', () => {
    const pkg = JSON.parse(read('package.json')) as Record<'dependencies' | 'devDependencies' | 'overrides', Record<string, string>>;
    const installed = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)];
    const architecture = read('docs/ARCHITECTURE.md');
    const table = architecture.slice(architecture.indexOf('## Dependencies and why'));
    const cells = [...table.matchAll(/^\| ([^|]+) \| [^|]+ \|$/gm)].map(([, cell]) => cell).filter((cell) => cell !== 'package' && !cell.startsWith('---'));
    // "koa-session (keygrip, its own)": each name before, between or in the brackets; "workbox-*" a family.
    const named = cells.flatMap((cell) => cell.split(/[,()]/).map((part) => part.trim().split(' ')[0]).filter(Boolean));
    const listed = (name: string) => named.some((n) => n === name || (n.endsWith('*') && name.startsWith(n.slice(0, -1))));
    expect(installed.filter((name) => !listed(name))).toEqual([]);
    // The first name of each entry is a package (families and the override included).
    const heads = cells.flatMap((cell) => cell.replace(/\([^)]*\)/g, '').split(',').map((part) => part.trim().split(' ')[0]));
    const known = [...installed, ...Object.keys(pkg.overrides)];
    expect(heads.filter((head) => !known.some((name) => name === head || (head.endsWith('*') && name.startsWith(head.slice(0, -1)))))).toEqual([]);
  });
});
