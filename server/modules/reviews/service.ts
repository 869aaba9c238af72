/**
 * Reviews: 1 to 5 stars and optional text on a product or a user. Owns the rules (a
 * reviewer needs a profile; one review per reviewer and target, a second replaces the
 * first; nobody reviews themselves or their own product) and the target's average_rating
 * and total_reviews, recomputed from the review rows in the same transaction, under a
 * lock on the target's row, so two reviews at once cannot both write a stale average.
 *
 * A user's ratings live on their profile, so only users with a profile can be reviewed.
 * Reviews by deleted users are hidden and left out of the averages.
 */
import type { Knex } from 'knex';
import type { ReviewTargetType } from '../../../shared/constants';
import type { Review, ReviewCreate, ReviewListQuery } from '../../../shared/schemas/review';
import type { SessionUser } from '../../auth/session-user';
import { cannotReviewSelf, notFound } from '../../../shared/errors';
import { roleOf } from '../../auth/guards';
import { recordChange, recordChanges } from '../../db/changes';
import { idTaken, insertWithClientId, rowWithId } from '../../db/client-ids';
import type { Page } from '../../db/page';
import { productPolicy } from '../products/policy';
import { profilePolicy } from '../profiles/policy';
import { partyNameSql } from '../../db/party-name';

const NEWEST_FIRST = [
  { column: 'r.updated_at', order: 'desc' as const },
  { column: 'r.id', order: 'desc' as const },
];

/** Reviews as the API presents them: by live reviewers, with the reviewer's name. */
function reviewQuery(db: Knex) {
  return db('reviews as r')
    .join('users as ru', 'ru.id', 'r.reviewer_id')
    .leftJoin('profiles as rp', 'rp.user_id', 'r.reviewer_id')
    .whereNull('ru.deleted_at')
    .select(
      'r.id',
      'r.reviewer_id',
      db.raw(`${partyNameSql('rp', 'ru')} as reviewer_name`),
      'r.target_type',
      'r.target_id',
      'r.rating',
      'r.text',
      'r.created_at',
      'r.updated_at',
    );
}

/**
 * The visible target of a review, or 404: a live product of a live supplier, or a live
 * user with a profile. `lock` takes the row whose ratings a review changes.
 */
async function findTarget(
  db: Knex,
  type: ReviewTargetType,
  id: string,
  lock = false,
): Promise<{ ownerId: string }> {
  if (type === 'product') {
    const q = db('products').where({ id }).whereNull('deleted_at').first('supplier_id');
    const product = await (lock ? q.forUpdate() : q);
    const supplier = product && (await db('users').where({ id: product.supplier_id }).whereNull('deleted_at').first('id'));
    if (!supplier) throw notFound('Product');
    return { ownerId: product.supplier_id };
  }
  const q = db('profiles').where({ user_id: id }).first('user_id');
  const profile = await (lock ? q.forUpdate() : q);
  const user = profile && (await db('users').where({ id }).whereNull('deleted_at').first('id'));
  if (!user) throw notFound('User');
  return { ownerId: id };
}

/**
 * Writes the target's average_rating (two decimals) and total_reviews from its reviews,
 * and records the change. The caller holds the lock on the target row. Exported for
 * whoever hides a reviewer's reviews (deleting a user), so averages follow.
 */
async function recomputeRating(trx: Knex.Transaction, type: ReviewTargetType, id: string): Promise<void> {
  const stats = await trx('reviews as r')
    .join('users as ru', 'ru.id', 'r.reviewer_id')
    .whereNull('ru.deleted_at')
    .where({ 'r.target_type': type, 'r.target_id': id })
    .first(trx.raw('count(*)::int as total'), trx.raw('coalesce(round(avg(r.rating), 2), 0) as average'));
  const ratings = { average_rating: stats.average, total_reviews: stats.total };
  if (type === 'product') {
    await trx('products').where({ id }).update(ratings);
    await recordChange(trx, 'product', id, productPolicy.audiences({}));
  } else {
    await trx('profiles').where({ user_id: id }).update(ratings);
    await recordChange(trx, 'profile', id, profilePolicy.audiences({ user_id: id }));
    // A supplier's products show the supplier's rating (supplier_average_rating).
    const products = await trx('products').where({ supplier_id: id }).whereNull('deleted_at').select('id');
    await recordChanges(
      trx,
      products.map((p: { id: string }) => ({ entity: 'product' as const, id: p.id, op: 'upsert' as const, audiences: productPolicy.audiences({}) })),
    );
  }
}

/**
 * POST /api/reviews. A second review of the same target replaces the first (same row,
 * new rating and text: created false). A client-chosen id already used for this review
 * returns it unchanged.
 */
export async function createReview(
  trx: Knex.Transaction,
  user: SessionUser,
  input: ReviewCreate,
): Promise<{ created: boolean; row: Review }> {
  roleOf(user); // any role may review, but only once set up
  const byId = await rowWithId<{ reviewer_id: string; target_type: string; target_id: string }>(trx, 'reviews', input.id, [
    'reviewer_id',
    'target_type',
    'target_id',
  ]);
  if (byId) {
    const same = byId.reviewer_id === user.account_id && byId.target_type === input.target_type && byId.target_id === input.target_id;
    if (!same) throw idTaken();
    return { created: false, row: await getReview(trx, byId.id) };
  }

  const target = await findTarget(trx, input.target_type, input.target_id, true);
  if (target.ownerId === user.account_id) {
    throw cannotReviewSelf(input.target_type === 'product' ? 'You cannot review your own product' : 'You cannot review yourself');
  }

  const key = { reviewer_id: user.account_id, target_type: input.target_type, target_id: input.target_id };
  const fields = { rating: input.rating, text: input.text ?? null };
  // The target's lock serialises reviews of it, so this read-then-write cannot race.
  const existing = await trx('reviews').where(key).first('id');
  let id: string;
  if (existing) {
    id = existing.id;
    await trx('reviews').where({ id }).update(fields);
  } else {
    [{ id }] = await insertWithClientId('reviews', () =>
      trx('reviews')
        .insert({ ...(input.id ? { id: input.id } : {}), ...key, ...fields })
        .returning('id'),
    );
  }
  await recomputeRating(trx, input.target_type, input.target_id);
  return { created: !existing, row: await getReview(trx, id) };
}

async function getReview(db: Knex, id: string): Promise<Review> {
  const row = await reviewQuery(db).where('r.id', id).first();
  if (!row) throw notFound('Review');
  return row;
}

/** GET /api/reviews: one target's reviews, most recently written first; 404 for a hidden target. */
export async function listReviews(db: Knex, query: ReviewListQuery): Promise<Page<Review>> {
  await findTarget(db, query.target_type, query.target_id);
  const q = reviewQuery(db).where({ 'r.target_type': query.target_type, 'r.target_id': query.target_id });
  const counted = await q.clone().clearSelect().count<{ count: number | string }[]>('* as count');
  const total = Number(counted[0]?.count ?? 0);
  const items: Review[] = total > query.offset ? await q.orderBy(NEWEST_FIRST).limit(query.limit).offset(query.offset) : [];
  return { items, total };
}
