/**
 * The opening of a sealed tender and its record. Bids are taken until a project's
 * opens_at (the end of its deadline day in Riyadh, or the moment its owner closed the
 * bidding: tender-closing.ts). From then on the tender is opened (shared/tender.ts
 * isOpeningDue): the owner sees the bids, and the opening record (every bid not
 * withdrawn, ranked by amount, with its digest) is written once, dated at the opening
 * time, by the first transaction that settles the project (tender-sweep.ts, which also
 * says what readers see before it is written). The opening holds the project FOR UPDATE
 * and a bid holds it FOR SHARE, so a bid is either in the record or refused (bids.ts).
 * The record is the owner's from the opening, and its bidders' and admins' once an award
 * is made (policy.ts openingPolicy). A two-envelope tender's opening opens the technical
 * envelopes only: its record lists the bids without amounts until the financial opening
 * (tender-envelopes.ts). Each entry says whether the bid's bond was compliant.
 *
 * Times are the app's clock (server/clock.ts), which the test clock moves.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { forbidden, notFound, tenderNotOpened } from '../../../shared/errors';
import { bidBondCompliant, isBiddingClosed, isOpeningDue } from '../../../shared/tender';
import type { OpeningEntry, OpeningRecord } from '../../../shared/schemas/tender';
import { notify } from '../notifications/notify';
import { bidQuery, type LockedProject } from './queries';
import { canSeeProject, openingPolicy, projectPolicy } from './policy';
import { partyNameSql } from '../../db/party-name';
import { recordAudit } from '../audit/record';

/** Every bidder still in the running (not withdrawn, live user) of a project. */
export async function bidderIds(db: Knex, projectId: string): Promise<string[]> {
  const rows: Array<{ contractor_id: string }> = await bidQuery(db).where('b.project_id', projectId).whereNot('b.status', 'withdrawn').select('b.contractor_id');
  return rows.map((r) => r.contractor_id);
}

/** The opening record's changes: to the owner, and to every bidder once the outcome is known to them. */
export async function openingChanges(db: Knex, project: { id: string; government_id: string }, withBidders: boolean): Promise<ChangeEntry[]> {
  const bidders = withBidders ? await bidderIds(db, project.id) : [];
  const audiences = [{ user: project.government_id }, ...bidders.map((b) => ({ user: b }))];
  return [{ entity: 'tender_opening', id: project.id, audiences }];
}

/** What the entries of an opening record depend on of its project. */
type OpeningProject = Pick<LockedProject, 'id' | 'envelopes' | 'bid_bond_percent' | 'opens_at'>;

/**
 * The entries of a project's opening record: every bid not withdrawn, with whether its bid
 * bond covers the bid validity (null when no bond is asked). One envelope: ranked by
 * amount (then time received, then id). Two envelopes: in the order received, with no
 * rank, amount or days (the financial envelopes stay sealed; tender-envelopes.ts fills in
 * the bids that pass at the financial opening).
 */
async function openingEntries(db: Knex, project: OpeningProject): Promise<OpeningEntry[]> {
  const sealed = project.envelopes === 2;
  const bids: Array<{
    id: string;
    contractor_id: string;
    contractor_name: string | null;
    amount: string | number;
    estimated_completion_days: number | null;
    digest: string;
    received_at: Date;
    bid_bond: { expires_on: string } | null;
  }> = await bidQuery(db)
    .where('b.project_id', project.id)
    .whereNot('b.status', 'withdrawn')
    .clearSelect()
    .select('b.id', 'b.contractor_id', db.raw(`${partyNameSql('cp', 'cu')} as contractor_name`), 'b.amount', 'b.estimated_completion_days', 'b.digest', 'b.received_at', 'b.bid_bond')
    .orderBy([...(sealed ? [] : [{ column: 'b.amount', order: 'asc' as const }]), { column: 'b.received_at', order: 'asc' }, { column: 'b.id', order: 'asc' }]);
  return bids.map((b, i) => ({
    rank: sealed ? null : i + 1,
    bid_id: b.id,
    contractor_id: b.contractor_id,
    contractor_name: b.contractor_name,
    amount: sealed ? null : Number(b.amount),
    estimated_completion_days: sealed ? null : b.estimated_completion_days,
    digest: b.digest,
    received_at: new Date(b.received_at).toISOString(),
    bid_bond_compliant: project.bid_bond_percent === null ? null : bidBondCompliant(b.bid_bond, project.opens_at!),
    technical_pass: null,
  }));
}

/**
 * Makes the opening record of a project locked FOR UPDATE whose opening time has come
 * (by `now`), dated at that time (opens_at: no bid changes after it, so the record is
 * the same whenever it is written); false when there is nothing to open (not open, not
 * due, or opened already).
 */
export async function openTender(trx: Knex.Transaction, project: LockedProject, now: Date): Promise<boolean> {
  if (!isOpeningDue(project, now)) return false;
  const openedAt = new Date(project.opens_at!);
  // Read after the lock: every bid committed before it is here, and no other can come.
  const record = await openingEntries(trx, project);
  await trx('tender_openings').insert({ project_id: project.id, opened_at: openedAt, bid_count: record.length, record: JSON.stringify(record) });
  await trx('projects').where({ id: project.id }).update({ opened_at: openedAt });
  // Each bid's bond marked against the moment the bidding closed (the bidder's row changes).
  const bonds = project.bid_bond_percent === null ? [] : record;
  for (const b of bonds) await trx('bids').where({ id: b.bid_id }).update({ bid_bond_compliant: b.bid_bond_compliant });
  // Opened by its time: the system's act, for the owner.
  await recordAudit(trx, {
    actor: null,
    company_id: project.government_id,
    action: 'tender.open',
    record_type: 'project',
    record_id: project.id,
    changes: { opened_at: [null, openedAt], bid_count: [null, record.length] },
  });
  project.opened_at = openedAt;

  await recordChanges(trx, [
    { entity: 'project', id: project.id, audiences: projectPolicy.audiences({ government_id: project.government_id }) },
    // The owner receives every opened bid now (of two envelopes: every technical envelope, the bids stay sealed); the bidders hold their own.
    ...record.map((b): ChangeEntry => ({ entity: project.envelopes === 2 ? 'technical_envelope' : 'bid', id: b.bid_id, audiences: [{ user: project.government_id }] })),
    ...bonds.map((b): ChangeEntry => ({ entity: 'bid', id: b.bid_id, audiences: [{ user: b.contractor_id }] })),
    ...(await openingChanges(trx, project, false)),
  ]);
  await notify(trx, {
    to: [project.government_id, ...record.map((b) => b.contractor_id)],
    kind: 'tender.opened',
    priority: 'high',
    params: { project_title: project.title, project_id: project.id, bid_count: record.length, opened_at: openedAt.toISOString() },
  });
  return true;
}

/** Opening records as the API presents them. Aliases: o (tender_openings), p (projects). */
export function openingQuery(db: Knex) {
  return db('tender_openings as o')
    .join('projects as p', 'p.id', 'o.project_id')
    .join('users as gu', 'gu.id', 'p.government_id')
    .whereNull('p.deleted_at')
    .whereNull('gu.deleted_at')
    .select('o.project_id as id', 'o.project_id', 'o.opened_at', 'o.bid_count', 'o.record', 'o.financial_opened_at');
}

/**
 * GET /api/projects/{id}/opening: the project's owner after the opening; its bidders and
 * admins once an award was made. Before the opening 409 tender_not_opened; a bidder
 * before the award 409 tender_not_opened too (the outcome is not known to them yet). From
 * the opening time on, the owner gets the record even before the upkeep has written it:
 * made from the bids as the upkeep will make it (tender-sweep.ts), with nothing written.
 */
export async function getOpening(db: Knex, user: SessionUser, projectId: string, now: Date): Promise<OpeningRecord> {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  const row = await openingPolicy.visible(openingQuery(db).where('o.project_id', projectId), user).first();
  if (row) return row;
  const project: Pick<LockedProject, 'id' | 'government_id' | 'status' | 'opens_at' | 'opened_at' | 'envelopes' | 'bid_bond_percent'> = await db('projects')
    .where({ id: projectId })
    .first('id', 'government_id', 'status', 'opens_at', 'opened_at', 'envelopes', db.raw('bid_bond_percent::float8 as bid_bond_percent'));
  const isOwner = project.government_id === user.account_id;
  if (isOwner && isOpeningDue(project, now)) {
    const record = await openingEntries(db, project);
    return { id: projectId, project_id: projectId, opened_at: new Date(project.opens_at!).toISOString(), bid_count: record.length, record, financial_opened_at: null };
  }
  const isBidder = !!(await db('bids').where({ project_id: projectId, contractor_id: user.account_id }).whereNot('status', 'withdrawn').first('id'));
  if (isOwner || isBidder || user.is_admin) {
    throw tenderNotOpened(isBiddingClosed(project, now) ? 'The opening record is shown to bidders once an award is made' : undefined);
  }
  throw forbidden();
}
