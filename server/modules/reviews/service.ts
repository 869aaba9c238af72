/**
 * Reviews of deals (shared/schemas/review.ts). One function writes a review for POST
 * /api/reviews and the review.create sync mutation alike, with these rules in this order:
 * the reviewer has a profile; the deal is theirs (deals.ts refuses outsiders as the deal's
 * screens do); the deal is completed (409 no_completed_deal); their company has not
 * reviewed it yet (409 already_reviewed); a product named is one the deal bought
 * (409 product_not_in_deal). The review is about the deal's other party and waits,
 * unpublished, until that party has reviewed too or the blind days are over (publish.ts).
 *
 * Reads: a company's or a product's published reviews for anyone (legacy ones, written
 * before reviews needed a deal, flagged); a deal's review by the caller's company, to its
 * company only, published or not. Reviews by deleted companies are hidden.
 */
import type { Knex } from 'knex';
import { alreadyReviewed, notFound } from '../../../shared/errors';
import type { Review, ReviewCreate, ReviewListQuery, ReviewMine, ReviewMineQuery } from '../../../shared/schemas/review';
import type { SessionUser } from '../../auth/session-user';
import { roleOf } from '../../auth/guards';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import type { Page } from '../../db/page';
import { partyNameSql } from '../../db/party-name';
import { assertCompleted, assertProductOfDeal, lockDeal, otherParty, productsOfDeal } from './deals';
import { publishIfBoth } from './publish';

/** Reviews as the API presents them, with the reviewing company's name (a legacy review's reviewer's). */
function reviewQuery(db: Knex) {
  return db('reviews as r')
    .join('users as cu', 'cu.id', db.raw('coalesce(r.reviewer_company_id, r.reviewer_id)'))
    .leftJoin('profiles as cp', 'cp.user_id', 'cu.id')
    .leftJoin('products as p', 'p.id', db.raw('coalesce(r.product_id, case when r.target_type = ? then r.target_id end)', ['product']))
    .whereNull('cu.deleted_at')
    .select(
      'r.id',
      'r.reviewer_id',
      db.raw(`${partyNameSql('cp', 'cu')} as reviewer_name`),
      'r.reviewer_company_id',
      'r.target_type',
      'r.target_id',
      'r.product_id',
      'p.name as product_name',
      'r.purchase_order_id',
      'r.transport_request_id',
      'r.rating',
      'r.text as comment',
      'r.legacy',
      'r.published_at',
      'r.created_at',
      'r.updated_at',
    );
}

async function getReview(db: Knex, id: string): Promise<Review> {
  const row = await reviewQuery(db).where('r.id', id).first();
  if (!row) throw notFound('Review');
  return row;
}

/** POST /api/reviews and review.create. A client-chosen id already used for this review returns it unchanged. */
export async function createReview(trx: Knex.Transaction, user: SessionUser, input: ReviewCreate, now: Date): Promise<Saved<Review>> {
  roleOf(user); // any role may review, but only once set up
  const byId = await rowWithId<{ reviewer_company_id: string | null; purchase_order_id: string | null; transport_request_id: string | null }>(trx, 'reviews', input.id, [
    'reviewer_company_id',
    'purchase_order_id',
    'transport_request_id',
  ]);
  if (byId) {
    const same =
      byId.reviewer_company_id === user.account_id &&
      byId.purchase_order_id === (input.purchase_order_id ?? null) &&
      byId.transport_request_id === (input.transport_request_id ?? null);
    if (!same) throw idTaken();
    return { created: false, row: await getReview(trx, byId.id) };
  }

  const deal = await lockDeal(trx, user, input);
  assertCompleted(deal);
  // The deal's lock serialises its reviews, so this read-then-write cannot race.
  if (await trx('reviews').where({ [deal.column]: deal.id, reviewer_company_id: user.account_id }).first('id')) throw alreadyReviewed();
  await assertProductOfDeal(trx, deal, user.account_id, input.product_id);

  const [{ id }] = await insertWithClientId('reviews', () =>
    trx('reviews')
      .insert({
        ...(input.id ? { id: input.id } : {}),
        reviewer_id: user.id,
        reviewer_company_id: user.account_id,
        target_type: 'user',
        target_id: otherParty(deal, user.account_id),
        product_id: input.product_id ?? null,
        [deal.column]: deal.id,
        rating: input.rating,
        text: input.comment ?? null,
      })
      .returning('id'),
  );
  await publishIfBoth(trx, deal, now);
  return { created: true, row: await getReview(trx, id) };
}

/** The company or product a list names, or 404: a live company with a profile, a live product. */
async function assertListed(db: Knex, query: ReviewListQuery): Promise<void> {
  const found = query.company_id
    ? await db('profiles as pr').join('users as u', 'u.id', 'pr.user_id').where('u.id', query.company_id).whereNull('u.deleted_at').first('u.id')
    : await db('products').where({ id: query.product_id }).whereNull('deleted_at').first('id');
  if (!found) throw notFound(query.company_id ? 'Company' : 'Product');
}

/**
 * GET /api/reviews: a company's (or a product's) published reviews, the deal reviews
 * first, each group most recently published first. A product's are the deal reviews that
 * name it and the legacy reviews of it.
 */
export async function listReviews(db: Knex, query: ReviewListQuery): Promise<Page<Review>> {
  await assertListed(db, query);
  const q = reviewQuery(db).whereNotNull('r.published_at');
  if (query.company_id) q.where({ 'r.target_type': 'user', 'r.target_id': query.company_id });
  else q.where((w) => w.where('r.product_id', query.product_id).orWhere({ 'r.target_type': 'product', 'r.target_id': query.product_id }));
  const counted = await q.clone().clearSelect().count<{ count: number | string }[]>('* as count');
  const total = Number(counted[0]?.count ?? 0);
  const order = [
    { column: 'r.legacy', order: 'asc' as const },
    { column: 'r.published_at', order: 'desc' as const },
    { column: 'r.id', order: 'desc' as const },
  ];
  const items: Review[] = total > query.offset ? await q.orderBy(order).limit(query.limit).offset(query.offset) : [];
  return { items, total };
}

/**
 * GET /api/reviews/mine: the caller's company's review of a deal, published or waiting
 * (none: an empty list), and the products of the deal it may name. An order's products
 * are read for its buyer only.
 */
export async function myDealReviews(db: Knex, user: SessionUser, query: ReviewMineQuery): Promise<ReviewMine> {
  const column = query.purchase_order_id ? 'purchase_order_id' : 'transport_request_id';
  const id = (query.purchase_order_id ?? query.transport_request_id) as string;
  const reviews: Review[] = await reviewQuery(db).where(`r.${column}`, id).where('r.reviewer_company_id', user.account_id);
  const po = query.purchase_order_id ? await db('purchase_orders').where({ id, buyer_id: user.account_id }).first('buyer_id', 'seller_id') : undefined;
  const products = po ? await productsOfDeal(db, { column, id, parties: [po.buyer_id, po.seller_id] }, user.account_id) : [];
  return { reviews, products };
}
