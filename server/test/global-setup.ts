/**
 * On Postgres (TEST_DATABASE_URL), the extensions are created once in `public` before the
 * test files, which then run their migrations in schemas of their own at the same time.
 */
import pg from 'pg';

export async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm schema public');
    await client.query('create extension if not exists unaccent schema public');
  } finally {
    await client.end();
  }
}
