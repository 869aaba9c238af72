/**
 * One app server in a process of its own, for the test that kills the server in the
 * middle of an upload (server/modules/photos/resume.test.ts). The database: APP_SCHEMA at
 * TEST_DATABASE_URL when set (migrated by the test), else an embedded PGlite in
 * DATA_DIR/pglite that this process migrates, as `npm start` does. Uploads and photo
 * files go to DATA_DIR. Listens on PORT (so a restarted server has the same origin) and
 * prints {"url": ...} once listening.
 */
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../db/index';
import { migrateLatest } from '../db/migrate';
import { createApp } from '../app';
import { testConfig } from './harness';

const url = process.env.TEST_DATABASE_URL;
const dataDir = process.env.DATA_DIR!;
const db = url
  ? await openDatabase({ url, schema: process.env.APP_SCHEMA! })
  : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
if (!url) await migrateLatest(db.knex);
const port = Number(process.env.PORT);
const config = testConfig(`http://127.0.0.1:${port}`, { DATA_DIR: dataDir });
const app = createApp({ knex: db.knex, dbKind: db.kind, config, logger: pino({ level: 'silent' }) });
const server = http.createServer(app.callback());
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
