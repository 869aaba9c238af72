#!/usr/bin/env node
/**
 * The browser half of `npm test`: build the client, check the landing page's JavaScript
 * budget, then run Playwright against the real server on a free port with a fresh
 * database holding the demo data. Without a Chromium it says so in one loud line and
 * exits 0, unless REQUIRE_BROWSER=1, which makes that a failure. BROWSER_TESTS=0 skips
 * this half, saying so (CI runs the browser tests once, in its Postgres pass).
 *
 * The database: embedded PGlite in a new data directory, or, when TEST_DATABASE_URL is
 * set, a new Postgres database next to the one it names (`<name>_e2e_<pid>`), created
 * here and dropped afterwards. A new one each run, because the demo data is only seeded
 * into an empty database and the tests expect it as seeded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireBrowser = process.env.REQUIRE_BROWSER === '1';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs one statement on the Postgres server `url` points at, connected to the database it
 * names, or to `postgres` when that one does not exist (yet).
 */
async function onServer(url, sql) {
  let client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    if (err.code !== '3D000') throw err; // invalid_catalog_name: no such database
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
  }
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database beside the one `url` names; returns its URL and how to drop it. */
async function freshPostgres(url) {
  const parsed = new URL(url);
  const name = `${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}_e2e_${process.pid}`.slice(0, 63);
  const quoted = pg.escapeIdentifier(name);
  await onServer(url, `drop database if exists ${quoted} with (force)`);
  await onServer(url, `create database ${quoted}`);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return { name, url: parsed.toString(), drop: () => onServer(url, `drop database if exists ${quoted} with (force)`) };
}

if (process.env.BROWSER_TESTS === '0') {
  console.log('== browser tests not run in this pass (BROWSER_TESTS=0)');
  process.exit(0);
}

run('npx', ['vite', 'build', '--logLevel', 'warn']);
run('node', ['scripts/check-size.mjs', 'dist']);

if (!existsSync(chromium)) {
  console.error(`!!!!! BROWSER TESTS SKIPPED: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH) !!!!!`);
  process.exit(requireBrowser ? 1 : 0);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'binaa-e2e-'));
const env = { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(await freePort()), E2E_DATA_DIR: dataDir };
// The server Playwright starts inherits this environment: a DATABASE_URL of the shell
// (a developer's own database) must not become the test server's.
delete env.DATABASE_URL;
delete env.E2E_DATABASE_URL;
const postgres = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : undefined;
if (postgres) {
  env.E2E_DATABASE_URL = postgres.url;
  console.log(`browser tests on Postgres, database ${postgres.name} (dropped afterwards)`);
} else {
  console.log('browser tests on embedded PGlite');
}
// Ctrl-C reaches Playwright too; this process waits for it to end and then cleans up.
const stay = () => {};
process.on('SIGINT', stay);
process.on('SIGTERM', stay);
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
rmSync(dataDir, { recursive: true, force: true });
if (postgres) await postgres.drop().catch((err) => console.error(`could not drop ${postgres.name}: ${err.message}`));
process.exit(result.status ?? 1);
