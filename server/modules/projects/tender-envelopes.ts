/**
 * A two-envelope tender after its opening (tender-opening.ts opens the technical envelopes
 * only). The owner reads every technical envelope (never an amount), records one verdict
 * per live bid, once (evaluateTechnical: a fail needs its reason; every bidder is told, a
 * failed one that its bond is released), then opens the financial envelopes of the bids
 * that passed (openFinancial): the opening record gets their amounts, ranked, the owner
 * their bid rows, and the tender moves to its evaluation (shared/tender.ts phaseOf), where
 * only a passed bid can be awarded (service.ts awardProject). A failed bid's financial
 * envelope is never opened: its row never reaches the owner (policy.ts ownerSeesBid), its
 * amount is in no record, notification or release.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { assertRole } from '../../auth/guards';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { partyNameSql } from '../../db/party-name';
import {
  envelopesSealed,
  evaluationIncomplete,
  evaluationUnknownBid,
  financialOpened,
  notFound,
  notTwoEnvelope,
  projectNotOpen,
  reasonRequired,
  technicalEvaluationDone,
  technicalEvaluationMissing,
  validationFailed,
} from '../../../shared/errors';
import { openedAt } from '../../../shared/tender';
import type { Project, ProjectOpenFinancialArgs } from '../../../shared/schemas/project';
import type { OpeningEntry, TechnicalEvaluationArgs } from '../../../shared/schemas/tender';
import type { TechnicalEnvelope } from '../../../shared/schemas/bid-document';
import type { MutationDeps } from '../sync/contracts';
import { notify } from '../notifications/notify';
import { recordAudit } from '../audit/record';
import { envelopeDocumentsSql } from './bid-documents';
import { bidPolicy, canSeeProject, envelopePolicy, projectPolicy } from './policy';
import { presentProject, type LockedProject } from './queries';
import { lockOwnProject } from './service';
import { openingChanges } from './tender-opening';

/** Technical envelopes as the API presents them: of live bids by live contractors on live projects. Aliases b, p, cu, cp. */
export function envelopeQuery(db: Knex) {
  return db('bids as b')
    .join('projects as p', 'p.id', 'b.project_id')
    .join('users as gu', 'gu.id', 'p.government_id')
    .join('users as cu', 'cu.id', 'b.contractor_id')
    .leftJoin('profiles as cp', 'cp.user_id', 'b.contractor_id')
    .whereNull('p.deleted_at')
    .whereNull('gu.deleted_at')
    .whereNull('cu.deleted_at')
    .whereNotNull('b.technical')
    .select(
      'b.id',
      'b.id as bid_id',
      'b.project_id',
      'b.contractor_id',
      db.raw(`${partyNameSql('cp', 'cu')} as contractor_name`),
      'b.technical',
      db.raw(`${envelopeDocumentsSql} as documents`),
      'b.bid_bond',
      'b.bid_bond_compliant',
      db.raw(`case when b.technical_pass is null then null else json_build_object('pass', b.technical_pass, 'reason', b.technical_reason) end as result`),
      'b.received_at',
      'b.updated_at',
    )
    .orderBy([
      { column: 'b.received_at', order: 'asc' },
      { column: 'b.id', order: 'asc' },
    ]);
}

/**
 * GET /api/projects/{id}/technical-envelopes: to the owner every live bid's from the opening
 * (before it 409 envelopes_sealed); to a contractor its own; 404 to whoever cannot see the
 * project. A one-envelope tender has none.
 */
export async function listEnvelopes(db: Knex, user: SessionUser, projectId: string, now: Date): Promise<TechnicalEnvelope[]> {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  const project = await db('projects').where({ id: projectId }).first('government_id', 'status', 'opens_at', 'opened_at');
  const q = envelopeQuery(db).where('b.project_id', projectId);
  if (project.government_id !== user.account_id) return q.where('b.contractor_id', user.account_id);
  if (!openedAt(project, now)) throw envelopesSealed();
  return q.whereNot('b.status', 'withdrawn');
}

/** The owner's two-envelope tender, locked and settled, that is open: the common checks of both steps. */
async function ownTwoEnvelopeTender(trx: Knex.Transaction, user: SessionUser, id: string, now: Date): Promise<LockedProject> {
  assertRole(user, 'government');
  const project = await lockOwnProject(trx, user, id, now);
  if (project.envelopes !== 2) throw notTwoEnvelope();
  if (project.status !== 'open') throw projectNotOpen('This tender is no longer open');
  return project;
}

/** Live bids of the project (not withdrawn, live bidders), their bidders and bonds. */
const liveBids = (trx: Knex.Transaction, projectId: string): Promise<Array<{ id: string; contractor_id: string; bid_bond: unknown; technical_pass: boolean | null }>> =>
  trx('bids as b')
    .join('users as cu', 'cu.id', 'b.contractor_id')
    .whereNull('cu.deleted_at')
    .where('b.project_id', projectId)
    .whereNot('b.status', 'withdrawn')
    .select('b.id', 'b.contractor_id', 'b.bid_bond', 'b.technical_pass');

/** Rewrites the opening record's entries (under the project's lock). */
async function updateRecord(trx: Knex.Transaction, projectId: string, edit: (record: OpeningEntry[]) => OpeningEntry[], extra: Record<string, unknown> = {}) {
  const row: { record: OpeningEntry[] } = await trx('tender_openings').where({ project_id: projectId }).forUpdate().first('record');
  await trx('tender_openings').where({ project_id: projectId }).update({ record: JSON.stringify(edit(row.record)), ...extra });
}

/**
 * POST /api/projects/{id}/technical-evaluation: one verdict per live bid, in the phase
 * technical_evaluation, once. Answers the project.
 */
export async function evaluateTechnical(trx: Knex.Transaction, user: SessionUser, args: TechnicalEvaluationArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Project> {
  const now = clock.now();
  const project = await ownTwoEnvelopeTender(trx, user, args.id, now);
  if (!project.opened_at) throw envelopesSealed();
  if (project.technical_evaluated_at) throw technicalEvaluationDone();
  const bids = await liveBids(trx, project.id);
  const live = new Map(bids.map((b) => [b.id, b]));
  const seen = new Set<string>();
  for (const r of args.results) {
    if (!live.has(r.bid_id)) throw evaluationUnknownBid(r.bid_id);
    if (seen.has(r.bid_id)) throw validationFailed('One verdict per bid', [{ path: 'results', message: r.bid_id, code: 'duplicate' }]);
    seen.add(r.bid_id);
  }
  const missing = bids.filter((b) => !seen.has(b.id)).map((b) => b.id);
  if (missing.length) throw evaluationIncomplete(missing);
  const failNoReason = args.results.find((r) => !r.pass && !r.reason);
  if (failNoReason) throw reasonRequired(failNoReason.bid_id);

  for (const r of args.results) await trx('bids').where({ id: r.bid_id }).update({ technical_pass: r.pass, technical_reason: r.pass ? (r.reason ?? null) : r.reason });
  await trx('projects').where({ id: project.id }).update({ technical_evaluated_at: now });
  const failedCount = args.results.filter((r) => !r.pass).length;
  await recordAudit(trx, {
    actor: user,
    action: 'tender.technical_evaluation',
    record_type: 'project',
    record_id: project.id,
    changes: { technical_evaluated_at: [null, now], passed: [null, args.results.length - failedCount], failed: [null, failedCount] },
  });
  const verdict = new Map(args.results.map((r) => [r.bid_id, r.pass]));
  await updateRecord(trx, project.id, (record) => record.map((e) => ({ ...e, technical_pass: verdict.get(e.bid_id) ?? e.technical_pass })));
  project.technical_evaluated_at = now;

  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    ...bids.map((b): ChangeEntry => ({ entity: 'technical_envelope', id: b.id, audiences: envelopePolicy.audiences({ contractor_id: b.contractor_id, government_id: project.government_id }) })),
    // The bid row's verdict is its bidder's news; the owner gets no bid row before the financial opening.
    ...bids.map((b): ChangeEntry => ({ entity: 'bid', id: b.id, audiences: [{ user: b.contractor_id }] })),
    ...(await openingChanges(trx, project, false)),
  ]);
  const params = { project_title: project.title, project_id: project.id };
  for (const r of args.results) {
    const bid = live.get(r.bid_id)!;
    await notify(trx, {
      to: [bid.contractor_id],
      kind: 'tender.technical_result',
      priority: 'high',
      params: r.pass ? { ...params, pass: true } : { ...params, pass: false, reason: r.reason ?? null, bond_released: !!bid.bid_bond },
    });
  }
  return presentProject(trx, project.id, user, now);
}

/**
 * POST /api/projects/{id}/open-financial: after the technical evaluation, once. The opening
 * record gets the amounts of the passed bids, ranked by amount; the owner their bid rows.
 */
export async function openFinancial(trx: Knex.Transaction, user: SessionUser, args: ProjectOpenFinancialArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Project> {
  const now = clock.now();
  const project = await ownTwoEnvelopeTender(trx, user, args.id, now);
  if (project.financial_opened_at) throw financialOpened();
  if (!project.technical_evaluated_at) throw technicalEvaluationMissing();
  const passed: Array<{ id: string; contractor_id: string; amount: number; estimated_completion_days: number | null }> = await trx('bids as b')
    .join('users as cu', 'cu.id', 'b.contractor_id')
    .whereNull('cu.deleted_at')
    .where({ 'b.project_id': project.id, 'b.technical_pass': true })
    .whereNot('b.status', 'withdrawn')
    .orderBy([
      { column: 'b.amount', order: 'asc' },
      { column: 'b.received_at', order: 'asc' },
      { column: 'b.id', order: 'asc' },
    ])
    .select('b.id', 'b.contractor_id', 'b.amount', 'b.estimated_completion_days');
  const opened = new Map(passed.map((b, i) => [b.id, { rank: i + 1, amount: Number(b.amount), estimated_completion_days: b.estimated_completion_days }]));
  await updateRecord(trx, project.id, (record) => record.map((e) => ({ ...e, ...opened.get(e.bid_id) })), { financial_opened_at: now });
  await trx('projects').where({ id: project.id }).update({ financial_opened_at: now });
  // Only how many were opened: the amounts are in the opening record, the failed ones nowhere.
  await recordAudit(trx, { actor: user, action: 'tender.open_financial', record_type: 'project', record_id: project.id, changes: { financial_opened_at: [null, now], opened: [null, passed.length] } });
  project.financial_opened_at = now;

  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    ...passed.map((b): ChangeEntry => ({ entity: 'bid', id: b.id, audiences: bidPolicy.audiences({ contractor_id: b.contractor_id, government_id: project.government_id, opened: true }) })),
    ...(await openingChanges(trx, project, false)),
  ]);
  await notify(trx, {
    to: [project.government_id, ...passed.map((b) => b.contractor_id)],
    kind: 'tender.opened',
    priority: 'high',
    params: { project_title: project.title, project_id: project.id, bid_count: passed.length, opened_at: now.toISOString() },
  });
  return presentProject(trx, project.id, user, now);
}
