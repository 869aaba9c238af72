/**
 * Projects: what government entities put out for bids, and their lifecycle
 * (shared/lifecycle.ts): open → in_progress when the award of a bid becomes final (after
 * its standstill, tender-award.ts), in_progress → completed, open or in_progress → cancelled. Every function checks the caller's role and ownership
 * itself, because the sync push calls the same functions as the routes.
 *
 * Each transition locks the project row (FOR UPDATE) before it reads the state it decides
 * on; a bid locks it FOR SHARE (bids.ts), so an award and a bid never interleave.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { MutationDeps } from '../sync/contracts';
import type { Page } from '../../db/page';
import { NEWEST_FIRST, page } from '../../db/page';
import type { Clock } from '../../clock';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import { awardWithdrawn, bidFailedTechnical, bidNotFound, invalidTransition, notFound, projectClosed, projectNotOpen, tenderNotOpened, validationFailed } from '../../../shared/errors';
import { isBiddingClosed, isFinancialSealed, tenderDeadline } from '../../../shared/tender';
import { startStandstill } from './tender-award';
import { settleTender } from './tender-sweep';
import { notify } from '../notifications/notify';
import { canTransition } from '../../../shared/lifecycle';
import { bidLifecycle, projectLifecycle } from '../../../shared/lifecycles/projects';
import type {
  Project,
  ProjectAwardArgs,
  ProjectCreate,
  ProjectListQuery,
  ProjectStatusArgs,
} from '../../../shared/schemas/project';
import {
  lockProject,
  presentProject,
  projectQuery,
} from './queries';
import { bidPolicy, canSeeProject, ownerSeesBid, projectPolicy, refuseProject } from './policy';
import { recordAudit } from '../audit/record';
import { assertNotSuspended } from '../../auth/suspension';

/** POST /api/projects: a government entity posts a project (a replayed client id returns it). */
export async function createProject(trx: Knex.Transaction, user: SessionUser, input: ProjectCreate, { clock }: Pick<MutationDeps, 'clock'>): Promise<Saved<Project>> {
  assertNotSuspended(user);
  assertRole(user, 'government');
  const existing = await rowWithId<{ government_id: string; deleted_at: Date | null }>(trx, 'projects', input.id, [
    'government_id',
    'deleted_at',
  ]);
  if (existing) {
    if (existing.government_id !== user.account_id || existing.deleted_at) throw idTaken();
    return { row: await presentProject(trx, existing.id, user, clock.now()), created: false };
  }
  // Bids are taken until the deadline (the end of a date-only deadline's day in Riyadh), then opened;
  // it is judged by the server's clock, never a device's.
  const deadline = tenderDeadline(input);
  if (deadline && new Date(deadline.at) <= clock.now()) {
    const path = input.deadline_at ? 'deadline_at' : 'deadline_date';
    throw validationFailed(`Invalid input: ${path}`, [{ path, message: 'deadline_in_past' }]);
  }
  const opensAt = deadline?.at ?? null;
  if (input.questions_until) {
    // Questions close before the bids do: an answer must reach every bidder in time to bid on it.
    const until = new Date(input.questions_until);
    const problem = until <= clock.now() ? 'questions_until_past' : opensAt && until >= new Date(opensAt) ? 'questions_until_after_deadline' : null;
    if (problem) throw validationFailed('Invalid input: questions_until', [{ path: 'questions_until', message: problem }]);
  }
  const [{ id }] = await insertWithClientId('projects', () =>
    trx('projects')
      .insert({
        id: input.id,
        government_id: user.account_id,
        title: input.title,
        description: input.description,
        location: input.location,
        budget: input.budget ?? null,
        deadline_at: deadline?.at ?? null,
        deadline_date: deadline?.day ?? null,
        opens_at: opensAt,
        requirements: input.requirements ?? null,
        questions_until: input.questions_until ?? null,
        envelopes: input.envelopes ?? 1,
        bid_bond_percent: input.bid_bond_percent ?? null,
      })
      .returning('id'),
  );
  await recordAudit(trx, {
    actor: user,
    action: 'tender.publish',
    record_type: 'project',
    record_id: id,
    changes: {
      title: [null, input.title],
      status: [null, 'open'],
      budget: [null, input.budget ?? null],
      deadline_at: [null, deadline?.at ?? null],
      envelopes: [null, input.envelopes ?? 1],
      bid_bond_percent: [null, input.bid_bond_percent ?? null],
    },
  });
  await recordChanges(trx, [{ entity: 'project', id, audiences: projectPolicy.audiences({ government_id: user.account_id }) }]);
  return { row: await presentProject(trx, id, user, clock.now()), created: true };
}

/** GET /api/projects: open projects unless a status is asked for, as far as the caller may see them. */
export async function listProjects(db: Knex, user: SessionUser, query: ProjectListQuery, clock: Clock): Promise<Page<Project>> {
  assertRole(user, 'contractor', 'government', 'admin');
  const q = projectPolicy.visible(projectQuery(db, clock.now(), user), user).where('p.status', query.status ?? 'open');
  return page<Project>(q, { ...query, orderBy: NEWEST_FIRST });
}

/** GET /api/projects/my: the caller's own projects, every status unless one is asked for. */
export async function listMyProjects(db: Knex, user: SessionUser, query: ProjectListQuery, clock: Clock): Promise<Page<Project>> {
  assertRole(user, 'government');
  const q = projectQuery(db, clock.now(), user).where('p.government_id', user.account_id);
  if (query.status) q.where('p.status', query.status);
  return page<Project>(q, { ...query, orderBy: NEWEST_FIRST });
}

/** GET /api/projects/{id}: 404 unless the caller may see it. */
export async function getProject(db: Knex, user: SessionUser, id: string, clock: Clock): Promise<Project> {
  if (!(await canSeeProject(db, user, id))) throw notFound('Project');
  return presentProject(db, id, user, clock.now());
}

/**
 * Locks the project and checks that the caller owns it (403 when they can see it anyway,
 * else 404); then does what time made due on it (tender-sweep.ts settleTender), so the
 * transition decides on the tender as the clock has it.
 */
export async function lockOwnProject(trx: Knex.Transaction, user: SessionUser, id: string, now: Date) {
  const project = await lockProject(trx, id, 'update');
  if (!project) throw notFound('Project');
  if (project.government_id !== user.account_id) throw await refuseProject(trx, user, id);
  await settleTender(trx, project, now);
  return project;
}

/**
 * POST /api/projects/{id}/award: the owner chooses an opened bid. Not before the opening
 * (409 tender_not_opened), and not while another award is in its standstill. The award
 * starts the standstill (tender-award.ts); the bids are accepted and rejected, and the project
 * in_progress, when it becomes final. A bid whose award an upheld objection withdrew
 * cannot be awarded again. The standstill lasts the app's config.standstillDays.
 */
export async function awardProject(trx: Knex.Transaction, user: SessionUser, args: ProjectAwardArgs, { config, clock }: MutationDeps): Promise<Project> {
  assertNotSuspended(user);
  assertRole(user, 'government');
  const now = clock.now();
  const project = await lockOwnProject(trx, user, args.id, now);
  if (!canTransition(projectLifecycle, project.status, 'in_progress', 'owner') || project.awarded_bid_id) {
    throw projectNotOpen(project.awarded_bid_id ? 'This project is already awarded' : 'Bids can only be awarded while the project is open');
  }
  if (!isBiddingClosed(project, now)) throw tenderNotOpened('No award before the opening');
  if (isFinancialSealed(project)) throw tenderNotOpened('No award before the financial envelopes are opened');
  const bid = await trx('bids as b')
    .where({ 'b.id': args.bid_id, 'b.project_id': project.id })
    .whereExists((s) => s.select(1).from('users as bu').whereRaw('bu.id = b.contractor_id').whereNull('bu.deleted_at'))
    .forUpdate()
    .first('b.id', 'b.status', 'b.contractor_id', 'b.technical_pass');
  if (!bid) throw bidNotFound();
  // A failed bid's financial envelope was never opened: it cannot win.
  if (project.envelopes === 2 && bid.technical_pass !== true) throw bidFailedTechnical();
  if (!canTransition(bidLifecycle, bid.status, 'accepted', 'owner')) {
    throw invalidTransition(`A ${bid.status} bid cannot be accepted`);
  }
  if (await trx('award_objections').where({ award_bid_id: bid.id, status: 'upheld' }).first('id')) {
    throw awardWithdrawn();
  }
  await recordAudit(trx, { actor: user, action: 'tender.award', record_type: 'project', record_id: project.id, changes: { awarded_bid_id: [null, bid.id] } });
  await startStandstill(trx, project, bid, config.standstillDays, now);
  return presentProject(trx, project.id, user, now);
}

/**
 * POST /api/projects/{id}/status: the owner completes an in_progress project or cancels
 * an open or in_progress one. Cancelling rejects the bids still submitted and tells the
 * bidders who were still in the running (submitted, or accepted).
 */
export async function changeProjectStatus(trx: Knex.Transaction, user: SessionUser, args: ProjectStatusArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Project> {
  assertRole(user, 'government');
  const now = clock.now();
  const project = await lockOwnProject(trx, user, args.id, now);
  if (!canTransition(projectLifecycle, project.status, args.status, 'owner')) {
    // A finished project is the one refusal a screen can meet (another device or colleague finished it first).
    const finished = project.status === 'completed' || project.status === 'cancelled';
    throw finished ? projectClosed(`This project is ${project.status} already`) : invalidTransition(`A ${project.status} project cannot become ${args.status}`);
  }
  await trx('projects').where({ id: project.id }).update({ status: args.status });
  await recordAudit(trx, {
    actor: user,
    action: args.status === 'cancelled' ? 'tender.cancel' : 'tender.complete',
    record_type: 'project',
    record_id: project.id,
    changes: { status: [project.status, args.status] },
  });
  const changes: ChangeEntry[] = [{ entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: user.account_id }) }];

  if (args.status === 'cancelled') {
    const rejected: Array<{ id: string; contractor_id: string; status: string; technical_pass: boolean | null }> = await trx('bids')
      .where({ project_id: project.id, status: 'submitted' })
      .update({ status: 'rejected' })
      .returning(['id', 'contractor_id', 'status', 'technical_pass']);
    changes.push(
      ...rejected.map(
        (b): ChangeEntry => ({ entity: 'bid', id: b.id, audiences: bidPolicy.audiences({ contractor_id: b.contractor_id, government_id: user.account_id, opened: ownerSeesBid(project, b) }) }),
      ),
    );
    const accepted: Array<{ contractor_id: string }> = await trx('bids')
      .where({ project_id: project.id, status: 'accepted' })
      .select('contractor_id');
    const told = [...rejected, ...accepted].map((b) => b.contractor_id);
    await recordChanges(trx, changes);
    if (told.length) {
      await notify(trx, {
        to: told,
        kind: 'project.cancelled',
        params: { project_title: project.title, project_id: project.id },
      });
    }
  } else {
    await recordChanges(trx, changes);
  }
  return presentProject(trx, project.id, user, now);
}
