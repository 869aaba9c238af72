/**
 * Writes change rows for rows that were inserted without going through a service (the
 * demo seed, reference data), so a client bootstrapping from an empty cursor receives
 * them. Each entity's live rows and audiences come from its area's policy.ts, the same
 * rules the services record changes with. It lists every synced area, so it sits with the
 * composition root rather than in the sync module, which the areas build on.
 */
import type { Knex } from 'knex';
import { audienceRows, type EntityPolicy } from '../db/policy';
import { categoryPolicy } from '../modules/categories/policy';
import { planPolicy, subscriptionPolicy } from '../modules/subscriptions/policy';
import { productPolicy } from '../modules/products/policy';
import { bidPolicy, documentPolicy, envelopePolicy, objectionPolicy, openingPolicy, projectPolicy } from '../modules/projects/policy';
import { orderPolicy, responsePolicy } from '../modules/instant-orders/policy';
import { offerPolicy, requestPolicy } from '../modules/transport/policy';
import { notificationPolicy } from '../modules/notifications/policy';
import { profilePolicy } from '../modules/profiles/policy';
import { deliveryPolicy } from '../modules/deliveries/policy';
import { quotePolicy, rfqPolicy } from '../modules/rfqs/policy';
import { purchaseOrderPolicy } from '../modules/purchase-orders/policy';
import { invoicePolicy } from '../modules/invoices/policy';
import { goodsReceiptPolicy } from '../modules/goods-receipts/policy';
import { disputePolicy } from '../modules/disputes/policy';
import { sitePolicy } from '../modules/sites/policy';
import { purchaseRequestPolicy } from '../modules/purchase-requests/policy';

/** Every synced entity's policy, in the order a bootstrapping client best receives them. */
export const POLICIES: ReadonlyArray<EntityPolicy<never>> = [
  categoryPolicy,
  planPolicy,
  productPolicy,
  projectPolicy,
  bidPolicy as EntityPolicy<never>,
  openingPolicy,
  objectionPolicy,
  documentPolicy,
  envelopePolicy,
  orderPolicy,
  responsePolicy,
  requestPolicy,
  offerPolicy,
  notificationPolicy,
  profilePolicy,
  subscriptionPolicy,
  deliveryPolicy as EntityPolicy<never>,
  rfqPolicy,
  quotePolicy,
  purchaseOrderPolicy,
  invoicePolicy,
  goodsReceiptPolicy,
  disputePolicy,
  sitePolicy,
  purchaseRequestPolicy,
];

/** Adds an upsert change for every row that has none for that audience yet. */
export async function backfillChangeLog(knex: Knex): Promise<number> {
  return knex.transaction(async (trx) => {
    let total = 0;
    for (const policy of POLICIES) {
      const source = audienceRows(trx, policy as EntityPolicy<object>);
      const res = await trx.raw(
        `insert into changes (entity, entity_id, op, audience_type, audience)
         select ?, s.id, 'upsert', s.audience_type, s.audience
           from (?) as s
          where not exists (
            select 1 from changes c
             where c.entity = ? and c.entity_id = s.id
               and c.audience_type = s.audience_type and c.audience is not distinct from s.audience)`,
        [policy.entity, source, policy.entity],
      );
      total += res.rowCount ?? 0;
    }
    return total;
  });
}
