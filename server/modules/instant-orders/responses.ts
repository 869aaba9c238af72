/**
 * Offers (instant_order_responses): a supplier's price for an instant order. One per
 * supplier and order, only while the order is active; a second one
 * updates the first. The order's contractor sees every offer on it, a supplier only their
 * own.
 *
 * An offer locks its order FOR SHARE, an accept FOR UPDATE: whichever comes second sees
 * what the first committed, so an offer is either in before the accept (and rejected by
 * it) or refused with order_not_active.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { NEWEST_FIRST, page, type Page } from '../../db/page';
import { recordChanges, type ChangeEntry } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import { notFound, orderNotActive } from '../../../shared/errors';
import { notify } from '../notifications/notify';
import { acceptsSubmissions } from '../../../shared/lifecycle';
import { instantOrderLifecycle } from '../../../shared/lifecycles/instant-orders';
import type { PaginationQuery } from '../../../shared/schemas/common';
import type {
  InstantOrderResponse,
  InstantOrderResponseCreate,
} from '../../../shared/schemas/instant-order-response';
import { expireOverdueOrders } from './expiry';
import {
  effectiveStatus,
  lockOrder,
  orderQuery,
  presentResponse,
  responseQuery,
} from './queries';
import { orderPolicy, refuseOrder, responsePolicy } from './policy';
import { displayName } from '../../db/party-name';
import { assertNotSuspended } from '../../auth/suspension';

type OfferFields = {
  supplier_id: string;
  instant_order_id: string;
  offered_price: number;
  delivery_time_hours: number | null;
  notes: string | null;
  vat_category: string;
  exemption_reason_code: string | null;
};

const sameOffer = (row: OfferFields, input: InstantOrderResponseCreate) =>
  Number(row.offered_price) === input.offered_price &&
  row.delivery_time_hours === (input.delivery_time_hours ?? null) &&
  row.notes === (input.notes ?? null) &&
  row.vat_category === input.vat_category &&
  row.exemption_reason_code === (input.exemption_reason_code ?? null);

/**
 * POST /api/instant-order-responses: 201 with the new offer, or 200 with the updated one
 * when the supplier had already offered on this order. Sending the same client id and
 * content again returns the offer unchanged, whatever has happened to the order since.
 */
export async function submitOffer(
  trx: Knex.Transaction,
  user: SessionUser,
  input: InstantOrderResponseCreate,
  now: Date,
): Promise<Saved<InstantOrderResponse>> {
  assertNotSuspended(user);
  assertRole(user, 'supplier');
  const replay = await rowWithId<OfferFields>(trx, 'instant_order_responses', input.id, [
    'supplier_id',
    'instant_order_id',
    'offered_price',
    'delivery_time_hours',
    'notes',
    'vat_category',
    'exemption_reason_code',
  ]);
  if (replay) {
    if (replay.supplier_id !== user.account_id || replay.instant_order_id !== input.instant_order_id) throw idTaken();
    if (sameOffer(replay, input)) return { row: await presentResponse(trx, replay.id), created: false };
  }

  const order = await lockOrder(trx, input.instant_order_id, 'share');
  if (!order) throw notFound('Instant order');
  if (!acceptsSubmissions(instantOrderLifecycle, effectiveStatus(order, now))) {
    throw orderNotActive('This order no longer takes offers');
  }

  const upserted = await insertWithClientId('instant_order_responses', () =>
    trx.raw(
      `insert into instant_order_responses (id, instant_order_id, supplier_id, offered_price, delivery_time_hours, notes, vat_category, exemption_reason_code, created_by)
       values (coalesce(?::uuid, gen_random_uuid()), ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (instant_order_id, supplier_id) do update
         set offered_price = excluded.offered_price, delivery_time_hours = excluded.delivery_time_hours,
             notes = excluded.notes, vat_category = excluded.vat_category, exemption_reason_code = excluded.exemption_reason_code,
             created_by = excluded.created_by
         where instant_order_responses.status = 'submitted'
       returning id, (xmax = 0) as inserted`,
      [
        input.id ?? null,
        order.id,
        user.account_id,
        input.offered_price,
        input.delivery_time_hours ?? null,
        input.notes ?? null,
        input.vat_category,
        input.exemption_reason_code ?? null,
        user.id,
      ],
    ),
  );
  const row: { id: string; inserted: boolean } | undefined = upserted.rows[0];
  // Offers leave submitted only when their order leaves active, which the lock rules out.
  if (!row) throw orderNotActive('This order no longer takes offers');

  const changes: ChangeEntry[] = [
    { entity: 'instant_order_response', id: row.id, audiences: responsePolicy.audiences({ supplier_id: user.account_id, contractor_id: order.contractor_id }) },
    // response_count (and this supplier's my_response) changed: the order goes out again.
    { entity: 'instant_order', id: order.id, audiences: orderPolicy.audiences({ contractor_id: order.contractor_id }) },
  ];
  await recordChanges(trx, changes);
  if (row.inserted) {
    await notify(trx, {
      to: [order.contractor_id],
      kind: 'order_response.new',
      params: {
        company: await displayName(trx, user.account_id),
        price: input.offered_price,
        order_title: order.title,
        order_id: order.id,
        response_id: row.id,
      },
    });
  }
  return { row: await presentResponse(trx, row.id), created: row.inserted };
}

/** GET /api/instant-orders/{id}/responses: every offer on the order, for its contractor only. */
export async function listResponses(
  knex: Knex,
  user: SessionUser,
  orderId: string,
  query: PaginationQuery,
  now: Date,
): Promise<Page<InstantOrderResponse>> {
  await expireOverdueOrders(knex, now);
  const order = await orderPolicy.visible(orderQuery(knex, now).where('o.id', orderId), user).first('o.contractor_id');
  if (!order) throw notFound('Instant order');
  if (order.contractor_id !== user.account_id) throw refuseOrder(user);
  return page<InstantOrderResponse>(responseQuery(knex).where('r.instant_order_id', orderId), { ...query, orderBy: NEWEST_FIRST });
}
