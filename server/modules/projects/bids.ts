/**
 * Bids: a contractor's sealed offer on a project. One per contractor and project, only
 * while the project is open and its deadline day has not passed; a
 * second submission updates the first. The bidder may withdraw while the project is open;
 * a withdrawal is final (the bid lifecycle has no way back to submitted), so a later
 * submission on that project is refused.
 *
 * A bid locks its project FOR SHARE, an award FOR UPDATE: whichever comes second sees
 * what the first committed, so a bid is either in before the award (and rejected by it) or
 * refused with project_not_open.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { page, type Page } from '../../db/page';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import { conflict, deadlinePassed, invalidTransition, notFound, projectNotOpen } from '../../../shared/errors';
import { notify } from '../notifications/notify';
import { acceptsSubmissions, canTransition } from '../../../shared/lifecycle';
import type { PaginationQuery } from '../../../shared/schemas/common';
import type { Bid, BidCreate, BidWithdrawArgs } from '../../../shared/schemas/bid';
import {
  NEWEST_FIRST,
  bidQuery,
  displayName,
  lockProject,
  presentBid,
  projectQuery,
} from './queries';
import { bidPolicy, projectPolicy, refuseProject } from './policy';

const sameBid = (row: { amount: number; proposal: string; estimated_completion_days: number | null }, input: BidCreate) =>
  Number(row.amount) === input.amount &&
  row.proposal === input.proposal &&
  row.estimated_completion_days === (input.estimated_completion_days ?? null);

/**
 * POST /api/bids: 201 with the new bid, or 200 with the updated one when the contractor
 * had already bid on this project. Sending the same client id and content again returns
 * the bid unchanged, whatever has happened to the project since.
 */
export async function submitBid(trx: Knex.Transaction, user: SessionUser, input: BidCreate): Promise<Saved<Bid>> {
  assertRole(user, 'contractor');
  const replay = await rowWithId<{ contractor_id: string; project_id: string; amount: number; proposal: string; estimated_completion_days: number | null }>(
    trx,
    'bids',
    input.id,
    ['contractor_id', 'project_id', 'amount', 'proposal', 'estimated_completion_days'],
  );
  if (replay) {
    if (replay.contractor_id !== user.id || replay.project_id !== input.project_id) throw idTaken();
    if (sameBid(replay, input)) return { row: await presentBid(trx, replay.id), created: false };
  }

  const project = await lockProject(trx, input.project_id, 'share');
  if (!project) throw notFound('Project');
  if (!acceptsSubmissions('project', project.status)) {
    throw projectNotOpen('This project no longer takes bids');
  }
  if (project.deadline_passed) throw deadlinePassed();

  const days = input.estimated_completion_days ?? null;
  const upserted = await insertWithClientId('bids', () =>
    trx.raw(
      `insert into bids (id, project_id, contractor_id, amount, proposal, estimated_completion_days)
       values (coalesce(?::uuid, gen_random_uuid()), ?, ?, ?, ?, ?)
       on conflict (project_id, contractor_id) do update
         set amount = excluded.amount, proposal = excluded.proposal,
             estimated_completion_days = excluded.estimated_completion_days
         where bids.status = 'submitted'
       returning id, (xmax = 0) as inserted`,
      [input.id ?? null, project.id, user.id, input.amount, input.proposal, days],
    ),
  );
  const row: { id: string; inserted: boolean } | undefined = upserted.rows[0];
  // The project is open, so an existing bid that is not submitted was withdrawn.
  if (!row) throw invalidTransition('You withdrew your bid on this project; a withdrawal is final');

  const changes: ChangeEntry[] = [{ entity: 'bid', id: row.id, audiences: bidPolicy.audiences({ contractor_id: user.id, government_id: project.government_id }) }];
  // bid_count changed: everyone holding the project gets it again.
  if (row.inserted) changes.push({ entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) });
  await recordChanges(trx, changes);
  if (row.inserted) {
    await notify(trx, {
      to: [project.government_id],
      kind: 'bid.new',
      type: 'system',
      params: {
        company: await displayName(trx, user.id),
        amount: input.amount,
        project_title: project.title,
        project_id: project.id,
        bid_id: row.id,
      },
    });
  }
  return { row: await presentBid(trx, row.id), created: row.inserted };
}

/** POST /api/bids/{id}/withdraw: the bidder takes a submitted bid back while the project is open. */
export async function withdrawBid(trx: Knex.Transaction, user: SessionUser, args: BidWithdrawArgs): Promise<Bid> {
  assertRole(user, 'contractor');
  // Another contractor's bid is sealed: it does not exist for this caller.
  const bid = await bidQuery(trx).where({ 'b.id': args.id, 'b.contractor_id': user.id }).first('b.id', 'b.project_id');
  if (!bid) throw notFound('Bid');

  const project = await lockProject(trx, bid.project_id, 'share');
  if (!project) throw notFound('Bid');
  if (!acceptsSubmissions('project', project.status)) {
    throw projectNotOpen('A bid can only be withdrawn while the project is open');
  }
  const current = await trx('bids').where({ id: bid.id }).forUpdate().first('status');
  if (!canTransition('bid', current.status, 'withdrawn', 'author')) {
    throw invalidTransition(`A ${current.status} bid cannot be withdrawn`);
  }
  await trx('bids').where({ id: bid.id }).update({ status: 'withdrawn' });
  await recordChanges(trx, [
    { entity: 'bid', id: bid.id, audiences: bidPolicy.audiences({ contractor_id: user.id, government_id: project.government_id }) },
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
  ]);
  return presentBid(trx, bid.id);
}

/** GET /api/bids/my: the contractor's own bids, with their project's title and status. */
export async function listMyBids(db: Knex, user: SessionUser, query: PaginationQuery): Promise<Page<Bid>> {
  assertRole(user, 'contractor');
  return page<Bid>(bidQuery(db).where('b.contractor_id', user.id), { ...query, orderBy: NEWEST_FIRST });
}

/** GET /api/projects/{id}/bids: every bid on the project, for its owner only (bids are sealed). */
export async function listProjectBids(db: Knex, user: SessionUser, projectId: string, query: PaginationQuery): Promise<Page<Bid>> {
  const project = await projectQuery(db).where('p.id', projectId).first('p.government_id');
  if (!project || project.government_id !== user.id) throw await refuseProject(db, user, projectId);
  return page<Bid>(bidQuery(db).where('b.project_id', projectId), { ...query, orderBy: NEWEST_FIRST });
}
