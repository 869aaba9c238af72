/**
 * `npm start`'s build step: a restart over the same sources and lockfile skips the build
 * and says so; a changed source, lockfile or configuration builds again, and so does a
 * dist/ without a stamp (a build that stopped half way, or one made some other way).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildClient } from './build-client.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function project() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'binaa-build-'));
  roots.push(root);
  for (const [file, text] of Object.entries({
    'client/main.tsx': 'export {}',
    'client/main.test.ts': 'test',
    'shared/vat.ts': 'export const RATE = 0.15',
    'vite.config.ts': 'export default {}',
    'package-lock.json': '{"lockfileVersion":3}',
  })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const builds: number[] = [];
  const log: string[] = [];
  // What Vite does: empty dist/ (the stamp too), then write the bundle.
  const build = () => {
    rmSync(path.join(root, 'dist'), { recursive: true, force: true });
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'dist/index.html'), '<!doctype html>');
    builds.push(builds.length + 1);
    return true;
  };
  const start = () => buildClient({ root, build, log: (line: string) => log.push(line) });
  return { root, builds, log, start, write: (file: string, text: string) => writeFileSync(path.join(root, file), text) };
}

describe('the client build of npm start', () => {
  it('builds the first time, then skips while the sources and the lockfile stay the same, and says so', () => {
    const p = project();
    expect(p.start()).toBe('built');
    expect(p.start()).toBe('skipped');
    expect(p.builds).toHaveLength(1);
    expect(p.log.at(-1)).toMatch(/dist\/ was built from these sources and lockfile .*skipping the build/);
  });

  it('builds again when a source, the lockfile or the configuration changes, not when a test does', () => {
    const p = project();
    p.start();
    p.write('client/main.test.ts', 'another test');
    expect(p.start()).toBe('skipped');
    p.write('shared/vat.ts', 'export const RATE = 0.05');
    expect(p.start()).toBe('built');
    p.write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect(p.start()).toBe('built');
    p.write('vite.config.ts', 'export default { base: "/" }');
    expect(p.start()).toBe('built');
    expect(p.start()).toBe('skipped');
    expect(p.log.filter((l) => /sources changed/.test(l))).toHaveLength(3);
  });

  it('builds when dist/ has no stamp of its sources (a build made otherwise, or one that failed)', () => {
    const p = project();
    p.start();
    rmSync(path.join(p.root, 'dist/.sources-sha256'));
    expect(p.start()).toBe('built');
    const failed = () => {
      rmSync(path.join(p.root, 'dist'), { recursive: true, force: true });
      return false;
    };
    p.write('shared/vat.ts', 'export const RATE = 0.05');
    expect(() => buildClient({ root: p.root, build: failed, log: () => {} })).toThrow(/client build failed/);
    expect(p.start()).toBe('built');
  });
});
