/**
 * Applies the knex migrations of migrations/. They are imported statically (see
 * migrations/index.ts) rather than found on disk, so the same code runs under tsx, vitest
 * and the benchmarks without a TypeScript loader for knex's dynamic import. The knex CLI
 * (knexfile.ts) runs them through the same source.
 */
import fs from 'node:fs';
import type { Knex } from 'knex';
import { migrations } from '../../migrations/index';

/**
 * Each migration as `{ file }`, the shape knex's file source gives and `knex migrate:list` prints.
 * @public knexfile.ts loads it through tsImport, which knip does not follow.
 */
export const migrationSource = migrationsUpTo();

/** The migrations up to and including `last` (all of them without it), as a knex source. */
function migrationsUpTo(last?: string): Knex.MigrationSource<{ file: string }> {
  return {
    getMigrations: async () =>
      Object.keys(migrations)
        .sort()
        .filter((file) => last === undefined || file <= last)
        .map((file) => ({ file })),
    getMigrationName: (migration) => migration.file,
    getMigration: async (migration) => migrations[migration.file],
  };
}

/** A migration's file name: the timestamp `knex migrate:make` gives it, then its name. */
const MIGRATION_FILE = /^(\d{14}_\w+)\.ts$/;

/**
 * Migration files in migrations/ that migrations/index.ts does not list (a new one from
 * `knex migrate:make` until its line is added there): they would never run.
 */
export function unlistedMigrations(dir: string | URL = new URL('../../migrations/', import.meta.url)): string[] {
  return fs
    .readdirSync(dir)
    .map((file) => MIGRATION_FILE.exec(file)?.[1])
    .filter((name): name is string => name !== undefined && !(name in migrations))
    .sort();
}

/** Applies every migration, or those up to and including `upTo`. */
export async function migrateLatest(knex: Knex, schema?: string, upTo?: string): Promise<void> {
  if (schema) await knex.raw('create schema if not exists ??', [schema]);
  await knex.migrate.latest({ migrationSource: upTo ? migrationsUpTo(upTo) : migrationSource, schemaName: schema });
}

export async function migrateDown(knex: Knex, schema?: string): Promise<void> {
  await knex.migrate.rollback({ migrationSource, schemaName: schema }, true);
}
