/**
 * `npm start`'s client build, skipped when dist/ was built from the same sources and
 * lockfile: a newcomer's restart then goes straight to the server instead of spending most
 * of its time rebuilding an identical bundle.
 *
 * What the bundle depends on is hashed: every file under client/ and shared/ (tests
 * excepted: they are not in the bundle), the build's configuration (vite.config.ts,
 * tsconfig.json), the lockfile (the dependencies' versions) and this script. A finished
 * build writes the hash to dist/.sources-sha256; Vite empties dist/ when a build starts,
 * so a build that fails half way leaves no stamp and the next start builds again. Any
 * other build of dist/ (the browser tests' own, `npm run build`) removes the stamp the
 * same way, so the next start rebuilds rather than trusting a bundle of unknown origin.
 *
 * Usage: node scripts/build-client.mjs   (BUILD=always forces the build)
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const STAMP = '.sources-sha256';
const TREES = ['client', 'shared'];
const FILES = ['vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build-client.mjs'];
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function walk(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && !isTest(name))
    .flatMap((name) => walk(root, path.join(rel, name)));
}

/** The sha256 of every input of the client build under `root`, by path and content. */
export function sourcesHash(root) {
  const hash = createHash('sha256');
  const files = [...TREES.flatMap((tree) => walk(root, tree)), ...FILES.filter((f) => existsSync(path.join(root, f)))];
  for (const rel of files.map((f) => f.split(path.sep).join('/')).sort()) {
    hash.update(rel).update('\0').update(readFileSync(path.join(root, rel))).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds the client under `root` unless dist/ holds a build of the same sources.
 * `build` runs the build (true when it succeeded); `log` says which way it went.
 * Answers 'skipped' or 'built'; throws when the build fails.
 */
export function buildClient({ root, build, log, force = false }) {
  const hash = sourcesHash(root);
  const stampFile = path.join(root, 'dist', STAMP);
  const built = existsSync(path.join(root, 'dist', 'index.html')) && existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (!force && built === hash) {
    log(`client: dist/ was built from these sources and lockfile (sha256 ${hash.slice(0, 12)}), skipping the build`);
    return 'skipped';
  }
  log(built ? `client: sources changed since dist/ was built (sha256 ${built.slice(0, 12)} → ${hash.slice(0, 12)}), building` : 'client: no build of these sources in dist/, building');
  if (!build()) throw new Error('client build failed');
  writeFileSync(stampFile, `${hash}\n`);
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const viteBuild = () => spawnSync('npx', ['vite', 'build', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' }).status === 0;
  try {
    buildClient({ root, build: viteBuild, log: (line) => console.log(line), force: process.env.BUILD === 'always' });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
