/**
 * Objections to an award: during the award's standstill (shared/tender.ts isInStandstill)
 * each losing bidder may file one; the owner answers each. Upheld withdraws the award
 * (the owner awards again, with a new standstill) and upholds the other open objections
 * to it; rejected keeps it, and makes it final here if its standstill is over and this
 * was the last open objection. Who sees which objection is policy.ts objectionPolicy.
 *
 * Times are the app's clock (server/clock.ts), which the test clock moves.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { MutationDeps } from '../sync/contracts';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import { forbidden, notFound, objectionAnswered, objectionExists, standstillClosed } from '../../../shared/errors';
import { isInStandstill } from '../../../shared/tender';
import type { Objection, ObjectionAnswerArgs, ObjectionCreateArgs } from '../../../shared/schemas/tender';
import { notify } from '../notifications/notify';
import { lockProject } from './queries';
import { canSeeProject, objectionPolicy, projectPolicy, refuseProject } from './policy';
import { bidderIds } from './tender-opening';
import { finaliseAward } from './tender-award';
import { displayName, partyNameSql } from '../../db/party-name';

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
      db.raw(`${partyNameSql('cp', 'cu')} as contractor_name`),
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
export async function createObjection(trx: Knex.Transaction, user: SessionUser, args: ObjectionCreateArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Saved<Objection>> {
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
  const now = clock.now();
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
export async function answerObjection(trx: Knex.Transaction, user: SessionUser, args: ObjectionAnswerArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Objection> {
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
  if (objection.status !== 'open') throw objectionAnswered(`This objection was already ${objection.status}`);
  const now = clock.now();

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
    await notify(trx, { to: await bidderIds(trx, project.id), kind: 'tender.objection_answered', priority: 'high', params });
  } else {
    await recordChanges(trx, changes);
    await notify(trx, { to: [objection.contractor_id, awarded], kind: 'tender.objection_answered', priority: 'high', params });
    await finaliseAward(trx, project, now);
  }
  return presentObjection(trx, objection.id);
}
