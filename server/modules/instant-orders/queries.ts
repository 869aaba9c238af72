/**
 * How instant orders and their offers (instant_order_responses) are read: the rows as the
 * API presents them (contractor_name, response_count, the calling supplier's own offer,
 * supplier_name ...) and the row locks of their transitions. Every read of the area, REST
 * or sync, goes through these; who may see which is policy.ts.
 *
 * An order whose expires_at has passed is presented as expired even before the sweep
 * (expiry.ts) has written it, so no reader ever sees an overdue order as active; "passed"
 * at the app's `now` (the caller's clock), by the shared rule's SQL twin (db/time-rules.ts).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { InstantOrderStatus } from '../../../shared/lifecycles/instant-orders';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { notFound } from '../../../shared/errors';
import { orderStatusAt } from '../../../shared/instant-order-expiry';
import { overdueSql, stillActiveSql } from '../../db/time-rules';
import { partyNameSql } from '../../db/party-name';

/** Instant orders as the API presents them at `now` (without my_response: see withMyResponses); live orders of live owners. */
export function orderQuery(db: Knex, now: Date) {
  return db('instant_orders as o')
    .join('users as ou', 'ou.id', 'o.contractor_id')
    .leftJoin('profiles as op', 'op.user_id', 'o.contractor_id')
    .whereNull('o.deleted_at')
    .whereNull('ou.deleted_at')
    .select(
      'o.id',
      'o.contractor_id',
      'o.title',
      'o.description',
      'o.quantity',
      'o.unit',
      'o.category_id',
      'o.location',
      'o.urgency_level',
      'o.budget_range_min',
      'o.budget_range_max',
      'o.delivery_deadline',
      'o.expires_at',
      db.raw(`case when ? then 'expired' else o.status end as status`, [overdueSql(db, now)]),
      'o.accepted_response_id',
      'o.site_id',
      'o.budget_line_id',
      'o.purchase_request_id',
      db.raw(`${partyNameSql('op', 'ou')} as contractor_name`),
      // Offers of deleted suppliers are hidden, so they are not counted either.
      db.raw(
        `(select count(*)::int from instant_order_responses r join users ru on ru.id = r.supplier_id
           where r.instant_order_id = o.id and ru.deleted_at is null) as response_count`,
      ),
      'o.created_at',
      'o.updated_at',
    );
}

/** Filters an order query by the status readers see at `now` (an overdue active order is expired). */
export function whereStatus(db: Knex, q: Knex.QueryBuilder, status: InstantOrderStatus, now: Date): Knex.QueryBuilder {
  if (status === 'active') return q.where(stillActiveSql(db, now));
  if (status === 'expired') return q.where((w) => w.where('o.status', 'expired').orWhere(overdueSql(db, now)));
  return q.where('o.status', status);
}

/** Offers as the API presents them; on live orders of live owners, by live suppliers. */
export function responseQuery(db: Knex) {
  return db('instant_order_responses as r')
    .join('instant_orders as o', 'o.id', 'r.instant_order_id')
    .join('users as ou', 'ou.id', 'o.contractor_id')
    .join('users as su', 'su.id', 'r.supplier_id')
    .leftJoin('profiles as sp', 'sp.user_id', 'r.supplier_id')
    .whereNull('o.deleted_at')
    .whereNull('ou.deleted_at')
    .whereNull('su.deleted_at')
    .select(
      'r.id',
      'r.instant_order_id',
      'r.supplier_id',
      'r.offered_price',
      'r.delivery_time_hours',
      'r.notes',
      'r.vat_category',
      'r.exemption_reason_code',
      'r.status',
      db.raw(`${partyNameSql('sp', 'su')} as supplier_name`),
      db.raw(`coalesce(sp.verification_tier, 'unverified') as supplier_verification_tier`),
      // Only the supplier and the order's contractor ever see an offer (policy.ts).
      'sp.address as supplier_address',
      'sp.city as supplier_city',
      // Who of the supplier's company sent the current version.
      db.raw('(select name from users where id = r.created_by) as created_by_name'),
      'r.created_at',
      'r.updated_at',
    );
}

/**
 * Adds my_response: for a supplier, their own offer on each order (or null); null for
 * everyone else, so every reader gets the same shape.
 */
export async function withMyResponses(db: Knex, user: SessionUser, orders: InstantOrder[]): Promise<InstantOrder[]> {
  const mine = new Map<string, InstantOrderResponse>();
  if (user.role === 'supplier' && orders.length) {
    const rows: InstantOrderResponse[] = await responseQuery(db)
      .whereIn(
        'r.instant_order_id',
        orders.map((o) => o.id),
      )
      .where('r.supplier_id', user.account_id);
    for (const r of rows) mine.set(r.instant_order_id, r);
  }
  // The contractor's own buying (its site, budget line and request) is the contractor's to read.
  return orders.map((o) => ({
    ...o,
    ...(o.contractor_id === user.account_id ? {} : { site_id: null, budget_line_id: null, purchase_request_id: null }),
    my_response: mine.get(o.id) ?? null,
  }));
}

export async function presentOrder(db: Knex, user: SessionUser, id: string, now: Date): Promise<InstantOrder> {
  const row = await orderQuery(db, now).where('o.id', id).first();
  if (!row) throw notFound('Instant order');
  return (await withMyResponses(db, user, [row]))[0];
}

export async function presentResponse(db: Knex, id: string): Promise<InstantOrderResponse> {
  const row = await responseQuery(db).where('r.id', id).first();
  if (!row) throw notFound('Offer');
  return row;
}

export interface LockedOrder {
  id: string;
  contractor_id: string;
  title: string;
  /** as stored; see effectiveStatus */
  status: InstantOrderStatus;
  expires_at: Date;
}

/** The status a locked order really has at `now`: active but overdue is expired. */
export const effectiveStatus = (o: LockedOrder, now: Date): InstantOrderStatus => orderStatusAt(o, now);

/**
 * Locks a live order of a live owner for the rest of the transaction: FOR UPDATE for a
 * transition of the order (accept, cancel), FOR SHARE for an offer, so an offer and an
 * accept run one after the other and the accept rejects every offer committed before it.
 */
export async function lockOrder(trx: Knex.Transaction, id: string, mode: 'update' | 'share'): Promise<LockedOrder | undefined> {
  const q = trx('instant_orders as o')
    .where('o.id', id)
    .whereNull('o.deleted_at')
    .whereExists((s) => s.select(1).from('users as lu').whereRaw('lu.id = o.contractor_id').whereNull('lu.deleted_at'))
    .first('o.id', 'o.contractor_id', 'o.title', 'o.status', 'o.expires_at');
  return mode === 'update' ? q.forUpdate() : q.forShare();
}
