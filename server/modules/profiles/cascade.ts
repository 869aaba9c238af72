/**
 * What the change log must say when a user's name or tier changes (the user's own edit,
 * an admin's, a tier lifted by e-invoicing onboarding) or an admin removes the user.
 * Other users' rows show this user's name and tier (supplier_name, government_name,
 * contractor_name, requester_name, *_verification_tier), and counts include their bids
 * and offers; every client holding such a row must get it again, or lose it when the
 * user is deleted.
 *
 * The audiences come from the areas that own the rows, so this file decides only which
 * rows are touched, never who may see them.
 */
import type { Knex } from 'knex';
import type { ChangeEntry, SyncedEntity, Audience } from '../../db/changes';
import { orderPolicy, responsePolicy } from '../instant-orders/policy';
import { OWNER_SEES_BID, bidPolicy, countAudiences, projectPolicy } from '../projects/policy';
import { offerPolicy, requestPolicy } from '../transport/policy';
import { productPolicy } from '../products/policy';

type Op = 'upsert' | 'delete';
const entries = <R extends { id: string }>(entity: SyncedEntity, op: Op, rows: R[], audiences: (r: R) => Audience[]): ChangeEntry[] =>
  rows.map((r) => ({ entity, id: r.id, op, audiences: audiences(r) }));

/** The live rows this user made, which present the user's name or tier. */
export async function rowsOfUser(db: Knex, userId: string, op: Op): Promise<ChangeEntry[]> {
  const products = await db('products').where({ supplier_id: userId }).whereNull('deleted_at').select('id');
  const projects = await db('projects').where({ government_id: userId }).whereNull('deleted_at').select('id');
  const bids = await db('bids as b')
    .join('projects as p', 'p.id', 'b.project_id')
    .where('b.contractor_id', userId)
    .whereNull('p.deleted_at')
    .select('b.id', 'p.government_id as owner', db.raw(`${OWNER_SEES_BID} as opened`));
  const orders = await db('instant_orders').where({ contractor_id: userId }).whereNull('deleted_at').select('id');
  const responses = await db('instant_order_responses as r')
    .join('instant_orders as o', 'o.id', 'r.instant_order_id')
    .where('r.supplier_id', userId)
    .whereNull('o.deleted_at')
    .select('r.id', 'o.contractor_id as owner');
  const requests = await db('transport_requests').where({ requester_id: userId }).whereNull('deleted_at').select('id');
  const offers = await db('transport_offers as o')
    .join('transport_requests as r', 'r.id', 'o.transport_request_id')
    .where('o.transport_company_id', userId)
    .whereNull('r.deleted_at')
    .select('o.id', 'r.requester_id as owner');
  return [
    ...entries('product', op, products, () => productPolicy.audiences({})),
    ...entries('project', op, projects, () => projectPolicy.audiences({ government_id: userId })),
    ...entries('bid', op, bids, (b) => bidPolicy.audiences({ contractor_id: userId, government_id: b.owner, opened: b.opened })),
    ...entries('instant_order', op, orders, () => orderPolicy.audiences({ contractor_id: userId })),
    ...entries('instant_order_response', op, responses, (r) => responsePolicy.audiences({ supplier_id: userId, contractor_id: r.owner })),
    ...entries('transport_request', op, requests, () => requestPolicy.audiences({ requester_id: userId })),
    ...entries('transport_offer', op, offers, (o) => offerPolicy.audiences({ transport_company_id: userId, requester_id: o.owner })),
  ];
}

/**
 * When the user goes: the others' bids and offers on this user's listings go with them
 * (deletes), and the others' listings this user bid or offered on lose a count (upserts).
 * Called before the user's listings are soft-deleted, so the joins still find them.
 */
export async function rowsAroundUser(db: Knex, userId: string): Promise<ChangeEntry[]> {
  const bidsOnMine = await db('bids as b')
    .join('projects as p', 'p.id', 'b.project_id')
    .where('p.government_id', userId)
    .whereNull('p.deleted_at')
    .select('b.id', 'b.contractor_id as author', db.raw(`${OWNER_SEES_BID} as opened`));
  const responsesOnMine = await db('instant_order_responses as r')
    .join('instant_orders as o', 'o.id', 'r.instant_order_id')
    .where('o.contractor_id', userId)
    .whereNull('o.deleted_at')
    .select('r.id', 'r.supplier_id as author');
  const offersOnMine = await db('transport_offers as o')
    .join('transport_requests as r', 'r.id', 'o.transport_request_id')
    .where('r.requester_id', userId)
    .whereNull('r.deleted_at')
    .select('o.id', 'o.transport_company_id as author');
  const projectsBidOn = await db('projects as p')
    .whereNull('p.deleted_at')
    .whereNot('p.government_id', userId)
    .whereExists((q) => q.select(1).from('bids as b').whereRaw('b.project_id = p.id').where('b.contractor_id', userId))
    .select('p.id', 'p.government_id as owner', db.raw('(p.opened_at is not null) as opened'));
  const ordersOfferedOn = await db('instant_orders as o')
    .whereNull('o.deleted_at')
    .whereExists((q) => q.select(1).from('instant_order_responses as r').whereRaw('r.instant_order_id = o.id').where('r.supplier_id', userId))
    .select('o.id', 'o.contractor_id as owner');
  const requestsOfferedOn = await db('transport_requests as r')
    .whereNull('r.deleted_at')
    .whereExists((q) =>
      q.select(1).from('transport_offers as o').whereRaw('o.transport_request_id = r.id').where('o.transport_company_id', userId),
    )
    .select('r.id', 'r.requester_id as owner');
  return [
    ...entries('bid', 'delete', bidsOnMine, (b) => bidPolicy.audiences({ contractor_id: b.author, government_id: userId, opened: b.opened })),
    ...entries('instant_order_response', 'delete', responsesOnMine, (r) => responsePolicy.audiences({ supplier_id: r.author, contractor_id: userId })),
    ...entries('transport_offer', 'delete', offersOnMine, (o) => offerPolicy.audiences({ transport_company_id: o.author, requester_id: userId })),
    // bid_count changes: before the opening only the owner sees it, so only the owner is told.
    ...entries('project', 'upsert', projectsBidOn, (p) =>
      p.opened ? projectPolicy.audiences({ government_id: p.owner }) : countAudiences({ government_id: p.owner }),
    ),
    ...entries('instant_order', 'upsert', ordersOfferedOn, (o) => orderPolicy.audiences({ contractor_id: o.owner })),
    ...entries('transport_request', 'upsert', requestsOfferedOn, (r) => requestPolicy.audiences({ requester_id: r.owner })),
  ];
}
