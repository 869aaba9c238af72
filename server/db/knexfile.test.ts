/**
 * The knex CLI on the app's database through the root knexfile.ts: `migrate:latest` applies
 * the list of migrations/index.ts, the same the server runs, and a migration file that list
 * lacks is refused rather than skipped. Runs on the embedded PGlite in a fresh DATA_DIR.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index';
import { openDatabase } from './index';
import { unlistedMigrations } from './migrate';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-knexfile-'));

afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** `npx knex <args>` as a developer runs it: with tsx as the loader (which Node 20 needs), or plain. */
function knex(...args: string[]) {
  return knexWith({ NODE_OPTIONS: '--import tsx' }, ...args);
}

function knexWith(extra: NodeJS.ProcessEnv, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: path.join(temp, 'data'), ...extra };
  delete env.DATABASE_URL;
  if (!extra.NODE_OPTIONS) delete env.NODE_OPTIONS;
  return run(process.execPath, [path.join(root, 'node_modules/knex/bin/cli.js'), ...args, '--knexfile', 'knexfile.ts'], {
    cwd: root,
    env,
  });
}

describe('knexfile.ts', () => {
  it('migrate:latest applies every migration of migrations/index.ts to the embedded database', async () => {
    const { stdout } = await knex('migrate:latest');
    expect(stdout).toContain(`Batch 1 run: ${Object.keys(migrations).length} migrations`);

    const db = await openDatabase({ dataDir: path.join(temp, 'data', 'pglite') });
    try {
      const rows = await db.knex('knex_migrations').orderBy('id').pluck('name');
      expect(rows).toEqual(Object.keys(migrations).sort());
      expect(await db.knex.schema.hasTable('products')).toBe(true);
    } finally {
      await db.close();
    }
  }, 240_000);

  // Node 22.18 and later strip TypeScript's types themselves (Node 20 does not).
  it.runIf(Boolean((process.features as { typescript?: unknown }).typescript))('migrate:list reads knexfile.ts without a loader where Node strips types', async () => {
    const { stdout } = await knexWith({}, 'migrate:list');
    // Every migration is listed, applied or pending (this test may run alone, before any).
    for (const name of Object.keys(migrations)) expect(stdout).toContain(name);
  }, 240_000);

  it('lists no migration file that migrations/index.ts leaves out', () => {
    expect(unlistedMigrations()).toEqual([]);
  });

  it('names a migration file missing from migrations/index.ts', () => {
    const dir = path.join(temp, 'migrations');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '20990101000000_new_table.ts'), '');
    fs.writeFileSync(path.join(dir, `${Object.keys(migrations)[0]}.ts`), '');
    fs.writeFileSync(path.join(dir, 'helpers.ts'), '');
    expect(unlistedMigrations(dir)).toEqual(['20990101000000_new_table']);
  });
});
