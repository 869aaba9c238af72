/**
 * On Postgres (TEST_DATABASE_URL), the extensions are created once in `public` before the
 * test files, which then run their migrations in schemas of their own at the same time.
 * On the embedded PGlite (one connection, so no two transactions race), the race tests
 * skip themselves; one line says how many files that is and how to run them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const ROOTS = ['server', 'shared', 'migrations', 'client', 'bench'];

/** Test files whose tests run only on Postgres (a describe.runIf(onPostgres) block). */
function postgresOnlyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : postgresOnlyFiles(full);
    return entry.name.endsWith('.test.ts') && /\.runIf\(onPostgres\)/.test(readFileSync(full, 'utf8')) ? [full] : [];
  });
}

export async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const files = ROOTS.flatMap((root) => postgresOnlyFiles(root));
    console.log(`${files.length} test files hold race tests that run only on Postgres (skipped here); run them with TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server`);
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm schema public');
    await client.query('create extension if not exists unaccent schema public');
  } finally {
    await client.end();
  }
}
