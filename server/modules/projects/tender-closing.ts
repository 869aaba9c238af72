/**
 * Closing the bidding: the owner of an open project without a deadline ends its bidding
 * now (opens_at = now) and it is opened at once; a project with a deadline opens at the
 * end of its deadline day and cannot be closed early. Closing one already closed returns
 * it unchanged.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { MutationDeps } from '../sync/contracts';
import { recordChanges } from '../../db/changes';
import { assertRole } from '../../auth/guards';
import { invalidTransition, notFound, projectNotOpen } from '../../../shared/errors';
import { isBiddingClosed } from '../../../shared/tender';
import type { Project, ProjectCloseBiddingArgs } from '../../../shared/schemas/project';
import { lockProject, presentProject } from './queries';
import { projectPolicy, refuseProject } from './policy';
import { settleTender } from './tender-sweep';
import { recordAudit } from '../audit/record';

/**
 * POST /api/projects/{id}/close-bidding: the owner of an open project without a deadline
 * ends its bidding now; it is opened at once. Closing a project already closed returns
 * it unchanged (another device of the owner may have done it).
 */
export async function closeBidding(trx: Knex.Transaction, user: SessionUser, args: ProjectCloseBiddingArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Project> {
  assertRole(user, 'government');
  const project = await lockProject(trx, args.id, 'update');
  if (!project) throw notFound('Project');
  if (project.government_id !== user.account_id) throw await refuseProject(trx, user, args.id);
  if (project.status !== 'open') throw projectNotOpen('Only an open project can close its bidding');
  const now = clock.now();
  if (!isBiddingClosed(project, now)) {
    if (project.deadline_date) throw invalidTransition('A project with a deadline opens at its deadline');
    await trx('projects').where({ id: project.id }).update({ opens_at: now });
    await recordAudit(trx, { actor: user, action: 'tender.close_bidding', record_type: 'project', record_id: project.id, changes: { opens_at: [project.opens_at, now] } });
    project.opens_at = now;
    await recordChanges(trx, [{ entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) }]);
  }
  await settleTender(trx, project, now);
  return presentProject(trx, project.id, undefined, now);
}
