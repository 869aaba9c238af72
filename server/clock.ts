/**
 * The marketplace's calendar: the app's current time, and which Saudi day it is, for
 * deadlines (a project's deadline_date is a day in Riyadh, UTC+3 all year). Each app has
 * its own clock (createApp puts it in its deps; the services and the upkeep take it from
 * there), never a module's variable, so two apps in one process keep their own time.
 *
 * Every time rule takes `now` from this clock as a parameter: tenders, RFQs, deliveries,
 * invoices, plans and trials, the refund window, instant-order expiry. The database's
 * now() is left to audit timestamps and to infrastructure between processes (sessions,
 * leases), where clock-sql.test.ts lists each use and why.
 *
 * A server started with TEST_CLOCK=1 (the browser tests; production refuses it, config.ts)
 * can move its clock forward with POST /api/test/clock {days}, to show what a phone that
 * was offline overnight meets. Moving it is time passing: the upkeep that time made due
 * (tender openings and awards, payment reminders, ended plans and trial notices, expired
 * instant orders) runs at once, as its timers would. Which sweeps those are, the
 * composition root says (server/registry/sweeps.ts): the clock is infrastructure every
 * area reads, so it imports none of them.
 */
import Router from '@koa/router';
import type { Knex } from 'knex';
import type { Config } from './config';
import { z } from 'zod';
import { validationFailed } from '../shared/errors';
import { riyadhDay } from '../shared/riyadh';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Clock {
  /** the app's current time: the real time, moved by the test clock when it runs ahead */
  now(): Date;
  /** today in Riyadh as YYYY-MM-DD */
  today(): string;
  /** the test clock: this app's time runs `days` ahead of the real one (0 puts it back) */
  setDaysAhead(days: number): void;
}

/** A clock on the real time, which only the test clock's route moves. */
export function createClock(): Clock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  return {
    now,
    today: () => riyadhDay(now()),
    setDaysAhead(days) {
      offsetMs = days * DAY_MS;
    },
  };
}

const clockBody = z.strictObject({ days: z.number().int().min(0).max(3650) });

/** Upkeep that time makes due, run with the app's clock once the test clock has moved it. */
export type Sweep = (knex: Knex, clock: Clock, config: Config) => Promise<unknown>;

/** POST /api/test/clock {days}: this app's calendar runs `days` ahead of the real one (0 puts it back), then each sweep runs in turn. */
export function testClockRouter(sweeps: readonly Sweep[]): Router {
  const router = new Router();
  router.post('/api/test/clock', async (ctx) => {
    const parsed = clockBody.safeParse(ctx.request.body);
    if (!parsed.success) throw validationFailed('Invalid input: days');
    const { clock, knex } = ctx.deps;
    clock.setDaysAhead(parsed.data.days);
    for (const sweep of sweeps) await sweep(knex, clock, ctx.deps.config);
    ctx.body = { today: clock.today() };
  });
  return router;
}
