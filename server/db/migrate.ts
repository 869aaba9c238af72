/**
 * Applies the knex migrations of migrations/. They are imported statically (see
 * migrations/index.ts) rather than found on disk, so the same code runs under tsx, vitest
 * and the benchmarks without a TypeScript loader for knex's dynamic import.
 */
import type { Knex } from 'knex';
import { migrations } from '../../migrations/index';

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

export async function migrateLatest(knex: Knex, schema?: string): Promise<void> {
  if (schema) await knex.raw('create schema if not exists ??', [schema]);
  await knex.migrate.latest({ migrationSource: source, schemaName: schema });
}

export async function migrateDown(knex: Knex, schema?: string): Promise<void> {
  await knex.migrate.rollback({ migrationSource: source, schemaName: schema }, true);
}
