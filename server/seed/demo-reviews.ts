/**
 * The demo's reviews, each from a completed deal: for every review a buyer left
 * (demo-catalogue.ts DEMO_REVIEWS), an awarded RFQ of one line naming the product (or a
 * line of the supplier's goods for a review of the company), its purchase order, received
 * in full weeks ago, and the buyer's review of the seller. Every other deal the seller
 * reviewed the buyer back, so both were published at once; on the others the blind days
 * ran out and the buyer's review was published by time. A review of a company with no
 * goods to order (the transport company) stays from before verified reviews (legacy):
 * the company page shows it apart and no average counts it. Rows go in as the services
 * leave them; the boot's backfill enters them in the feed. Averages: refreshDemoRatings.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { REVIEW_BLIND_DAYS } from '../../shared/schemas/review';
import { issuePurchaseOrder } from '../modules/purchase-orders/issue';
import { DEMO_PRODUCTS, DEMO_REVIEWS } from './demo-catalogue';
import { DAY_MS } from './demo-time';

interface Opts {
  at: (offsetMs: number) => Date;
  companyId: (key: string) => string;
  productId: (key: string) => string;
}

/** The seller's reviews of the buyers, for the deals where they wrote one. */
const SELLER_REVIEWS = [{ rating: 5, text: 'دفع في الموعد واستلام منظم في الموقع.' }, { rating: 4 }];

export async function insertDemoReviews(trx: Knex.Transaction, { at, companyId, productId }: Opts): Promise<void> {
  for (const [i, r] of DEMO_REVIEWS.entries()) {
    const buyer = companyId(r.reviewer);
    const product = 'product' in r ? DEMO_PRODUCTS.find((p) => p.key === r.product) : undefined;
    const sellerKey = product ? product.supplier : 'user' in r ? r.user : undefined;
    const seller = companyId(sellerKey as string);
    if (!product && sellerKey === 'transport') {
      await trx('reviews').insert({ reviewer_id: buyer, target_type: 'user', target_id: seller, rating: r.rating, text: r.text ?? null, legacy: true, published_at: at(-90 * DAY_MS), created_at: at(-90 * DAY_MS) });
      continue;
    }
    const receivedAt = at(-(20 + i * 3) * DAY_MS);
    const issuedAt = new Date(receivedAt.getTime() - 4 * DAY_MS);
    const description = product?.name ?? 'توريد مواد حسب عرض المورّد';
    const [rfq] = await trx('rfqs')
      .insert({ buyer_id: buyer, title: description, location: 'الرياض', closes_at: issuedAt, audience: 'market', status: 'awarded', created_at: issuedAt, updated_at: issuedAt })
      .returning('id');
    const rfqLine = crypto.randomUUID();
    await trx('rfq_lines').insert({ id: rfqLine, rfq_id: rfq.id, position: 1, description, quantity: 10, unit: product?.unit ?? 'دفعة', product_id: product ? productId(product.key) : null });
    const po = await issuePurchaseOrder(
      trx,
      {
        buyer_id: buyer,
        seller_id: seller,
        created_by: buyer,
        rfq_id: rfq.id,
        title: description,
        delivery_location: 'الرياض',
        delivery_days: 3,
        lines: [{ rfq_line_id: rfqLine, description, quantity: 10, unit: product?.unit ?? 'دفعة', unit_price: product?.price ?? 1000 }],
      },
      issuedAt,
    );
    await trx('purchase_orders').where({ id: po.id }).update({ status: 'received', answered_at: issuedAt, created_at: issuedAt, updated_at: receivedAt });
    const [line] = await trx('purchase_order_lines').where({ purchase_order_id: po.id }).pluck('id');
    const receipt = crypto.randomUUID();
    await trx('goods_receipts').insert({ id: receipt, purchase_order_id: po.id, received_by: buyer, received_at: receivedAt, created_at: receivedAt, updated_at: receivedAt });
    await trx('goods_receipt_lines').insert({ goods_receipt_id: receipt, purchase_order_line_id: line, received_quantity: 10, rejected_quantity: 0 });

    const reviewedAt = new Date(receivedAt.getTime() + DAY_MS);
    const answer = i % 2 === 0 ? SELLER_REVIEWS[(i / 2) % SELLER_REVIEWS.length] : undefined;
    const publishedAt = answer ? new Date(reviewedAt.getTime() + 2 * DAY_MS) : new Date(reviewedAt.getTime() + REVIEW_BLIND_DAYS * DAY_MS);
    const deal = { purchase_order_id: po.id, target_type: 'user', legacy: false, published_at: publishedAt };
    await trx('reviews').insert({
      ...deal,
      reviewer_id: buyer,
      reviewer_company_id: buyer,
      target_id: seller,
      product_id: product ? productId(product.key) : null,
      rating: r.rating,
      text: r.text ?? null,
      created_at: reviewedAt,
    });
    if (answer) {
      await trx('reviews').insert({ ...deal, reviewer_id: seller, reviewer_company_id: seller, target_id: buyer, rating: answer.rating, text: answer.text ?? null, created_at: publishedAt });
    }
  }
}

/** Ratings and review counts from the published deal reviews, as the reviews service keeps them (legacy ones count nowhere). */
export async function refreshDemoRatings(trx: Knex.Transaction): Promise<void> {
  const counted = `from reviews where not legacy and published_at is not null`;
  await trx.raw(
    `update products p set average_rating = s.average, total_reviews = s.total
       from (select product_id as id, round(avg(rating), 2) as average, count(*) as total ${counted} and product_id is not null group by product_id) s
      where s.id = p.id`,
  );
  await trx.raw(
    `update profiles p set average_rating = s.average, total_reviews = s.total
       from (select target_id as id, round(avg(rating), 2) as average, count(*) as total ${counted} group by target_id) s
      where s.id = p.user_id`,
  );
}
