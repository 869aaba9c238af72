/**
 * Reviews only from deals: a review now belongs to a completed deal, a purchase
 * order with a goods receipt or a delivered transport request, and is given by one of its
 * parties (reviewer_company_id, the company the reviewer acted for) about the other
 * (target_type 'user', target_id the other company), optionally about a product the deal
 * bought (product_id). One per party per deal (the partial unique indexes).
 *
 * Double-blind: published_at is null until both parties have reviewed the deal or 14 days
 * have passed since its first review (server/modules/reviews/publish.ts).
 *
 * The reviews written before, without a deal, are kept and marked legacy: shown under
 * "before verified reviews", published as they were, and counted in no average. The
 * averages are rewritten from the deal reviews only, so they start at nothing.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reviews', (t) => {
    t.boolean('legacy').notNullable().defaultTo(false);
    t.uuid('reviewer_company_id').nullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('purchase_order_id').nullable().references('id').inTable('purchase_orders').onDelete('CASCADE');
    t.uuid('transport_request_id').nullable().references('id').inTable('transport_requests').onDelete('CASCADE');
    t.uuid('product_id').nullable().references('id').inTable('products').onDelete('SET NULL');
    t.timestamp('published_at', { useTz: true }).nullable();
  });
  await knex.raw('update reviews set legacy = true, published_at = created_at');
  await knex.raw(`alter table reviews add constraint reviews_deal_check check (
    (legacy and purchase_order_id is null and transport_request_id is null and reviewer_company_id is null and product_id is null)
    or (not legacy and num_nonnulls(purchase_order_id, transport_request_id) = 1 and reviewer_company_id is not null and target_type = 'user'))`);
  // A legacy reviewer had one review per target; a deal's party has one per deal (a company may deal with another again).
  await knex.raw('alter table reviews drop constraint reviews_reviewer_target_unique');
  await knex.raw('create unique index reviews_reviewer_target_unique on reviews (reviewer_id, target_type, target_id) where legacy');
  await knex.raw('create unique index reviews_purchase_order_party_key on reviews (purchase_order_id, reviewer_company_id) where purchase_order_id is not null');
  await knex.raw('create unique index reviews_transport_request_party_key on reviews (transport_request_id, reviewer_company_id) where transport_request_id is not null');
  await knex.raw('create index reviews_product_idx on reviews (product_id) where product_id is not null');
  // The release sweep reads the unpublished reviews only.
  await knex.raw('create index reviews_unpublished_idx on reviews (created_at) where published_at is null');

  await knex.raw('update profiles set average_rating = 0, total_reviews = 0');
  await knex.raw('update products set average_rating = 0, total_reviews = 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from reviews where not legacy');
  for (const index of ['reviews_unpublished_idx', 'reviews_product_idx', 'reviews_transport_request_party_key', 'reviews_purchase_order_party_key', 'reviews_reviewer_target_unique']) {
    await knex.raw(`drop index if exists ${index}`);
  }
  await knex.raw('alter table reviews drop constraint reviews_deal_check');
  await knex.raw('alter table reviews add constraint reviews_reviewer_target_unique unique (reviewer_id, target_type, target_id)');
  await knex.schema.alterTable('reviews', (t) => {
    for (const column of ['published_at', 'product_id', 'transport_request_id', 'purchase_order_id', 'reviewer_company_id', 'legacy']) t.dropColumn(column);
  });
  // The averages of the legacy reviews, as they were.
  for (const [table, key, type] of [['profiles', 'user_id', 'user'], ['products', 'id', 'product']] as const) {
    await knex.raw(`update ${table} t set average_rating = coalesce(s.average, 0), total_reviews = coalesce(s.total, 0)
      from (select ${table}.${key} as id, round(avg(r.rating), 2) as average, count(r.id)::int as total
            from ${table} left join reviews r on r.target_type = '${type}' and r.target_id = ${table}.${key}
            left join users ru on ru.id = r.reviewer_id and ru.deleted_at is null
            where r.id is null or ru.id is not null group by ${table}.${key}) s where t.${key} = s.id`);
  }
}
