/**
 * npm run audit:verify: walks the audit trail's hash chain (server/modules/audit/chain.ts)
 * in the database the app uses (DATABASE_URL, else the embedded PGlite in DATA_DIR/pglite,
 * as server/main.ts chooses) and prints "ok" with the number of rows, or the first broken
 * row and exits 1. Read-only; on the embedded default, stop the app first (PGlite is one
 * process's database).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/index';
import { verifyChain } from '../server/modules/audit/chain';

async function main(): Promise<number> {
  const config = loadConfig();
  const dataDir = `${config.dataDir}/pglite`;
  if (!config.databaseUrl && !fs.existsSync(dataDir)) {
    console.error(`no database: DATABASE_URL is unset and ${dataDir} does not exist`);
    return 2;
  }
  const db = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolMax: 1 } : { dataDir });
  try {
    const result = await verifyChain(db.knex);
    if (result.ok) {
      console.log(`ok: ${result.count} audit rows, the chain whole`);
      return 0;
    }
    const what = result.reason === 'prev_hash' ? 'does not chain to the row before it (a row removed or inserted before it)' : 'does not match its content (the row was changed)';
    console.error(`broken: audit row ${result.broken_id} ${what}; ${result.count - 1} rows before it verified`);
    return 1;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
