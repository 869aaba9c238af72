/**
 * One app server in a process of its own, for tests of several processes on one Postgres
 * (server/multi-process.test.ts): opens APP_SCHEMA at TEST_DATABASE_URL (already
 * migrated by the test), listens on a free port and prints {"url": ...} on one line.
 * Limits come from APP_LIMITS (JSON), the public origin from PUBLIC_URL; the rate limits
 * count in Redis with TEST_REDIS_URL (harness.ts, testRedisEnv).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { openDatabase } from '../db/index';
import { createApp } from '../app';
import { closeRedis } from '../http/redis';
import { testConfig, testRedisEnv } from './harness';

const db = await openDatabase({ url: process.env.TEST_DATABASE_URL!, schema: process.env.APP_SCHEMA! });
const config = testConfig(process.env.PUBLIC_URL!, testRedisEnv(process.env.APP_SCHEMA!));
Object.assign(config.limits, JSON.parse(process.env.APP_LIMITS ?? '{}'));
const app = createApp({ knex: db.knex, dbKind: db.kind, config, logger: pino({ level: 'silent' }) });
const server = http.createServer(app.callback());
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
const stop = async () => {
  await app.context.deps.live?.close();
  server.closeAllConnections();
  server.close();
  await db.close();
  await closeRedis();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
