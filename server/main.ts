/**
 * Boot: configuration, database (embedded PGlite in DATA_DIR unless DATABASE_URL is set),
 * migrations, demo data on an empty embedded database, then listen.
 */
import fs from 'node:fs';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/index';
import { migrateLatest } from './db/migrate';
import { seedDemo } from './seed/demo';
import { sweepMedia } from './modules/photos/media-sweep';
import { expireUploads } from './modules/photos/uploads';
import { objectStore } from './storage';
import { createClock } from './clock';
import { sweepExpired } from './auth/session-store';
import { backfillChangeLog } from './registry/backfill';
import { compactChangeLog } from './modules/sync/maintenance';
import { expireAllOverdueOrders } from './modules/instant-orders/expiry';
import { sweepTenders } from './modules/projects/tender-sweep';
import { sweepPaymentReminders } from './modules/payments/reminders';
import { sweepOverdueDisputes } from './modules/disputes/sweep';
import { sweepSubscriptions } from './modules/subscriptions/sweep';
import { onboardDevelopmentPlatform, sweepPlanInvoices } from './modules/invoices/plan-invoices';
import { createApp } from './app';
import { closeRedis } from './http/redis';
import { keepConnectionsAlive } from './http/keep-alive';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = pino({ level: config.logLevel });
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const db = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
  );
  await migrateLatest(db.knex);
  if (config.seedDemo && (await seedDemo(db.knex, { store: objectStore(config) }))) logger.info('demo data seeded (see README for the demo accounts)');
  // Rows inserted outside the services (reference data, demo data) enter the change feed.
  await backfillChangeLog(db.knex);
  // The app's clock, made first so every upkeep decides its time rules on the time the app's
  // services keep (sessions and uploads are infrastructure, on the database's time).
  const clock = createClock();
  const hourly = async () => {
    await sweepExpired(db.knex);
    await compactChangeLog(db.knex);
    // Ended periods and trials written down as expired; trials ending soon get their notice.
    await sweepSubscriptions(db.knex, clock.now());
    // Unfinished uploads older than a day (a client that never came back) are deleted, and what they held freed.
    await expireUploads(db.knex, config);
  };
  await hourly();
  setInterval(() => hourly().catch((err) => logger.warn({ err }, 'hourly maintenance failed')), 3600_000).unref();
  // Overdue instant orders become expired in the log within a minute (readers already see them so).
  const expireOrders = () => expireAllOverdueOrders(db.knex, clock.now()).catch((err) => logger.warn({ err }, 'order expiry failed'));
  await expireOrders();
  setInterval(expireOrders, 60_000).unref();
  // Files of photos removed through the sync push (a REST removal sweeps at once).
  const sweepFiles = () => sweepMedia(db.knex, objectStore(config)).catch((err) => logger.warn({ err }, 'media sweep failed'));
  await sweepFiles();
  setInterval(sweepFiles, 60_000).unref();

  const app = createApp({ knex: db.knex, dbKind: db.kind, config, logger, clock });
  // The tender upkeep on the app's clock: openings and final awards that time made due are
  // written within a minute even when nobody reads them (readers see them from the clock
  // meanwhile, and write nothing: modules/projects/tender-sweep.ts).
  const sweepTenderDeadlines = () => sweepTenders(db.knex, clock).catch((err) => logger.warn({ err }, 'tender sweep failed'));
  await sweepTenderDeadlines();
  setInterval(sweepTenderDeadlines, 60_000).unref();
  // Payment reminders before and after due dates, on the app's clock (modules/payments/reminders.ts).
  const remindPayments = () => sweepPaymentReminders(db.knex, clock).catch((err) => logger.warn({ err }, 'payment reminders failed'));
  await remindPayments();
  setInterval(remindPayments, 3600_000).unref();
  // Disputes past their deadline: the seller is reminded once, within a quarter of an hour (modules/disputes/sweep.ts).
  const remindDisputes = () => sweepOverdueDisputes(db.knex, clock).catch((err) => logger.warn({ err }, 'dispute reminders failed'));
  await remindDisputes();
  setInterval(remindDisputes, 900_000).unref();
  // Live updates and push from the start: this process hears every commit and sends the
  // push messages that wait (any process may; each message goes out once).
  if (!config.push.vapid) logger.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  await app.context.deps.live!.start();
  app.context.deps.push!.start();
  void app.context.deps.push!.kick();
  // Documents waiting for ZATCA are sent by this worker (any process may; one at a time per
  // seller), from when this server listens: the development ZATCA is this server.
  app.context.deps.clearance!.start();
  // Plan invoices the platform could not issue or send at payment time (its unit not ready,
  // ZATCA silent), hourly and once listening (the development ZATCA is this server).
  const invoicePlans = () => sweepPlanInvoices(db.knex, { config, logger, clearance: app.context.deps.clearance }, clock.now()).catch((err) => logger.warn({ err }, 'plan invoice sweep failed'));
  const server = keepConnectionsAlive(app.listen(config.port, () => {
    logger.info(`Binaa Market on ${config.publicUrl} (database: ${db.kind}${db.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
    void app.context.deps.clearance!.kick();
    // In development the demo platform's unit is onboarded with the development ZATCA first.
    void onboardDevelopmentPlatform(db.knex, config, clock.now())
      .catch((err) => logger.warn({ err }, 'the demo platform was not onboarded for e-invoicing'))
      .then(invoicePlans);
  }));
  setInterval(invoicePlans, 3600_000).unref();

  const stop = async () => {
    server.close();
    await app.context.deps.live!.close();
    app.context.deps.push!.stop();
    // The worker finishes the document it is sending: cut off, the seller's chain stays claimed until its lease runs out.
    await app.context.deps.clearance!.stop();
    await db.close();
    await closeRedis();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
