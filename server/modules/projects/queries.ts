/**
 * How projects and bids are read: the rows as the API presents them (government_name,
 * bid_count, contractor_name, project_title ...) and the row locks of their transitions.
 * Every read of the area, REST or sync, goes through these, so a deleted project or a
 * deleted user's project or bid is hidden everywhere in the same way; who may see which
 * is policy.ts.
 */
import type { Knex } from 'knex';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import type { SessionUser } from '../../auth/session-user';
import { notFound } from '../../../shared/errors';
import { partyNameSql } from '../../db/party-name';
import { scorecardsJsonSql } from '../scorecards/queries';

/**
 * shared/tender.ts phaseOf in SQL, for the projects row aliased `p` at `now`: each branch
 * is the predicate of the same name there (isAwardPending, isBiddingClosed, isFinancialSealed). Any change
 * here or there must keep queries.test.ts (the two agree at every boundary) passing.
 */
export function tenderPhaseSql(db: Knex, now: Date): Knex.Raw {
  return db.raw(
    `(case when p.status <> 'open' then null
           when p.awarded_at is not null and p.award_final_at is null then 'standstill'
           when p.opened_at is not null or p.opens_at <= ?::timestamptz
             then case when p.envelopes = 2 and p.financial_opened_at is null then 'technical_evaluation' else 'evaluation' end
           else 'bidding' end)`,
    [now.toISOString()],
  );
}

/**
 * shared/tender.ts openedAt in SQL, for the projects row aliased `p` at `now`: the
 * opening's time, written or due (isOpeningDue: an open project whose opening time has
 * come is opened for every reader before the upkeep writes its record, tender-sweep.ts).
 * queries.test.ts holds it to openedAt too.
 */
export function openedAtSql(db: Knex, now: Date): Knex.Raw {
  return db.raw(`coalesce(p.opened_at, case when p.status = 'open' and p.opens_at <= ?::timestamptz then p.opens_at end)`, [now.toISOString()]);
}

/** Who a project is presented to: bid_count depends on it (see projectQuery). */
export type Viewer = Pick<SessionUser, 'account_id'> | null | undefined;

/** Live projects of live owners (aliases p, and gu for the owner). */
export function liveProjects(db: Knex) {
  return db('projects as p').join('users as gu', 'gu.id', 'p.government_id').whereNull('p.deleted_at').whereNull('gu.deleted_at');
}

/**
 * Projects as the API presents them to `viewer` at the app's time `now`; live projects
 * of live owners only. The phase, opened_at and bid_count are what the clock says, the
 * opening's record written or not (openedAtSql). bid_count is sealed like the bids
 * (policy.ts): before the opening it is the owner's alone, null for anyone else (and for
 * no viewer, as in the admin list); from the opening everyone who sees the project sees it.
 */
export function projectQuery(db: Knex, now: Date, viewer?: Viewer) {
  return liveProjects(db)
    .leftJoin('profiles as gp', 'gp.user_id', 'p.government_id')
    .select(
      'p.id',
      'p.government_id',
      'p.title',
      'p.description',
      'p.budget',
      'p.location',
      // A date column would arrive as a JS Date at local midnight; the API sends the day.
      'p.deadline_at',
      db.raw(`to_char(p.deadline_date, 'YYYY-MM-DD') as deadline_date`),
      'p.requirements',
      'p.status',
      'p.awarded_bid_id',
      db.raw(`${partyNameSql('gp', 'gu')} as government_name`),
      // Withdrawn bids and bids of deleted users are not bids any more.
      db.raw(
        `case when ? is not null or p.government_id = ?::uuid
              then (select count(*)::int from bids b join users bu on bu.id = b.contractor_id
                     where b.project_id = p.id and b.status <> 'withdrawn' and bu.deleted_at is null)
         end as bid_count`,
        [openedAtSql(db, now), viewer?.account_id ?? null],
      ),
      'p.opens_at',
      db.raw('? as opened_at', [openedAtSql(db, now)]),
      'p.awarded_at',
      'p.standstill_ends_at',
      'p.award_final_at',
      db.raw('? as phase', [tenderPhaseSql(db, now)]),
      'p.questions_until',
      'p.envelopes',
      db.raw('p.bid_bond_percent::float8 as bid_bond_percent'),
      'p.technical_evaluated_at',
      'p.financial_opened_at',
      'p.created_at',
      'p.updated_at',
    );
}

/** Bids as the API presents them; on live projects of live owners, by live contractors. */
export function bidQuery(db: Knex) {
  return db('bids as b')
    .join('projects as p', 'p.id', 'b.project_id')
    .join('users as gu', 'gu.id', 'p.government_id')
    .join('users as cu', 'cu.id', 'b.contractor_id')
    .leftJoin('profiles as cp', 'cp.user_id', 'b.contractor_id')
    .whereNull('p.deleted_at')
    .whereNull('gu.deleted_at')
    .whereNull('cu.deleted_at')
    .select(
      'b.id',
      'b.project_id',
      'b.contractor_id',
      'b.amount',
      'b.proposal',
      'b.estimated_completion_days',
      'b.status',
      db.raw(`${partyNameSql('cp', 'cu')} as contractor_name`),
      db.raw(`coalesce(cp.verification_tier, 'unverified') as contractor_verification_tier`),
      db.raw('coalesce(cp.average_rating, 0) as contractor_average_rating'),
      db.raw('coalesce(cp.total_reviews, 0) as contractor_total_reviews'),
      db.raw(`${scorecardsJsonSql('b.contractor_id')} as contractor_scorecard`),
      'p.title as project_title',
      'p.status as project_status',
      'b.received_at',
      'b.digest',
      // Who of the company sent the current version.
      db.raw('(select name from users where id = b.created_by) as created_by_name'),
      'b.technical',
      'b.bid_bond',
      'b.bid_bond_compliant',
      db.raw(`case when b.technical_pass is null then null else json_build_object('pass', b.technical_pass, 'reason', b.technical_reason) end as technical_result`),
      'b.created_at',
      'b.updated_at',
    );
}

export async function presentProject(db: Knex, id: string, viewer: Viewer, now: Date): Promise<Project> {
  const row = await projectQuery(db, now, viewer).where('p.id', id).first();
  if (!row) throw notFound('Project');
  return row;
}

export async function presentBid(db: Knex, id: string): Promise<Bid> {
  const row = await bidQuery(db).where('b.id', id).first();
  if (!row) throw notFound('Bid');
  return row;
}

/**
 * Locks a live project of a live owner for the rest of the transaction: FOR UPDATE for a
 * transition of the project (award, status), FOR SHARE for a bid or a withdrawal, so a bid
 * and an award on one project run one after the other and the award rejects every bid
 * that committed before it.
 */
export async function lockProject(trx: Knex.Transaction, id: string, mode: 'update' | 'share') {
  const q = trx('projects as p')
    .where('p.id', id)
    .whereNull('p.deleted_at')
    .whereExists((s) => s.select(1).from('users as lu').whereRaw('lu.id = p.government_id').whereNull('lu.deleted_at'))
    .first(
      'p.id',
      'p.government_id',
      'p.title',
      'p.status',
      'p.deadline_date',
      'p.opens_at',
      'p.opened_at',
      'p.awarded_bid_id',
      'p.awarded_at',
      'p.standstill_ends_at',
      'p.award_final_at',
      'p.envelopes',
      trx.raw('p.bid_bond_percent::float8 as bid_bond_percent'),
      'p.technical_evaluated_at',
      'p.financial_opened_at',
    );
  const row: LockedProject | undefined = await (mode === 'update' ? q.forUpdate() : q.forShare());
  return row;
}

export interface LockedProject {
  id: string;
  government_id: string;
  title: string;
  status: Project['status'];
  deadline_date: Date | string | null;
  opens_at: Date | null;
  opened_at: Date | null;
  awarded_bid_id: string | null;
  awarded_at: Date | null;
  standstill_ends_at: Date | null;
  award_final_at: Date | null;
  envelopes: 1 | 2;
  bid_bond_percent: number | null;
  technical_evaluated_at: Date | null;
  financial_opened_at: Date | null;
}

