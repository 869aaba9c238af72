/**
 * The marketplace's calendar: which Saudi day it is, for deadlines (a project's
 * deadline_date is a day in Riyadh, UTC+3 all year). A server started with TEST_CLOCK=1
 * (the browser tests; production refuses it) can move it forward with
 * POST /api/test/clock {days}, to show what a phone that was offline overnight meets.
 */
import Router from '@koa/router';
import { z } from 'zod';
import { validationFailed } from '../shared/errors';

const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
let offsetMs = 0;

/** The app's current time: the real time, moved by the test clock when it runs ahead. */
export function appNow(now = Date.now()): Date {
  return new Date(now + offsetMs);
}

/** Today in Riyadh as YYYY-MM-DD. */
export function todayInRiyadh(now = Date.now()): string {
  return new Date(now + offsetMs + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

const clockBody = z.strictObject({ days: z.number().int().min(0).max(3650) });

/** POST /api/test/clock {days}: the calendar runs `days` ahead of the real one (0 puts it back). */
export function testClockRouter(): Router {
  const router = new Router();
  router.post('/api/test/clock', (ctx) => {
    const parsed = clockBody.safeParse(ctx.request.body);
    if (!parsed.success) throw validationFailed('Invalid input: days');
    offsetMs = parsed.data.days * DAY_MS;
    ctx.body = { today: todayInRiyadh() };
  });
  return router;
}
