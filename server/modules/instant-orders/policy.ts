/**
 * Who may see instant orders and their offers, and who receives their changes
 * (server/db/policy.ts). REST reads, the sync loaders, the services' change-log writes and
 * the start-up backfill all take it from here.
 */
import { forbidden, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';
import { definePolicy } from '../../db/policy';

/** Every supplier (they offer on orders) and admins see every order. */
const seesAllOrders = (user: SessionUser) => user.is_admin || user.role === 'supplier';

export const orderPolicy = definePolicy<{ contractor_id: string }>({
  entity: 'instant_order',
  // Admins see every order online only (listed in sync/policy.test.ts).
  audience: [{ role: 'supplier' }, { user_in: 'contractor_id' }],
  rows: (db) => db('instant_orders').whereNull('deleted_at').select('id', 'contractor_id'),
  /** Suppliers and admins every order, a contractor their own. Alias: o (instant_orders). */
  visible: (q, user) => (!user ? q.whereRaw('false') : seesAllOrders(user) ? q : q.where('o.contractor_id', user.account_id)),
});

export const responsePolicy = definePolicy<{ supplier_id: string; contractor_id: string }>({
  entity: 'instant_order_response',
  audience: [{ user_in: 'supplier_id' }, { user_in: 'contractor_id' }],
  rows: (db) =>
    db('instant_order_responses as r')
      .join('instant_orders as o', 'o.id', 'r.instant_order_id')
      .whereNull('o.deleted_at')
      .select('r.id', 'r.supplier_id', 'o.contractor_id'),
  /** Its supplier and the order's contractor. Aliases: r (responses), o (instant_orders). */
  visible: (q, user) => (user ? q.where((w) => w.where('r.supplier_id', user.account_id).orWhere('o.contractor_id', user.account_id)) : q.whereRaw('false')),
});

/**
 * The refusal for someone who may not act on an order that is not theirs: 403 when they
 * can see it anyway (suppliers, admins), 404 when they cannot, so its existence is not
 * revealed.
 */
export const refuseOrder = (user: SessionUser) => (seesAllOrders(user) ? forbidden() : notFound('Instant order'));
