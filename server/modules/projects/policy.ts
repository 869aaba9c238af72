/**
 * Who may see projects and bids, and who receives their changes (server/db/policy.ts).
 * REST reads, the sync loaders, the services' change-log writes and the start-up backfill
 * all take it from here.
 *
 * Bids are sealed: only their bidder and the project's owner ever see one (not admins,
 * not other contractors).
 */
import type { Knex } from 'knex';
import { forbidden, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { definePolicy } from '../../db/policy';
import { projectQuery } from './queries';

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
      w.where('p.government_id', user.id);
      if (user.role === 'contractor' || user.role === 'government') w.orWhere('p.status', 'open');
      if (user.role === 'contractor') {
        w.orWhereExists((s) => s.select(1).from('bids as vb').whereRaw('vb.project_id = p.id').where('vb.contractor_id', user.id));
      }
    });
  },
});

export const bidPolicy = definePolicy<{ contractor_id: string; government_id: string }>({
  entity: 'bid',
  audience: [{ user_in: 'contractor_id' }, { user_in: 'government_id' }],
  rows: (db) =>
    db('bids as b')
      .join('projects as p', 'p.id', 'b.project_id')
      .whereNull('p.deleted_at')
      .select('b.id', 'b.contractor_id', 'p.government_id'),
  /** Its bidder and its project's owner. Aliases: b (bids), p (projects). */
  visible: (q, user) => (user ? q.where((w) => w.where('b.contractor_id', user.id).orWhere('p.government_id', user.id)) : q.whereRaw('false')),
});

/** Whether `user` may see project `id`. */
export async function canSeeProject(db: Knex, user: SessionUser, id: string): Promise<boolean> {
  return !!(await projectPolicy.visible(projectQuery(db).where('p.id', id), user).first('p.id'));
}

/**
 * The refusal for someone who may not act on a project: 403 when they can see it anyway,
 * 404 when they cannot, so its existence is not revealed.
 */
export async function refuseProject(db: Knex, user: SessionUser, id: string) {
  return (await canSeeProject(db, user, id)) ? forbidden() : notFound('Project');
}
