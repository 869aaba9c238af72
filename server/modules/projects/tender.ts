/**
 * Sealed tendering: the opening, the award's standstill and its objections.
 *
 * - The opening. Bids are taken until a project's opens_at (the end of its deadline day
 *   in Riyadh, or the moment its owner closed the bidding of a project without a
 *   deadline). The first transaction that finds the time has come makes the opening
 *   record, once (opened_at): every bid not withdrawn, ranked by amount, with its digest.
 *   Only then does the owner see the bids. The opening locks the project FOR UPDATE and a
 *   bid FOR SHARE, so a bid is either in the record or refused (bids.ts).
 * - The award (service.ts) needs the opening record. It starts a standstill of
 *   STANDSTILL_DAYS days in which each losing bidder may file one objection; the owner
 *   answers each: upheld withdraws the award (the owner awards again, with a new
 *   standstill), rejected keeps it. The award becomes final (the bid accepted, the others
 *   rejected, the project in_progress) when the standstill has ended with no open
 *   objection.
 * - Time passes without a request: `sweepTenders` opens the projects whose time has come
 *   and finalises the awards whose standstill is over. server/main.ts runs it every minute,
 *   the reads of the area and the sync pull run it first (so what they show is current),
 *   and so does a move of the test clock. Each project is handled in a transaction of its
 *   own that takes its row lock first, like every write service, so the sweep cannot
 *   deadlock with them; the write services never sweep.
 *
 * Times are the app's clock (server/clock.ts), which the test clock moves.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { appNow } from '../../clock';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import {
  forbidden,
  invalidTransition,
  notFound,
  objectionExists,
  projectNotOpen,
  standstillClosed,
  tenderNotOpened,
} from '../../../shared/errors';
import { notify } from '../notifications/notify';
import { bidDigest, isBiddingClosed, isInStandstill, isOpeningDue, isStandstillOver } from '../../../shared/tender';
import type { Project, ProjectCloseBiddingArgs } from '../../../shared/schemas/project';
import type {
  BidReceipt,
  Objection,
  ObjectionAnswerArgs,
  ObjectionCreateArgs,
  OpeningEntry,
  OpeningRecord,
} from '../../../shared/schemas/tender';
import { bidQuery, displayName, lockProject, presentProject, type LockedProject } from './queries';
import { bidPolicy, canSeeProject, objectionPolicy, openingPolicy, projectPolicy, refuseProject } from './policy';

const DAY_MS = 24 * 60 * 60 * 1000;

// --- Receipts -------------------------------------------------------------------------

/** Records an accepted submission, amendment or withdrawal with its digest; returns the digest. */
export async function writeReceipt(
  trx: Knex.Transaction,
  r: {
    bid_id: string;
    project_id: string;
    contractor_id: string;
    kind: BidReceipt['kind'];
    amount: number;
    estimated_completion_days: number | null;
    proposal: string;
    received_at: Date;
  },
): Promise<string> {
  const digest = await bidDigest(r);
  await trx('bid_receipts').insert({ ...r, digest });
  return digest;
}

const receiptColumns = [
  'r.id',
  'r.bid_id',
  'r.project_id',
  'r.contractor_id',
  'r.kind',
  'r.amount',
  'r.estimated_completion_days',
  'r.proposal',
  'r.received_at',
  'r.digest',
];

/** GET /api/bids/{id}/receipts: the bidder's receipts of one bid, newest first (nobody else's). */
export async function listReceipts(db: Knex, user: SessionUser, bidId: string): Promise<BidReceipt[]> {
  assertRole(user, 'contractor');
  const bid = await bidQuery(db).where({ 'b.id': bidId, 'b.contractor_id': user.account_id }).first('b.id');
  if (!bid) throw notFound('Bid');
  return db('bid_receipts as r')
    .where('r.bid_id', bidId)
    .orderBy([
      { column: 'r.received_at', order: 'desc' },
      { column: 'r.created_at', order: 'desc' },
    ])
    .select(receiptColumns);
}

// --- The opening ----------------------------------------------------------------------

/** Every bidder still in the running (not withdrawn, live user) of a project. */
async function bidderIds(db: Knex, projectId: string): Promise<string[]> {
  const rows: Array<{ contractor_id: string }> = await bidQuery(db).where('b.project_id', projectId).whereNot('b.status', 'withdrawn').select('b.contractor_id');
  return rows.map((r) => r.contractor_id);
}

/** The opening record's changes: to the owner, and to every bidder once the outcome is known to them. */
async function openingChanges(db: Knex, project: { id: string; government_id: string }, withBidders: boolean): Promise<ChangeEntry[]> {
  const bidders = withBidders ? await bidderIds(db, project.id) : [];
  const audiences = [{ user: project.government_id }, ...bidders.map((b) => ({ user: b }))];
  return [{ entity: 'tender_opening', id: project.id, audiences }];
}

/**
 * Makes the opening record of a project locked FOR UPDATE whose opening time has come;
 * false when there is nothing to open (not open, not due, or opened already).
 */
export async function openTender(trx: Knex.Transaction, project: LockedProject, now = appNow()): Promise<boolean> {
  if (!isOpeningDue(project, now)) return false;
  // Read after the lock: every bid committed before it is here, and no other can come.
  const bids: Array<{
    id: string;
    contractor_id: string;
    contractor_name: string | null;
    amount: string | number;
    estimated_completion_days: number | null;
    digest: string;
    received_at: Date;
  }> = await bidQuery(trx)
    .where('b.project_id', project.id)
    .whereNot('b.status', 'withdrawn')
    .clearSelect()
    .select('b.id', 'b.contractor_id', trx.raw('coalesce(cp.company_name, cu.name) as contractor_name'), 'b.amount', 'b.estimated_completion_days', 'b.digest', 'b.received_at')
    .orderBy([
      { column: 'b.amount', order: 'asc' },
      { column: 'b.received_at', order: 'asc' },
      { column: 'b.id', order: 'asc' },
    ]);
  const record: OpeningEntry[] = bids.map((b, i) => ({
    rank: i + 1,
    bid_id: b.id,
    contractor_id: b.contractor_id,
    contractor_name: b.contractor_name,
    amount: Number(b.amount),
    estimated_completion_days: b.estimated_completion_days,
    digest: b.digest,
    received_at: new Date(b.received_at).toISOString(),
  }));
  await trx('tender_openings').insert({ project_id: project.id, opened_at: now, bid_count: record.length, record: JSON.stringify(record) });
  await trx('projects').where({ id: project.id }).update({ opened_at: now });
  project.opened_at = now;

  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    // The owner receives every opened bid now; the bidders already hold their own.
    ...bids.map((b): ChangeEntry => ({ entity: 'bid', id: b.id, audiences: [{ user: project.government_id }] })),
    ...(await openingChanges(trx, project, false)),
  ]);
  await notify(trx, {
    to: [project.government_id, ...bids.map((b) => b.contractor_id)],
    kind: 'tender.opened',
    type: 'system',
    priority: 'high',
    params: { project_title: project.title, project_id: project.id, bid_count: record.length, opened_at: now.toISOString() },
  });
  return true;
}

/** Projects whose opening is due, a batch at a time. */
const BATCH = 100;

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
export async function openDueTenders(db: Knex, now = appNow()): Promise<number> {
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

// --- Award, standstill, finalisation --------------------------------------------------

async function hasOpenObjection(db: Knex, projectId: string, awardBidId: string): Promise<boolean> {
  return !!(await db('award_objections').where({ project_id: projectId, award_bid_id: awardBidId, status: 'open' }).first('id'));
}

/**
 * Makes the award of a project locked FOR UPDATE final when its standstill is over and no
 * objection to it is open: the awarded bid accepted, every other submitted bid rejected,
 * the project in_progress; every bidder and the owner told. False when not due.
 */
export async function finaliseAward(trx: Knex.Transaction, project: LockedProject, now = appNow()): Promise<boolean> {
  if (!project.awarded_bid_id || !isStandstillOver(project, now)) return false;
  if (await hasOpenObjection(trx, project.id, project.awarded_bid_id)) return false;

  const accepted: Array<{ id: string; contractor_id: string }> = await trx('bids')
    .where({ id: project.awarded_bid_id, status: 'submitted' })
    .update({ status: 'accepted' })
    .returning(['id', 'contractor_id']);
  const rejected: Array<{ id: string; contractor_id: string }> = await trx('bids')
    .where({ project_id: project.id, status: 'submitted' })
    .update({ status: 'rejected' })
    .returning(['id', 'contractor_id']);
  await trx('projects').where({ id: project.id }).update({ status: 'in_progress', award_final_at: now });
  project.status = 'in_progress';
  project.award_final_at = now;

  const bidAud = (b: { contractor_id: string }) => bidPolicy.audiences({ contractor_id: b.contractor_id, government_id: project.government_id, opened: true });
  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    ...[...accepted, ...rejected].map((b): ChangeEntry => ({ entity: 'bid', id: b.id, audiences: bidAud(b) })),
    ...(await openingChanges(trx, project, true)),
  ]);
  const params = { project_title: project.title, project_id: project.id };
  const winner = accepted[0]?.contractor_id;
  if (winner) await notify(trx, { to: [winner], kind: 'tender.award_final', type: 'system', priority: 'high', params: { ...params, awarded: true } });
  await notify(trx, {
    to: [project.government_id, ...rejected.map((b) => b.contractor_id)],
    kind: 'tender.award_final',
    type: 'system',
    params: { ...params, awarded: false },
  });
  return true;
}

/** Finalises every award whose standstill is over with no open objection; how many. */
export async function finaliseDueAwards(db: Knex, now = appNow()): Promise<number> {
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

/**
 * Starts the standstill of an award just written on a locked project, `standstillDays`
 * long (the app's STANDSTILL_DAYS; 0 makes it final at once), and tells every bidder.
 */
export async function startStandstill(
  trx: Knex.Transaction,
  project: LockedProject,
  bid: { id: string; contractor_id: string },
  standstillDays: number,
  now = appNow(),
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
  await notify(trx, { to: [bid.contractor_id], kind: 'tender.awarded', type: 'system', priority: 'high', params: { ...params, awarded: true } });
  const others = bidders.filter((b) => b !== bid.contractor_id);
  if (others.length) await notify(trx, { to: others, kind: 'tender.awarded', type: 'system', priority: 'high', params: { ...params, awarded: false } });
}

// --- Closing the bidding --------------------------------------------------------------

/**
 * POST /api/projects/{id}/close-bidding: the owner of an open project without a deadline
 * ends its bidding now; it is opened at once. Closing a project already closed returns
 * it unchanged (another device of the owner may have done it).
 */
export async function closeBidding(trx: Knex.Transaction, user: SessionUser, args: ProjectCloseBiddingArgs): Promise<Project> {
  assertRole(user, 'government');
  const project = await lockProject(trx, args.id, 'update');
  if (!project) throw notFound('Project');
  if (project.government_id !== user.account_id) throw await refuseProject(trx, user, args.id);
  if (project.status !== 'open') throw projectNotOpen('Only an open project can close its bidding');
  const now = appNow();
  if (!isBiddingClosed(project, now)) {
    if (project.deadline_date) throw invalidTransition('A project with a deadline opens at the end of its deadline day');
    await trx('projects').where({ id: project.id }).update({ opens_at: now });
    project.opens_at = now;
    await recordChanges(trx, [{ entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) }]);
  }
  await openTender(trx, project, now);
  return presentProject(trx, project.id);
}

// --- The opening record ---------------------------------------------------------------

/** Opening records as the API presents them. Aliases: o (tender_openings), p (projects). */
export function openingQuery(db: Knex) {
  return db('tender_openings as o')
    .join('projects as p', 'p.id', 'o.project_id')
    .join('users as gu', 'gu.id', 'p.government_id')
    .whereNull('p.deleted_at')
    .whereNull('gu.deleted_at')
    .select('o.project_id as id', 'o.project_id', 'o.opened_at', 'o.bid_count', 'o.record');
}

/**
 * GET /api/projects/{id}/opening: the project's owner after the opening; its bidders and
 * admins once an award was made. Before the opening 409 tender_not_opened; a bidder
 * before the award 409 tender_not_opened too (the outcome is not known to them yet).
 */
export async function getOpening(db: Knex, user: SessionUser, projectId: string): Promise<OpeningRecord> {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  const row = await openingPolicy.visible(openingQuery(db).where('o.project_id', projectId), user).first();
  if (row) return row;
  const project = await db('projects').where({ id: projectId }).first('government_id', 'opened_at');
  const isBidder = !!(await db('bids').where({ project_id: projectId, contractor_id: user.account_id }).whereNot('status', 'withdrawn').first('id'));
  if (project.government_id === user.account_id || isBidder || user.is_admin) {
    throw tenderNotOpened(project.opened_at ? 'The opening record is shown to bidders once an award is made' : undefined);
  }
  throw forbidden();
}

// --- Objections -----------------------------------------------------------------------

/** Objections as the API presents them. Aliases: ob, p (projects), ab (the awarded bid). */
export function objectionQuery(db: Knex) {
  return db('award_objections as ob')
    .join('projects as p', 'p.id', 'ob.project_id')
    .join('users as gu', 'gu.id', 'p.government_id')
    .join('bids as ab', 'ab.id', 'ob.award_bid_id')
    .join('users as cu', 'cu.id', 'ob.contractor_id')
    .leftJoin('profiles as cp', 'cp.user_id', 'ob.contractor_id')
    .whereNull('p.deleted_at')
    .whereNull('gu.deleted_at')
    .select(
      'ob.id',
      'ob.project_id',
      'ob.award_bid_id',
      'ob.bid_id',
      'ob.contractor_id',
      db.raw('coalesce(cp.company_name, cu.name) as contractor_name'),
      'ob.reason',
      'ob.status',
      'ob.answer',
      'ob.created_at',
      'ob.answered_at',
      'ob.updated_at',
    );
}

async function presentObjection(db: Knex, id: string): Promise<Objection> {
  const row = await objectionQuery(db).where('ob.id', id).first();
  if (!row) throw notFound('Objection');
  return row;
}

async function awardedContractor(db: Knex, awardBidId: string): Promise<string> {
  return (await db('bids').where({ id: awardBidId }).first('contractor_id')).contractor_id;
}

const objectionAudiences = async (db: Knex, o: { contractor_id: string; award_bid_id: string }, governmentId: string) =>
  objectionPolicy.audiences({ contractor_id: o.contractor_id, government_id: governmentId, awarded_contractor_id: await awardedContractor(db, o.award_bid_id) });

/** GET /api/projects/{id}/objections: those the caller may see (owner: all; a bidder: their own, and those against their award). */
export async function listObjections(db: Knex, user: SessionUser, projectId: string): Promise<Objection[]> {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  return objectionPolicy.visible(objectionQuery(db).where('ob.project_id', projectId), user).orderBy([
    { column: 'ob.created_at', order: 'desc' },
    { column: 'ob.id', order: 'desc' },
  ]);
}

/**
 * POST /api/projects/{id}/objections: a losing bidder objects to the award during its
 * standstill, once per award. The same client id sent again returns the objection.
 */
export async function createObjection(trx: Knex.Transaction, user: SessionUser, args: ObjectionCreateArgs): Promise<Saved<Objection>> {
  assertRole(user, 'contractor');
  const replay = await rowWithId<{ contractor_id: string; project_id: string }>(trx, 'award_objections', args.id, ['contractor_id', 'project_id']);
  if (replay) {
    if (replay.contractor_id !== user.account_id || replay.project_id !== args.project_id) throw idTaken();
    return { row: await presentObjection(trx, replay.id), created: false };
  }
  const project = await lockProject(trx, args.project_id, 'update');
  if (!project) throw notFound('Project');
  const bid = await trx('bids').where({ project_id: project.id, contractor_id: user.account_id }).whereNot('status', 'withdrawn').first('id');
  if (!bid) throw await refuseProject(trx, user, project.id);
  const now = appNow();
  if (!project.awarded_bid_id || !isInStandstill(project, now)) throw standstillClosed();
  if (bid.id === project.awarded_bid_id) throw forbidden('The awarded bidder cannot object to their own award');
  if (await trx('award_objections').where({ award_bid_id: project.awarded_bid_id, contractor_id: user.account_id }).first('id')) throw objectionExists();

  const [{ id }] = await insertWithClientId('award_objections', () =>
    trx('award_objections')
      .insert({
        id: args.id,
        project_id: project.id,
        award_bid_id: project.awarded_bid_id,
        award_awarded_at: project.awarded_at,
        award_standstill_ends_at: project.standstill_ends_at,
        bid_id: bid.id,
        contractor_id: user.account_id,
        reason: args.reason,
        created_at: now,
      })
      .returning('id'),
  );
  await recordChanges(trx, [
    { entity: 'objection', id, audiences: await objectionAudiences(trx, { contractor_id: user.account_id, award_bid_id: project.awarded_bid_id! }, project.government_id) },
  ]);
  await notify(trx, {
    to: [project.government_id],
    kind: 'tender.objection_filed',
    type: 'system',
    priority: 'high',
    params: { project_title: project.title, project_id: project.id, objection_id: id, company: await displayName(trx, user.account_id) },
  });
  return { row: await presentObjection(trx, id), created: true };
}

/**
 * POST /api/objections/{id}/answer: the project's owner answers an open objection.
 * Upheld: the award is withdrawn (the project is back in evaluation and the owner awards
 * again; the other open objections to that award are upheld with it, since the award they
 * object to is gone). Rejected: the award stands, and becomes final here if its standstill
 * is over and this was the last open objection.
 */
export async function answerObjection(trx: Knex.Transaction, user: SessionUser, args: ObjectionAnswerArgs): Promise<Objection> {
  assertRole(user, 'government');
  const found = await trx('award_objections').where({ id: args.id }).first('project_id');
  if (!found) throw notFound('Objection');
  const project = await lockProject(trx, found.project_id, 'update');
  if (!project) throw notFound('Objection');
  if (project.government_id !== user.account_id) {
    if (await objectionPolicy.visible(objectionQuery(trx).where('ob.id', args.id), user).first('ob.id')) throw forbidden();
    throw notFound('Objection');
  }
  const objection = await trx('award_objections').where({ id: args.id }).forUpdate().first();
  if (objection.status !== 'open') throw invalidTransition(`This objection was already ${objection.status}`);
  const now = appNow();

  const answered: Array<{ id: string; contractor_id: string; award_bid_id: string }> = await trx('award_objections')
    .where(args.decision === 'upheld' ? { award_bid_id: objection.award_bid_id, status: 'open' } : { id: objection.id })
    .update({ status: args.decision, answer: args.answer, answered_at: now })
    .returning(['id', 'contractor_id', 'award_bid_id']);
  const changes: ChangeEntry[] = [];
  for (const o of answered) changes.push({ entity: 'objection', id: o.id, audiences: await objectionAudiences(trx, o, project.government_id) });

  const awarded = await awardedContractor(trx, objection.award_bid_id);
  const params = { project_title: project.title, project_id: project.id, objection_id: objection.id, decision: args.decision };
  if (args.decision === 'upheld' && project.awarded_bid_id === objection.award_bid_id && !project.award_final_at) {
    await trx('projects').where({ id: project.id }).update({ awarded_bid_id: null, awarded_at: null, standstill_ends_at: null });
    Object.assign(project, { awarded_bid_id: null, awarded_at: null, standstill_ends_at: null });
    changes.push({ entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) });
    await recordChanges(trx, changes);
    await notify(trx, { to: await bidderIds(trx, project.id), kind: 'tender.objection_answered', type: 'system', priority: 'high', params });
  } else {
    await recordChanges(trx, changes);
    await notify(trx, { to: [objection.contractor_id, awarded], kind: 'tender.objection_answered', type: 'system', priority: 'high', params });
    await finaliseAward(trx, project, now);
  }
  return presentObjection(trx, objection.id);
}
