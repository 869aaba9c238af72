/**
 * Bids: a contractor's sealed offer on a project. One per contractor and project, only
 * until the project's opening (the end of its deadline day in Riyadh, or when its owner
 * closed the bidding); a second submission amends the first. The bidder may withdraw
 * until the opening; a withdrawal is final (the bid lifecycle has no way back to
 * submitted), so a later submission on that project is refused. Every accepted
 * submission, amendment and withdrawal gets a receipt: the SHA-256 digest of the bid's
 * canonical form with the server time it was received (shared/tender.ts), its technical
 * envelope and bid bond included when it has them.
 *
 * A two-envelope tender's bid carries a technical envelope (a text and bid documents,
 * bid-documents.ts), one-envelope tender's none; a tender asking for a bid bond takes one
 * (a missing or short one is not refused: the opening marks it non-compliant).
 *
 * Until the opening a bid is its bidder's alone: its changes go to the bidder only and
 * the owner is told only that one more bid came in (tender-opening.ts opens them); nobody else
 * learns even that (policy.ts countAudiences).
 *
 * A bid locks its project FOR SHARE, the opening (and an award) FOR UPDATE: whichever comes
 * second sees what the first committed, so a bid or amendment is either in the opening
 * record or refused with deadline_passed, like any late bid.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { NEWEST_FIRST, page, type Page } from '../../db/page';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import {
  bidBondNotTaken,
  bidWithdrawn,
  deadlinePassed,
  envelopesSealed,
  invalidTransition,
  notFound,
  projectNotOpen,
  technicalEnvelopeNotTaken,
  technicalEnvelopeRequired,
  tenderNotOpened,
} from '../../../shared/errors';
import type { Clock } from '../../clock';
import type { MutationDeps } from '../sync/contracts';
import { writeReceipt } from './tender-receipts';
import { bidBondCompliant, bidDigest, isBiddingClosed, isFinancialSealed, openedAt } from '../../../shared/tender';
import { notify } from '../notifications/notify';
import { acceptsSubmissions, canTransition } from '../../../shared/lifecycle';
import { bidLifecycle, projectLifecycle } from '../../../shared/lifecycles/projects';
import type { PaginationQuery } from '../../../shared/schemas/common';
import type { Bid, BidCreate, BidWithdrawArgs } from '../../../shared/schemas/bid';
import type { BidBond } from '../../../shared/schemas/bid-document';
import { assertOwnBidDocuments } from './bid-documents';
import { bidQuery, liveProjects, lockProject, presentBid, type LockedProject } from './queries';
import { OWNER_SEES_BID, bidPolicy, countAudiences, refuseProject } from './policy';
import { assertNotSuspended } from '../../auth/suspension';

type StoredBid = { amount: number; proposal: string; estimated_completion_days: number | null; technical: Technical | null; bid_bond: BidBond | null };
type Technical = { text: string | null; document_ids: string[] };

/** The technical envelope as stored: its text (null when none) and the documents it names. */
const technicalOf = (input: BidCreate): Technical | null => (input.technical ? { text: input.technical.text ?? null, document_ids: input.technical.document_ids } : null);

const sameBid = (row: StoredBid, input: BidCreate) =>
  Number(row.amount) === input.amount &&
  row.proposal === input.proposal &&
  row.estimated_completion_days === (input.estimated_completion_days ?? null) &&
  JSON.stringify(row.technical) === JSON.stringify(technicalOf(input)) &&
  JSON.stringify(row.bid_bond) === JSON.stringify(input.bid_bond ?? null);

/**
 * What a tender takes besides the amount: a two-envelope tender a technical envelope (a
 * text or a document), a one-envelope one none; a bond only when one is asked; every named
 * file the bidder's own bid document of this project.
 */
async function assertEnvelopes(trx: Knex.Transaction, user: SessionUser, project: LockedProject, input: BidCreate): Promise<void> {
  if (project.envelopes === 2) {
    if (!input.technical || (!input.technical.text && !input.technical.document_ids.length)) throw technicalEnvelopeRequired();
  } else if (input.technical) throw technicalEnvelopeNotTaken();
  if (input.bid_bond && project.bid_bond_percent === null) throw bidBondNotTaken();
  await assertOwnBidDocuments(trx, user, project.id, [...(input.technical?.document_ids ?? []), ...(input.bid_bond ? [input.bid_bond.document_id] : [])]);
}

/**
 * POST /api/bids: 201 with the new bid, or 200 with the updated one when the contractor
 * had already bid on this project. Sending the same client id and content again returns
 * the bid unchanged, whatever has happened to the project since.
 */
export async function submitBid(trx: Knex.Transaction, user: SessionUser, input: BidCreate, { clock }: Pick<MutationDeps, 'clock'>): Promise<Saved<Bid>> {
  assertNotSuspended(user);
  assertRole(user, 'contractor');
  const replay = await rowWithId<{ contractor_id: string; project_id: string } & StoredBid>(trx, 'bids', input.id, [
    'contractor_id',
    'project_id',
    'amount',
    'proposal',
    'estimated_completion_days',
    'technical',
    'bid_bond',
  ]);
  if (replay) {
    if (replay.contractor_id !== user.account_id || replay.project_id !== input.project_id) throw idTaken();
    if (sameBid(replay, input)) return { row: await presentBid(trx, replay.id), created: false };
  }

  const project = await lockProject(trx, input.project_id, 'share');
  if (!project) throw notFound('Project');
  if (!acceptsSubmissions(projectLifecycle, project.status)) {
    throw projectNotOpen('This project no longer takes bids');
  }
  // The time is read after the lock: an opening that committed first is seen here.
  const receivedAt = clock.now();
  if (isBiddingClosed(project, receivedAt)) throw deadlinePassed('The bidding of this project has closed and its bids are being opened');
  await assertEnvelopes(trx, user, project, input);

  const days = input.estimated_completion_days ?? null;
  const technical = technicalOf(input);
  const bond = input.bid_bond ?? null;
  const envelope = { technical, bid_bond: bond };
  const digest = await bidDigest({ ...canonicalOf(project.id, user.account_id, input, receivedAt), ...envelope });
  // Judged against the deadline (or, without one yet, now); the opening marks it again against the moment bidding closed.
  const compliant = project.bid_bond_percent === null ? null : bidBondCompliant(bond, project.opens_at ?? receivedAt);
  const upserted = await insertWithClientId('bids', () =>
    trx.raw(
      `insert into bids (id, project_id, contractor_id, amount, proposal, estimated_completion_days, received_at, digest, created_by, technical, bid_bond, bid_bond_compliant)
       values (coalesce(?::uuid, gen_random_uuid()), ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?)
       on conflict (project_id, contractor_id) do update
         set amount = excluded.amount, proposal = excluded.proposal,
             estimated_completion_days = excluded.estimated_completion_days,
             received_at = excluded.received_at, digest = excluded.digest, created_by = excluded.created_by,
             technical = excluded.technical, bid_bond = excluded.bid_bond, bid_bond_compliant = excluded.bid_bond_compliant
         where bids.status = 'submitted'
       returning id, (xmax = 0) as inserted`,
      [
        input.id ?? null,
        project.id,
        user.account_id,
        input.amount,
        input.proposal,
        days,
        receivedAt,
        digest,
        user.id,
        technical && JSON.stringify(technical),
        bond && JSON.stringify(bond),
        compliant,
      ],
    ),
  );
  const row: { id: string; inserted: boolean } | undefined = upserted.rows[0];
  // The project is open, so an existing bid that is not submitted was withdrawn.
  if (!row) throw bidWithdrawn();
  await writeReceipt(trx, {
    bid_id: row.id,
    project_id: project.id,
    contractor_id: user.account_id,
    kind: row.inserted ? 'submitted' : 'amended',
    amount: input.amount,
    estimated_completion_days: days,
    proposal: input.proposal,
    received_at: receivedAt,
  }, envelope);

  // Sealed: the bid's change (and its technical envelope's) goes to its bidder only.
  const changes: ChangeEntry[] = [{ entity: 'bid', id: row.id, audiences: bidPolicy.audiences({ contractor_id: user.account_id, government_id: project.government_id, opened: false }) }];
  if (technical) changes.push({ entity: 'technical_envelope', id: row.id, audiences: [{ user: user.account_id }] });
  // bid_count changed: the owner, the only one who sees it before the opening, gets the project again.
  if (row.inserted) changes.push({ entity: 'project', id: project.id, audiences: countAudiences(project) });
  await recordChanges(trx, changes);
  if (row.inserted) {
    // The owner learns that a bid came in and how many there are, nothing of what it says.
    const count = await trx('bids').where({ project_id: project.id }).whereNot('status', 'withdrawn').count<{ n: string }[]>({ n: '*' });
    await notify(trx, {
      to: [project.government_id],
      kind: 'tender.bid_received',
      params: { project_title: project.title, project_id: project.id, bid_count: Number(count[0].n) },
    });
  }
  return { row: await presentBid(trx, row.id), created: row.inserted };
}

const canonicalOf = (projectId: string, contractorId: string, input: BidCreate, receivedAt: Date) => ({
  project_id: projectId,
  contractor_id: contractorId,
  amount: input.amount,
  estimated_completion_days: input.estimated_completion_days ?? null,
  proposal: input.proposal,
  received_at: receivedAt,
});

/** POST /api/bids/{id}/withdraw: the bidder takes a submitted bid back until the opening. */
export async function withdrawBid(trx: Knex.Transaction, user: SessionUser, args: BidWithdrawArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Bid> {
  assertRole(user, 'contractor');
  // Another contractor's bid is sealed: it does not exist for this caller.
  const bid = await bidQuery(trx).where({ 'b.id': args.id, 'b.contractor_id': user.account_id }).first('b.id', 'b.project_id');
  if (!bid) throw notFound('Bid');

  const project = await lockProject(trx, bid.project_id, 'share');
  if (!project) throw notFound('Bid');
  if (!acceptsSubmissions(projectLifecycle, project.status)) {
    throw projectNotOpen('A bid can only be withdrawn while the project is open');
  }
  const now = clock.now();
  if (isBiddingClosed(project, now)) throw deadlinePassed('A bid can only be withdrawn until the opening');
  const current = await trx('bids').where({ id: bid.id }).forUpdate().first('status', 'amount', 'estimated_completion_days', 'proposal', 'technical', 'bid_bond');
  if (!canTransition(bidLifecycle, current.status, 'withdrawn', 'author')) {
    // While its project is open a bid is submitted or withdrawn: this is a second withdrawal (from another device, say).
    throw current.status === 'withdrawn' ? bidWithdrawn('This bid was withdrawn already') : invalidTransition(`A ${current.status} bid cannot be withdrawn`);
  }
  await trx('bids').where({ id: bid.id }).update({ status: 'withdrawn' });
  await writeReceipt(trx, {
    bid_id: bid.id,
    project_id: project.id,
    contractor_id: user.account_id,
    kind: 'withdrawn',
    amount: Number(current.amount),
    estimated_completion_days: current.estimated_completion_days,
    proposal: current.proposal,
    received_at: now,
  }, { technical: current.technical, bid_bond: current.bid_bond });
  await recordChanges(trx, [
    { entity: 'bid', id: bid.id, audiences: bidPolicy.audiences({ contractor_id: user.account_id, government_id: project.government_id, opened: false }) },
    { entity: 'project', id: project.id, audiences: countAudiences(project) },
    ...(current.technical ? [{ entity: 'technical_envelope' as const, id: bid.id, audiences: [{ user: user.account_id }] }] : []),
  ]);
  return presentBid(trx, bid.id);
}

/** GET /api/bids/my: the contractor's own bids, with their project's title and status. */
export async function listMyBids(db: Knex, user: SessionUser, query: PaginationQuery): Promise<Page<Bid>> {
  assertRole(user, 'contractor');
  return page<Bid>(bidQuery(db).where('b.contractor_id', user.account_id), { ...query, orderBy: NEWEST_FIRST });
}

/**
 * GET /api/projects/{id}/bids: the opened bids of the project, lowest amount first, for
 * its owner only, from the opening time on (shared/tender.ts openedAt: whether or not the
 * upkeep has written the opening yet, tender-sweep.ts); before it 409 tender_not_opened
 * (the project's bid_count tells its owner how many there are). Withdrawn bids are never
 * opened.
 */
export async function listProjectBids(db: Knex, user: SessionUser, projectId: string, query: PaginationQuery, clock: Clock): Promise<Page<Bid>> {
  const project = await liveProjects(db).where('p.id', projectId).first('p.government_id', 'p.status', 'p.opens_at', 'p.opened_at', 'p.envelopes', 'p.financial_opened_at');
  if (!project || project.government_id !== user.account_id) throw await refuseProject(db, user, projectId);
  if (!openedAt(project, clock.now())) throw tenderNotOpened('The bids are sealed until the opening; the project shows how many there are');
  if (isFinancialSealed(project)) throw envelopesSealed('The financial envelopes are sealed until their opening, after the technical evaluation');
  // The owner of an opened project: its bids not withdrawn (policy.ts bidPolicy, at the clock's time); of a two-envelope tender only those that passed.
  const opened = bidQuery(db).where('b.project_id', projectId).whereNot('b.status', 'withdrawn');
  if (project.envelopes === 2) opened.whereRaw(OWNER_SEES_BID);
  return page<Bid>(opened, { ...query, orderBy: LOWEST_FIRST });
}

const LOWEST_FIRST = [
  { column: 'b.amount', order: 'asc' as const },
  { column: 'b.received_at', order: 'asc' as const },
  { column: 'b.id', order: 'asc' as const },
];
