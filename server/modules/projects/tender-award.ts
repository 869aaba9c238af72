/**
 * The award's standstill and its finalisation. The award (service.ts awardProject) needs
 * the opening record and starts a standstill of the app's STANDSTILL_DAYS (its config,
 * passed in; 0 makes the award final at once), in which each losing bidder may object
 * (tender-objections.ts). The award becomes final (the bid accepted, the other submitted
 * bids rejected, the project in_progress) when its standstill is over and no objection to
 * it is open (shared/tender.ts isStandstillOver), checked under the project's lock.
 *
 * Times are the app's clock (server/clock.ts), which the test clock moves.
 */
import type { Knex } from 'knex';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { isStandstillOver } from '../../../shared/tender';
import { notify } from '../notifications/notify';
import type { LockedProject } from './queries';
import { bidPolicy, ownerSeesBid, projectPolicy } from './policy';
import { bidderIds, openingChanges } from './tender-opening';
import { recordAudit } from '../audit/record';

const DAY_MS = 24 * 60 * 60 * 1000;

async function hasOpenObjection(db: Knex, projectId: string, awardBidId: string): Promise<boolean> {
  return !!(await db('award_objections').where({ project_id: projectId, award_bid_id: awardBidId, status: 'open' }).first('id'));
}

/**
 * Makes the award of a project locked FOR UPDATE final when its standstill is over and no
 * objection to it is open: the awarded bid accepted, every other submitted bid rejected,
 * the project in_progress; every bidder and the owner told. False when not due.
 */
export async function finaliseAward(trx: Knex.Transaction, project: LockedProject, now: Date): Promise<boolean> {
  if (!project.awarded_bid_id || !isStandstillOver(project, now)) return false;
  if (await hasOpenObjection(trx, project.id, project.awarded_bid_id)) return false;

  type Moved = { id: string; contractor_id: string; status: string; technical_pass: boolean | null };
  const accepted: Moved[] = await trx('bids')
    .where({ id: project.awarded_bid_id, status: 'submitted' })
    .update({ status: 'accepted' })
    .returning(['id', 'contractor_id', 'status', 'technical_pass']);
  const rejected: Moved[] = await trx('bids')
    .where({ project_id: project.id, status: 'submitted' })
    .update({ status: 'rejected' })
    .returning(['id', 'contractor_id', 'status', 'technical_pass']);
  await trx('projects').where({ id: project.id }).update({ status: 'in_progress', award_final_at: now });
  // Final by time (the standstill over, no objection open): the system's act, for the owner.
  await recordAudit(trx, {
    actor: null,
    company_id: project.government_id,
    action: 'tender.award_final',
    record_type: 'project',
    record_id: project.id,
    changes: { status: [project.status, 'in_progress'], accepted_bid_id: [null, accepted[0]?.id ?? null], rejected_bids: [null, rejected.length] },
  });
  project.status = 'in_progress';
  project.award_final_at = now;

  // A bid that failed a technical evaluation stays its bidder's alone.
  const bidAud = (b: Moved) => bidPolicy.audiences({ contractor_id: b.contractor_id, government_id: project.government_id, opened: ownerSeesBid(project, b) });
  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    ...[...accepted, ...rejected].map((b): ChangeEntry => ({ entity: 'bid', id: b.id, audiences: bidAud(b) })),
    ...(await openingChanges(trx, project, true)),
  ]);
  const params = { project_title: project.title, project_id: project.id };
  const winner = accepted[0]?.contractor_id;
  if (winner) await notify(trx, { to: [winner], kind: 'tender.award_final', priority: 'high', params: { ...params, awarded: true } });
  await notify(trx, {
    to: [project.government_id, ...rejected.map((b) => b.contractor_id)],
    kind: 'tender.award_final',
    params: { ...params, awarded: false },
  });
  return true;
}

/**
 * Starts the standstill of an award just written on a locked project, `standstillDays`
 * long (the app's STANDSTILL_DAYS; 0 makes it final at once), and tells every bidder.
 */
export async function startStandstill(
  trx: Knex.Transaction,
  project: LockedProject,
  bid: { id: string; contractor_id: string },
  standstillDays: number,
  now: Date,
) {
  const ends = new Date(now.getTime() + standstillDays * DAY_MS);
  await trx('projects').where({ id: project.id }).update({ awarded_bid_id: bid.id, awarded_at: now, standstill_ends_at: ends });
  Object.assign(project, { awarded_bid_id: bid.id, awarded_at: now, standstill_ends_at: ends });
  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    // Every bidder may now see the opening record and the outcome.
    ...(await openingChanges(trx, project, true)),
  ]);
  if (standstillDays === 0) {
    await finaliseAward(trx, project, now);
    return;
  }
  const bidders = await bidderIds(trx, project.id);
  const params = { project_title: project.title, project_id: project.id, standstill_ends_at: ends.toISOString() };
  await notify(trx, { to: [bid.contractor_id], kind: 'tender.awarded', priority: 'high', params: { ...params, awarded: true } });
  const others = bidders.filter((b) => b !== bid.contractor_id);
  if (others.length) await notify(trx, { to: others, kind: 'tender.awarded', priority: 'high', params: { ...params, awarded: false } });
}
