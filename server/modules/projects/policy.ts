/**
 * Who may see projects and bids, and who receives their changes (server/db/policy.ts).
 * REST reads, the sync loaders, the services' change-log writes and the start-up backfill
 * all take it from here.
 *
 * Bids are sealed: until the project's opening only their bidder sees one; from the
 * opening its project's owner too (a withdrawn bid never: it is returned unopened). Not
 * admins, not other contractors. A sealed bid's changes are addressed to its bidder only,
 * so the owner's device never receives one, not even as a delete. How many bids there are
 * is sealed too: until the opening a project's bid_count is its owner's alone (null for
 * everyone else, queries.ts projectQuery), so a bid's change of the count is addressed to
 * the owner alone (countAudiences).
 */
import type { Knex } from 'knex';
import { forbidden, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import type { Audience } from '../../db/changes';
import { definePolicy } from '../../db/policy';
import { liveProjects } from './queries';

export const projectPolicy = definePolicy<{ government_id: string }>({
  entity: 'project',
  // Contractors bid on open projects and keep those they bid on; the owner manages it.
  // Governments see other governments' open projects and admins see all, online only
  // (the narrowing is listed in sync/policy.test.ts).
  audience: [{ role: 'contractor' }, { user_in: 'government_id' }],
  rows: (db) => db('projects').whereNull('deleted_at').select('id', 'government_id'),
  /**
   * Admins everything; the owner its own; contractors and governments the open ones; a
   * contractor also any project they bid on (so an awarded project stays in the view of
   * the contractors who competed for it). Aliases: p (projects).
   */
  visible(q, user) {
    if (!user) return q.whereRaw('false');
    if (user.is_admin) return q;
    return q.where((w) => {
      w.where('p.government_id', user.account_id);
      if (user.role === 'contractor' || user.role === 'government') w.orWhere('p.status', 'open');
      if (user.role === 'contractor') {
        w.orWhereExists((s) => s.select(1).from('bids as vb').whereRaw('vb.project_id = p.id').where('vb.contractor_id', user.account_id));
      }
    });
  },
});

/**
 * The owner sees a bid (aliases b, p): opened (the record written), not withdrawn, and in a
 * two-envelope tender only once its financial envelopes are opened and only when it passed
 * the technical evaluation; a failed bid's financial envelope is never opened for anyone
 * but its bidder. ownerSeesBid is the same rule in TypeScript.
 */
export const OWNER_SEES_BID = `(p.opened_at is not null and b.status <> 'withdrawn' and (p.envelopes = 1 or (p.financial_opened_at is not null and b.technical_pass is true)))`;

export function ownerSeesBid(
  p: { opened_at: Date | string | null; envelopes: number; financial_opened_at: Date | string | null },
  b: { status: string; technical_pass: boolean | null },
): boolean {
  return !!p.opened_at && b.status !== 'withdrawn' && (p.envelopes !== 2 || (!!p.financial_opened_at && b.technical_pass === true));
}

const sealedBidPolicy = definePolicy<{ contractor_id: string; government_id: string }>({
  entity: 'bid',
  audience: [{ user_in: 'contractor_id' }, { user_in: 'government_id' }],
  // A sealed (or withdrawn, or failed) bid's second audience is its bidder again, not the owner.
  rows: (db) =>
    db('bids as b')
      .join('projects as p', 'p.id', 'b.project_id')
      .whereNull('p.deleted_at')
      .select('b.id', 'b.contractor_id', db.raw(`case when ${OWNER_SEES_BID} then p.government_id else b.contractor_id end as government_id`)),
  /** Its bidder, and its project's owner once OWNER_SEES_BID. Aliases: b (bids), p (projects). */
  visible: (q, user) =>
    user
      ? q.where((w) => w.where('b.contractor_id', user.account_id).orWhere((o) => o.where('p.government_id', user.account_id).whereRaw(OWNER_SEES_BID)))
      : q.whereRaw('false'),
});

/** The owner is an audience of a bid only once it sees it (`opened`: ownerSeesBid, or for a one-envelope tender its opening record exists and the bid is not withdrawn). */
export const bidPolicy = {
  ...sealedBidPolicy,
  audiences: (row: { contractor_id: string; government_id: string; opened: boolean }) =>
    row.opened ? sealedBidPolicy.audiences(row) : [{ user: row.contractor_id }],
};

/**
 * Who hears that a project's bid_count changed before the opening (a bid or a withdrawal):
 * its owner, the only one who sees the count until then. Everyone else would pull the same
 * row again, and learn from the signal alone that a bid came in.
 */
export const countAudiences = (p: { government_id: string }): Audience[] => [{ user: p.government_id }];

/**
 * The opening record: its project's owner from the opening; every bidder (not withdrawn)
 * and admins once an award was made or the project left `open` (the outcome is then
 * public to those concerned). Aliases: o (tender_openings), p (projects).
 */
export const openingPolicy = definePolicy<{ government_id: string; bidder_id: string }>({
  entity: 'tender_opening',
  audience: [{ user_in: 'government_id' }, { user_in: 'bidder_id' }],
  // The owner always; each bidder (not withdrawn) once the outcome is known, else the owner again.
  rows: (db) =>
    db('tender_openings as o')
      .join('projects as p', 'p.id', 'o.project_id')
      .leftJoin('bids as b', (j) => j.on('b.project_id', '=', 'o.project_id').andOnVal('b.status', '<>', 'withdrawn'))
      .whereNull('p.deleted_at')
      .select(
        'o.project_id as id',
        'p.government_id',
        db.raw(
          `case when b.contractor_id is not null
                 and (p.awarded_at is not null or p.status <> 'open' or exists (select 1 from award_objections ao where ao.project_id = p.id))
                then b.contractor_id else p.government_id end as bidder_id`,
        ),
      ),
  visible(q, user) {
    if (!user) return q.whereRaw('false');
    const outcomeKnown = (w: Knex.QueryBuilder) => w.whereNotNull('p.awarded_at').orWhereNot('p.status', 'open').orWhereExists(objectionOn);
    return q.where((w) => {
      w.where('p.government_id', user.account_id);
      if (user.is_admin) w.orWhere(outcomeKnown);
      w.orWhere((o) =>
        o
          .whereExists((s) =>
            s.select(1).from('bids as vb').whereRaw('vb.project_id = p.id').where('vb.contractor_id', user.account_id).whereNot('vb.status', 'withdrawn'),
          )
          .where(outcomeKnown),
      );
    });
  },
});

/** An award was made once on the project (an objection exists only against an award). */
function objectionOn(this: Knex.QueryBuilder) {
  this.select(1).from('award_objections as ao').whereRaw('ao.project_id = p.id');
}

/**
 * An objection: its objector, the project's owner, and the bidder whose award it objects
 * to. Aliases: ob (award_objections), p (projects), ab (the awarded bid).
 */
export const objectionPolicy = definePolicy<{ contractor_id: string; government_id: string; awarded_contractor_id: string }>({
  entity: 'objection',
  audience: [{ user_in: 'contractor_id' }, { user_in: 'government_id' }, { user_in: 'awarded_contractor_id' }],
  rows: (db) =>
    db('award_objections as ob')
      .join('projects as p', 'p.id', 'ob.project_id')
      .join('bids as ab', 'ab.id', 'ob.award_bid_id')
      .whereNull('p.deleted_at')
      .select('ob.id', 'ob.contractor_id', 'p.government_id', 'ab.contractor_id as awarded_contractor_id'),
  visible: (q, user) =>
    user
      ? q.where((w) => w.where('ob.contractor_id', user.account_id).orWhere('p.government_id', user.account_id).orWhere('ab.contractor_id', user.account_id))
      : q.whereRaw('false'),
});

/** Whether `user` may see project `id`. */
export async function canSeeProject(db: Knex, user: SessionUser, id: string): Promise<boolean> {
  return !!(await projectPolicy.visible(liveProjects(db).where('p.id', id), user).first('p.id'));
}

/**
 * The refusal for someone who may not act on a project: 403 when they can see it anyway,
 * 404 when they cannot, so its existence is not revealed.
 */
export async function refuseProject(db: Knex, user: SessionUser, id: string) {
  return (await canSeeProject(db, user, id)) ? forbidden() : notFound('Project');
}

/**
 * A tender's documents: every reader of its project (contractors while it is open and those
 * who bid on it, its owner, admins), the project's own rule applied. Aliases: d
 * (project_documents), p (projects).
 */
export const documentPolicy = definePolicy<{ government_id: string }>({
  entity: 'project_document',
  audience: [{ role: 'contractor' }, { user_in: 'government_id' }],
  rows: (db) => db('project_documents as d').join('projects as p', 'p.id', 'd.project_id').whereNull('p.deleted_at').select('d.id', 'p.government_id'),
  visible: (q, user) => projectPolicy.visible(q, user),
});

/**
 * A two-envelope bid's technical envelope (id = the bid's): its bidder always, its
 * project's owner from the opening (the record written) unless the bid was withdrawn.
 * Never an amount (tender-envelopes.ts envelopeQuery). Aliases: b (bids), p (projects).
 */
const OWNER_SEES_ENVELOPE = `(p.opened_at is not null and b.status <> 'withdrawn')`;
export const envelopePolicy = definePolicy<{ contractor_id: string; government_id: string }>({
  entity: 'technical_envelope',
  audience: [{ user_in: 'contractor_id' }, { user_in: 'government_id' }],
  rows: (db) =>
    db('bids as b')
      .join('projects as p', 'p.id', 'b.project_id')
      .whereNull('p.deleted_at')
      .whereNotNull('b.technical')
      .select('b.id', 'b.contractor_id', db.raw(`case when ${OWNER_SEES_ENVELOPE} then p.government_id else b.contractor_id end as government_id`)),
  visible: (q, user) =>
    user
      ? q.where((w) => w.where('b.contractor_id', user.account_id).orWhere((o) => o.where('p.government_id', user.account_id).whereRaw(OWNER_SEES_ENVELOPE)))
      : q.whereRaw('false'),
});
