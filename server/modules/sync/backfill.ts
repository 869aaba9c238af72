/**
 * Writes change rows for rows that were inserted without going through a service (the
 * demo seed, reference data), so a client bootstrapping from an empty cursor receives
 * them. The audiences are those the services use (see db/changes.ts).
 */
import type { Knex } from 'knex';

/** entity, source query yielding (entity_id, audience_type, audience) */
const SOURCES: Array<[string, string]> = [
  ['category', `select id::text, 'all', null from categories where deleted_at is null`],
  ['plan', `select id::text, 'all', null from subscription_plans`],
  ['product', `select id::text, 'all', null from products where deleted_at is null`],
  ['project', `select id::text, 'role', 'contractor' from projects where deleted_at is null
               union all select id::text, 'user', government_id::text from projects where deleted_at is null`],
  ['bid', `select b.id::text, 'user', b.contractor_id::text from bids b
           union all select b.id::text, 'user', p.government_id::text from bids b join projects p on p.id = b.project_id`],
  ['instant_order', `select id::text, 'role', 'supplier' from instant_orders where deleted_at is null
                     union all select id::text, 'user', contractor_id::text from instant_orders where deleted_at is null`],
  ['instant_order_response', `select r.id::text, 'user', r.supplier_id::text from instant_order_responses r
                              union all select r.id::text, 'user', o.contractor_id::text from instant_order_responses r join instant_orders o on o.id = r.instant_order_id`],
  ['transport_request', `select id::text, 'role', 'transport' from transport_requests where deleted_at is null
                         union all select id::text, 'user', requester_id::text from transport_requests where deleted_at is null`],
  ['transport_offer', `select o.id::text, 'user', o.transport_company_id::text from transport_offers o
                       union all select o.id::text, 'user', r.requester_id::text from transport_offers o join transport_requests r on r.id = o.transport_request_id`],
  ['notification', `select id::text, 'user', user_id::text from notifications`],
  ['profile', `select user_id::text, 'user', user_id::text from profiles`],
  ['subscription', `select user_id::text, 'user', user_id::text from subscriptions`],
];

/** Adds an upsert change for every row that has none for that audience yet. */
export async function backfillChangeLog(knex: Knex): Promise<number> {
  return knex.transaction(async (trx) => {
    let total = 0;
    for (const [entity, source] of SOURCES) {
      const res = await trx.raw(
        `insert into changes (entity, entity_id, op, audience_type, audience)
         select ?, s.id, 'upsert', s.audience_type, s.audience
           from (${source}) as s(id, audience_type, audience)
          where not exists (
            select 1 from changes c
             where c.entity = ? and c.entity_id = s.id
               and c.audience_type = s.audience_type and c.audience is not distinct from s.audience)`,
        [entity, entity],
      );
      total += res.rowCount ?? 0;
    }
    return total;
  });
}
