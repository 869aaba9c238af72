/**
 * The knex CLI's configuration, so that `npx knex migrate:latest`, `migrate:rollback`,
 * `migrate:list` and `migrate:make <name>` work on the app's database as the server opens
 * it: Postgres when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. Migrations
 * run through the server's own source (migrations/index.ts), so the CLI and the server
 * apply the same list; `migrate:make` writes a TypeScript file from
 * migrations/migration.stub, which then gets its line in that list (until it does, the
 * CLI refuses to migrate rather than skip it).
 *
 * Node 22.18 and later load this file by stripping its types, so it uses erasable syntax
 * only and loads the app's modules through tsx. On Node 20 the knex CLI needs tsx as a
 * loader: NODE_OPTIONS="--import tsx" npx knex migrate:latest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { tsImport } from 'tsx/esm/api';

type Config = typeof import('./server/config.ts');
type Db = typeof import('./server/db/index.ts');
type Migrate = typeof import('./server/db/migrate.ts');

export default async function knexfile(): Promise<Knex.Config> {
  const load = <T>(module: string) => tsImport(module, import.meta.url) as Promise<T>;
  const { loadConfig } = await load<Config>('./server/config.ts');
  const { knexConfig } = await load<Db>('./server/db/index.ts');
  const { migrationSource, unlistedMigrations } = await load<Migrate>('./server/db/migrate.ts');
  const config = loadConfig();
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await knexConfig(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  );
  return {
    ...database,
    migrations: {
      migrationSource: {
        ...migrationSource,
        getMigrations: async (extensions) => {
          const unlisted = unlistedMigrations();
          if (unlisted.length > 0) {
            throw new Error(`migrations/index.ts does not list ${unlisted.join(', ')}: add it there, or it never runs`);
          }
          return migrationSource.getMigrations(extensions);
        },
      },
      extension: 'ts',
      stub: 'migrations/migration.stub',
    },
  };
}
