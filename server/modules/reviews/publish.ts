/**
 * Double-blind publication and the averages it moves. A deal's reviews are published
 * together once both parties have reviewed it (publishIfBoth, in the second review's
 * transaction, under the deal's lock), or one by one when REVIEW_BLIND_DAYS have passed
 * since it was written (sweepReviewReleases, run by the upkeep and by the test clock).
 * Publishing writes the reviewed company's average_rating and total_reviews, and a
 * reviewed product's, from the published deal reviews only (legacy reviews count nowhere),
 * and tells the reviewed company.
 */
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { recordChange, recordChanges } from '../../db/changes';
import { displayName } from '../../db/party-name';
import { blindPeriodOverSql } from '../../db/time-rules';
import { notify } from '../notifications/notify';
import { productPolicy } from '../products/policy';
import { profilePolicy } from '../profiles/policy';
import type { Deal } from './deals';

interface Published {
  id: string;
  target_id: string;
  product_id: string | null;
  reviewer_company_id: string;
  rating: number;
}

const PUBLISHED_COLUMNS = ['id', 'target_id', 'product_id', 'reviewer_company_id', 'rating'];

/** The deal reviews that count: published, by a company that still exists. */
function counted(trx: Knex.Transaction) {
  return trx('reviews as r')
    .join('users as cu', 'cu.id', 'r.reviewer_company_id')
    .whereNull('cu.deleted_at')
    .where('r.legacy', false)
    .whereNotNull('r.published_at');
}

const stats = (trx: Knex.Transaction, q: Knex.QueryBuilder) =>
  q.first(trx.raw('count(*)::int as total_reviews'), trx.raw('coalesce(round(avg(r.rating), 2), 0) as average_rating'));

/**
 * Writes a company's ratings from its counted reviews, under its profile's lock (two
 * publications at once cannot write a stale average), and records the changes: its profile
 * for itself, its products for everyone (they show the supplier's rating).
 */
async function recomputeCompany(trx: Knex.Transaction, companyId: string): Promise<void> {
  const profile = await trx('profiles').where({ user_id: companyId }).forUpdate().first('user_id');
  if (!profile) return;
  await trx('profiles').where({ user_id: companyId }).update(await stats(trx, counted(trx).where({ 'r.target_type': 'user', 'r.target_id': companyId })));
  await recordChange(trx, 'profile', companyId, profilePolicy.audiences({ user_id: companyId }));
  const products = await trx('products').where({ supplier_id: companyId }).whereNull('deleted_at').select('id');
  await recordChanges(
    trx,
    products.map((p: { id: string }) => ({ entity: 'product' as const, id: p.id, op: 'upsert' as const, audiences: productPolicy.audiences({}) })),
  );
}

/** Writes a product's ratings from the counted reviews of it. */
async function recomputeProduct(trx: Knex.Transaction, productId: string): Promise<void> {
  const product = await trx('products').where({ id: productId }).forUpdate().first('id');
  if (!product) return;
  await trx('products').where({ id: productId }).update(await stats(trx, counted(trx).where('r.product_id', productId)));
  await recordChange(trx, 'product', productId, productPolicy.audiences({}));
}

/** After reviews were published: the averages they move, and a notification to each reviewed company. */
async function afterPublished(trx: Knex.Transaction, published: Published[]): Promise<void> {
  for (const company of new Set(published.map((r) => r.target_id))) await recomputeCompany(trx, company);
  for (const product of new Set(published.flatMap((r) => (r.product_id ? [r.product_id] : [])))) await recomputeProduct(trx, product);
  for (const r of published) {
    await notify(trx, {
      to: [r.target_id],
      kind: 'review.published',
      params: { company: await displayName(trx, r.reviewer_company_id), rating: r.rating, review_id: r.id },
    });
  }
}

/** Publishes the deal's reviews once both parties have written theirs. The caller holds the deal's lock. */
export async function publishIfBoth(trx: Knex.Transaction, deal: Deal, now: Date): Promise<void> {
  const reviews = await trx('reviews').where(deal.column, deal.id).select('reviewer_company_id');
  const reviewers = new Set(reviews.map((r: { reviewer_company_id: string }) => r.reviewer_company_id));
  if (!deal.parties.every((p) => reviewers.has(p))) return;
  const published: Published[] = await trx('reviews')
    .where(deal.column, deal.id)
    .whereNull('published_at')
    .update({ published_at: now.toISOString() })
    .returning(PUBLISHED_COLUMNS);
  await afterPublished(trx, published);
}

/**
 * Publishes every review whose blind period is over at the clock's now; how many. Claimed by
 * the update itself, so two sweeps at once (or a sweep beside the other party's review)
 * publish and announce each review once.
 */
export async function sweepReviewReleases(knex: Knex, clock: Clock): Promise<number> {
  const now = clock.now();
  return knex.transaction(async (trx) => {
    const published: Published[] = await trx('reviews')
      .whereNull('published_at')
      .where(blindPeriodOverSql(trx, 'created_at', now))
      .update({ published_at: now.toISOString() })
      .returning(PUBLISHED_COLUMNS);
    await afterPublished(trx, published);
    return published.length;
  });
}
