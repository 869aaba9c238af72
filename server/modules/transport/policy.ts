/**
 * Who may see transport requests and offers, and who receives their changes
 * (server/db/policy.ts). REST reads, the sync loaders, the services' change-log writes and
 * the start-up backfill all take it from here.
 */
import type { Knex } from 'knex';
import { forbidden, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { definePolicy } from '../../db/policy';
import { requestQuery } from './queries';

export const requestPolicy = definePolicy<{ requester_id: string }>({
  entity: 'transport_request',
  // Transport companies quote on requests and carry them; the requester follows theirs.
  // Pending requests are public and admins see all, online only (sync/policy.test.ts).
  audience: [{ role: 'transport' }, { user_in: 'requester_id' }],
  rows: (db) => db('transport_requests').whereNull('deleted_at').select('id', 'requester_id'),
  /**
   * A pending request is public (anonymous visitors browse open transport requests).
   * After that only its requester, transport companies (the assigned one among them: only
   * transport users can offer) and admins see it. Alias: r (transport_requests).
   */
  visible(q, user) {
    if (user && (user.is_admin || user.role === 'transport')) return q;
    // A driver sees no request, not even the public listings: they carry prices.
    if (user?.role === 'driver') return q.whereRaw('false');
    return q.where((w) => {
      w.where('r.status', 'pending');
      if (user) w.orWhere('r.requester_id', user.account_id);
    });
  },
});

export const offerPolicy = definePolicy<{ transport_company_id: string; requester_id: string }>({
  entity: 'transport_offer',
  audience: [{ user_in: 'transport_company_id' }, { user_in: 'requester_id' }],
  rows: (db) =>
    db('transport_offers as o')
      .join('transport_requests as r', 'r.id', 'o.transport_request_id')
      .whereNull('r.deleted_at')
      .select('o.id', 'o.transport_company_id', 'r.requester_id'),
  /** An offer is its company's and its requester's business only. Aliases: o (offers), r (requests). */
  visible: (q, user) =>
    user ? q.where((w) => w.where('o.transport_company_id', user.account_id).orWhere('r.requester_id', user.account_id)) : q.whereRaw('false'),
});

/**
 * The refusal for someone who is not allowed to act on a request: 403 when they can see
 * it anyway, 404 when they cannot (so its existence is not revealed).
 */
export async function refuseRequest(db: Knex, user: SessionUser, id: string) {
  const seen = await requestPolicy.visible(requestQuery(db).where('r.id', id), user).first('r.id');
  return seen ? forbidden() : notFound('Transport request');
}
