/**
 * One server under load, in a process of its own so that autocannon (in the parent) and
 * the server do not share an event loop. Modes:
 *   app <schema>              the real app on the benchmark schema
 *   pg <schema> <statements>  a bare node:http server running captured SQL through pg, in order on one connection
 *   koa <bodyFile>            a bare Koa route answering a fixed JSON body
 * Prints one line, {"url": ...}, when it listens.
 */
import fs from 'node:fs';
import Koa from 'koa';
import pg from 'pg';
import { DATABASE_URL, listen, startApp } from './common';
import { openDatabase } from '../server/db/index';
import { connectionOptions } from '../server/db/connection-settings';

const [mode, arg1, arg2] = process.argv.slice(2);

const toPg = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

async function main() {
  if (mode === 'app') {
    const db = await openDatabase({ url: DATABASE_URL, schema: arg1, poolMax: 20 });
    const app = await startApp(db);
    console.log(JSON.stringify({ url: app.url }));
  } else if (mode === 'pg') {
    const captured: Record<string, Array<{ sql: string; bindings: unknown[] }>> = JSON.parse(fs.readFileSync(arg2, 'utf8'));
    // The app's connection settings too: the captured SQL relies on them as the app does.
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 20, options: `-c search_path=${arg1},public ${connectionOptions()}` });
    const server = await listen(async (req, res) => {
      const statements = captured[req.url ?? ''];
      if (!statements) return void res.writeHead(404).end();
      // One after the other on one connection, as the app runs them (a transaction's
      // BEGIN, SET LOCAL and COMMIT must reach the same connection).
      const client = await pool.connect();
      const results: pg.QueryResult[] = [];
      try {
        for (const s of statements) results.push(await client.query(toPg(s.sql), s.bindings as unknown[]));
      } finally {
        client.release();
      }
      const counted = results.map((r) => r.rows[0]).find((row) => row && ('count' in row || 'found' in row));
      const rows = results[results.length - 1].rows;
      res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(counted?.count ?? counted?.found ?? '') });
      res.end(JSON.stringify(rows));
    });
    console.log(JSON.stringify({ url: server.url }));
  } else if (mode === 'koa') {
    const body = fs.readFileSync(arg1, 'utf8');
    const koa = new Koa();
    koa.use((ctx) => {
      ctx.type = 'json';
      ctx.body = body;
    });
    const server = await listen(koa.callback());
    console.log(JSON.stringify({ url: server.url }));
  } else {
    throw new Error(`unknown mode ${mode}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
