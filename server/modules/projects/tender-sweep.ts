/**
 * Time passes without a request: `sweepTenders` opens the projects whose opening time has
 * come and finalises the awards whose standstill is over. server/main.ts runs it every
 * minute, and the reads of the area, the open data and the sync pull run it first (so
 * what they show is current). Each project is handled in a transaction of its own that
 * takes its row lock first, like every write service, so the sweep cannot deadlock with
 * them; the write services never sweep. The SQL here only finds candidates: openTender
 * and finaliseAward decide under the lock.
 *
 * Times are the app's clock (server/clock.ts), which the test clock moves.
 */
import type { Knex } from 'knex';
import { appNow } from '../../clock';
import { lockProject, type LockedProject } from './queries';
import { openTender } from './tender-opening';
import { finaliseAward } from './tender-award';

/** Projects found due, a batch at a time. */
const BATCH = 100;

/** Runs `work` on each project in a transaction of its own, under its FOR UPDATE lock; how many it did. */
async function each(db: Knex, ids: string[], work: (trx: Knex.Transaction, project: LockedProject) => Promise<boolean>): Promise<number> {
  let done = 0;
  for (const id of ids) {
    const did = await db.transaction(async (trx) => {
      const project = await lockProject(trx, id, 'update');
      return project ? work(trx, project) : false;
    });
    if (did) done++;
  }
  return done;
}

/** Opens every project whose opening time has come; how many it opened. */
async function openDueTenders(db: Knex, now = appNow()): Promise<number> {
  let total = 0;
  for (;;) {
    const due: Array<{ id: string }> = await db('projects')
      .whereNull('opened_at')
      .where('status', 'open')
      .whereNull('deleted_at')
      .where('opens_at', '<=', now)
      .orderBy('opens_at')
      .limit(BATCH)
      .select('id');
    const n = await each(db, due.map((d) => d.id), (trx, p) => openTender(trx, p, now));
    total += n;
    if (due.length < BATCH || n === 0) return total;
  }
}

/** Finalises every award whose standstill is over with no open objection; how many. */
async function finaliseDueAwards(db: Knex, now = appNow()): Promise<number> {
  const due: Array<{ id: string }> = await db('projects as p')
    .whereNull('p.award_final_at')
    .whereNotNull('p.awarded_at')
    .where('p.status', 'open')
    .whereNull('p.deleted_at')
    .where('p.standstill_ends_at', '<=', now)
    .whereNotExists((s) => s.select(1).from('award_objections as o').whereRaw('o.project_id = p.id and o.award_bid_id = p.awarded_bid_id').where('o.status', 'open'))
    .orderBy('p.standstill_ends_at')
    .limit(BATCH)
    .select('p.id');
  return each(db, due.map((d) => d.id), (trx, p) => finaliseAward(trx, p, now));
}

/** Opens what is due and finalises what is due (see the top of this file for who calls it). */
export async function sweepTenders(db: Knex): Promise<{ opened: number; finalised: number }> {
  const now = appNow();
  const opened = await openDueTenders(db, now);
  const finalised = await finaliseDueAwards(db, now);
  return { opened, finalised };
}
