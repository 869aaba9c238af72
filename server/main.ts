/**
 * Boot: configuration, database (embedded PGlite in DATA_DIR unless DATABASE_URL is set),
 * migrations, demo data on an empty embedded database, the upkeep and workers, then
 * listen; SIGTERM drains and exits (lifecycle/shutdown.ts).
 */
import fs from 'node:fs';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/index';
import { CHECK_EVERY_MS, ReadReplica } from './db/replica';
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
import { sweepReviewReleases } from './modules/reviews/publish';
import { sweepSubscriptions } from './modules/subscriptions/sweep';
import { onboardDevelopmentPlatform, sweepPlanInvoices } from './modules/invoices/plan-invoices';
import { exportWorker } from './modules/data-export/worker';
import { createApp } from './app';
import { closeRedis } from './http/redis';
import { keepConnectionsAlive } from './http/keep-alive';
import { Upkeep } from './lifecycle/upkeep';
import { sweepRetained } from './modules/account/retention';
import { sweepCrChecks } from './modules/commercial-register/service';
import { sweepScorecards } from './modules/scorecards/sweep';
import { sweepTiers } from './modules/tiers/sweep';
import { shutDownApp } from './lifecycle/shutdown';

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
  // The read replica for guests' reads (DATABASE_REPLICA_URL; config.ts has it only beside DATABASE_URL).
  const replica = config.replica ? new ReadReplica({ db: await openDatabase({ url: config.replica.url }), maxLagMs: config.replica.maxLagMs, logger }) : undefined;
  const app = createApp({ knex: db.knex, replica, dbKind: db.kind, config, logger, clock });
  const deps = app.context.deps;
  // The upkeep this process runs (each run reported to the metrics, every one stopped by shutdown).
  const upkeep = new Upkeep({ logger, ran: (task, ok) => deps.metrics!.upkeepRan(task, ok) });
  // The replica's lag every few seconds: past its bound, or not answering, reads fall back to the primary.
  if (replica) await upkeep.start('replica_lag', CHECK_EVERY_MS, () => replica.check());
  // Hourly: sessions, the change log, subscriptions' ends and trials ending soon, unfinished
  // uploads older than a day (a client that never came back: deleted, what they held freed).
  // Its first run at boot fails the boot, as a database that cannot be kept would.
  const hourly = async () => {
    await sweepExpired(db.knex);
    await compactChangeLog(db.knex);
    await sweepSubscriptions(db.knex, clock.now());
    await expireUploads(db.knex, config);
  };
  await hourly();
  deps.metrics!.upkeepRan('maintenance', true);
  upkeep.every('maintenance', 3600_000, hourly);
  // Overdue instant orders become expired in the log within a minute (readers already see them so).
  await upkeep.start('order_expiry', 60_000, () => expireAllOverdueOrders(db.knex, clock.now()));
  // Files of photos removed through the sync push (a REST removal sweeps at once).
  await upkeep.start('media_sweep', 60_000, () => sweepMedia(db.knex, objectStore(config)));

  // The tender upkeep on the app's clock: openings and final awards that time made due are
  // written within a minute even when nobody reads them (readers see them from the clock
  // meanwhile, and write nothing: modules/projects/tender-sweep.ts).
  await upkeep.start('tender_sweep', 60_000, () => sweepTenders(db.knex, clock));
  // Payment reminders before and after due dates, on the app's clock (modules/payments/reminders.ts).
  await upkeep.start('payment_reminders', 3600_000, () => sweepPaymentReminders(db.knex, clock));
  // Disputes past their deadline: the seller is reminded once, within a quarter of an hour (modules/disputes/sweep.ts).
  await upkeep.start('dispute_reminders', 900_000, () => sweepOverdueDisputes(db.knex, clock));
  // A deal's review waits at most its blind days; published within a quarter hour of them.
  await upkeep.start('review_releases', 900_000, () => sweepReviewReleases(db.knex, clock));
  // Tax documents and payments of deleted companies past their VAT retention day (modules/account/retention.ts).
  await upkeep.start('retention_sweep', 3600_000, () => sweepRetained(db.knex, clock));
  // Scorecards a day old: time alone moves their 12-month window and promised days (modules/scorecards/sweep.ts).
  await upkeep.start('scorecard_sweep', 3600_000, () => sweepScorecards(db.knex, clock));
  // CRs due at the register: a verified one on its yearly day, a changed one at once (modules/commercial-register).
  await upkeep.start('cr_checks', 300_000, () => sweepCrChecks(db.knex, config, clock));
  // Tiers time alone moves: deals leave the 12-month window, a buyer's deal completes (modules/tiers).
  await upkeep.start('tier_sweep', 3600_000, () => sweepTiers(db.knex, clock));
  // People's data exports: built once started, and those a stopped process left (its lease
  // run out) built again from the start within a minute; expired ones removed with their files.
  await upkeep.start('account_exports', 60_000, () => exportWorker(deps).sweep());
  // Live updates and push from the start: this process hears every commit and sends the
  // push messages that wait (any process may; each message goes out once).
  if (!config.push.vapid) logger.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  await deps.live!.start();
  deps.push!.start();
  void deps.push!.kick();
  // Documents waiting for ZATCA are sent by this worker (any process may; one at a time per
  // seller), from when this server listens: the development ZATCA is this server.
  deps.clearance!.start();
  // Scorecards queued by events (and by the demo data) are measured by this worker, any
  // process's, one process at a time per company (modules/scorecards/queue.ts).
  deps.scorecards!.start();
  void deps.scorecards!.kick();
  // Plan invoices the platform could not issue or send at payment time (its unit not ready,
  // ZATCA silent), hourly and once listening (the development ZATCA is this server).
  const invoicePlans = () => sweepPlanInvoices(db.knex, { config, logger, clearance: deps.clearance }, clock.now());
  const server = keepConnectionsAlive(app.listen(config.port, () => {
    logger.info(`Binaa Market on ${config.publicUrl} (database: ${db.kind}${db.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
    void deps.clearance!.kick();
    // In development the demo platform's unit is onboarded with the development ZATCA first.
    void onboardDevelopmentPlatform(db.knex, config, clock.now())
      .catch((err) => logger.warn({ err }, 'the demo platform was not onboarded for e-invoicing'))
      .then(() => upkeep.run('plan_invoices', invoicePlans));
  }));
  upkeep.every('plan_invoices', 3600_000, invoicePlans);

  // SIGTERM (or Ctrl-C): drained within config.shutdown's bound (lifecycle/shutdown.ts); a
  // second signal meanwhile ends the process at once, as signals do by default.
  const stop = async () => {
    const { clean } = await shutDownApp({
      deps,
      server,
      upkeep,
      closePools: async () => {
        await db.close();
        await closeRedis();
      },
    });
    process.exit(clean ? 0 : 1);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
