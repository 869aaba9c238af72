/**
 * What time makes due on a tender, done in one place. Two moments pass without a request:
 * a project's opening time (its opening record is made: tender-opening.ts openTender) and
 * the end of an award's standstill with no open objection (the award becomes final:
 * tender-award.ts finaliseAward). `settleTender` does both for one project under its
 * FOR UPDATE lock; it is the only caller of either when time alone made them due.
 * - The upkeep: `sweepTenders` settles every project found due, each in a transaction of
 *   its own that takes the row lock first like every write service (so it cannot
 *   deadlock with them). server/main.ts runs it every minute, and the test clock's route
 *   when it moves the time. Running it twice, or twice at once, does the work once: the
 *   SQL here only finds candidates, and each decision is taken again under the lock.
 * - The writes that depend on it settle the project they lock first (service.ts: an
 *   award, a status change; tender-closing.ts; tender-objections.ts an answer), and the
 *   ones that only need the phase read it from the clock (a bid after the opening time is
 *   refused, bids.ts; an objection after the standstill, tender-objections.ts).
 * - Reads never write. They compute what the clock says (shared/tender.ts): from its
 *   opening time a project is opened for every reader, opened_at being that time
 *   (queries.ts openedAtSql), so the owner sees the bids, everyone the count, and the
 *   opening record is made from the bids when its row is not written yet
 *   (tender-opening.ts getOpening, the open data). The row written later says the same:
 *   an opening records opens_at as its time, and no bid changes after it. The final award
 *   is a decision that writes the bids' and the project's status, so readers see the
 *   award pending (phase standstill, as phaseOf says until it is final) until the upkeep
 *   makes it final, within a minute. The change feed carries what the upkeep wrote.
 *
 * Times are the app's clock (server/clock.ts), which the test clock moves.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { lockProject, type LockedProject } from './queries';
import { openTender } from './tender-opening';
import { finaliseAward } from './tender-award';

/** Projects found due, a batch at a time. */
const BATCH = 100;

/**
 * Does what time made due on a project locked FOR UPDATE: its opening record, and the
 * final award; whether it did anything.
 */
export async function settleTender(trx: Knex.Transaction, project: LockedProject, now: Date): Promise<boolean> {
  const opened = await openTender(trx, project, now);
  const finalised = await finaliseAward(trx, project, now);
  return opened || finalised;
}

/** Settles each project in a transaction of its own, under its FOR UPDATE lock; how many it changed. */
async function settleEach(db: Knex, ids: string[], now: Date): Promise<number> {
  let done = 0;
  for (const id of ids) {
    const did = await db.transaction(async (trx) => {
      const project = await lockProject(trx, id, 'update');
      return project ? settleTender(trx, project, now) : false;
    });
    if (did) done++;
  }
  return done;
}

/** Live open projects whose opening time has come and that have no record yet. */
const openingDue = (db: Knex, now: Date) =>
  db('projects').whereNull('opened_at').where('status', 'open').whereNull('deleted_at').where('opens_at', '<=', now).orderBy('opens_at').limit(BATCH).pluck('id');

/** Pending awards whose standstill is over with no open objection. */
const finalDue = (db: Knex, now: Date) =>
  db('projects as p')
    .whereNull('p.award_final_at')
    .whereNotNull('p.awarded_at')
    .where('p.status', 'open')
    .whereNull('p.deleted_at')
    .where('p.standstill_ends_at', '<=', now)
    .whereNotExists((s) => s.select(1).from('award_objections as o').whereRaw('o.project_id = p.id and o.award_bid_id = p.awarded_bid_id').where('o.status', 'open'))
    .orderBy('p.standstill_ends_at')
    .limit(BATCH)
    .pluck('p.id');

/** The upkeep: settles every project whose opening or final award is due at the clock's time; how many of each it found. */
export async function sweepTenders(db: Knex, clock: Pick<Clock, 'now'>): Promise<{ opened: number; finalised: number }> {
  const now = clock.now();
  let opened = 0;
  for (;;) {
    const due: string[] = await openingDue(db, now);
    const n = await settleEach(db, due, now);
    opened += n;
    if (due.length < BATCH || n === 0) break;
  }
  const finalised = await settleEach(db, await finalDue(db, now), now);
  return { opened, finalised };
}
