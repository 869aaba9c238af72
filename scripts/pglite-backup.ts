/**
 * The embedded database's dump and restore (the default without DATABASE_URL, kept in
 * DATA_DIR/pglite):
 *   npm run backup:pglite -- dump FILE      the database as SQL, by pg_dump built for PGlite
 *   npm run backup:pglite -- restore FILE   such a dump into an empty DATA_DIR/pglite
 * PGlite is one process's database: stop the app first (two processes on one directory
 * corrupt it). The dump is plain SQL (INSERTs), so it also loads into a Postgres server
 * (`psql -f FILE`), the way from the embedded default to a server of one's own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import { openPglite } from '../server/db/index';

/** The database in `dataDir` as SQL that `restorePglite` (or psql) loads. */
export async function dumpPglite(dataDir: string): Promise<string> {
  if (!fs.existsSync(dataDir)) throw new Error(`no PGlite database in ${dataDir}`);
  const pg = await openPglite(dataDir);
  try {
    return await (await pgDump({ pg })).text();
  } finally {
    await pg.close();
  }
}

/** Loads a dump into a new database in `dataDir`, which must be empty or absent (a restore never merges). */
export async function restorePglite(sql: string, dataDir: string): Promise<void> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length) throw new Error(`${dataDir} is not empty: restore into a fresh directory`);
  const pg = await openPglite(dataDir);
  try {
    await pg.exec(sql);
  } finally {
    await pg.close();
  }
}

async function main([command, file]: string[]): Promise<void> {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data', 'pglite');
  if (command === 'dump' && file) {
    fs.writeFileSync(file, await dumpPglite(dataDir));
    console.log(`${dataDir} dumped to ${file} (${fs.statSync(file).size} bytes)`);
  } else if (command === 'restore' && file) {
    await restorePglite(fs.readFileSync(file, 'utf8'), dataDir);
    console.log(`${file} restored into ${dataDir}`);
  } else {
    console.error('usage: npm run backup:pglite -- dump FILE | restore FILE   (DATA_DIR as the app has it; the app stopped)');
    process.exit(2);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
