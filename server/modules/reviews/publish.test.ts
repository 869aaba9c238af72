/**
 * A deal review's publication and the averages it moves: released by time alone once
 * REVIEW_BLIND_DAYS have passed since it was written (the app's test clock moved, the
 * sweep the clock runs), the legacy reviews written before reviews needed a deal kept and
 * listed apart but counted in no average, and the review.create sync mutation holding the
 * same rules as POST /api/reviews.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_BLIND_DAYS } from '../../../shared/schemas/review';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { as, notificationsOf, type Client } from '../../test/factories';
import { refusal, runMutation } from '../../test/mutations';
import { orderDeal } from '../../test/review-steps';
import { loadSessionUser, type SessionUser } from '../../auth/session-user';
import { TEST_CLOCK_SWEEPS } from '../../registry/sweeps';
import { mutations } from './mutations';
import { sweepReviewReleases } from './publish';

describe('review publication', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());
  afterEach(() => server.clock.setDaysAhead(0));

  const knex = () => server.db.knex;
  const ratings = (userId: string) => knex()('profiles').where({ user_id: userId }).first('average_rating', 'total_reviews');
  const published = async (companyId: string) => (await anon.get(`/api/reviews?company_id=${companyId}`)).body as Array<{ rating: number; legacy: boolean }>;
  const sessionOf = async (c: Client) => (await loadSessionUser(knex(), server.config, c.user.id)) as SessionUser;
  const run = async (c: Client, args: unknown) => runMutation(knex(), server, mutations, 'review.create', await sessionOf(c), args);

  describe('the blind days', () => {
    it(`publishes a review the other party never answers ${REVIEW_BLIND_DAYS} days after it was written, not a day sooner`, async () => {
      const { buyer, seller, po } = await orderDeal(server);
      expect((await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 2, comment: 'تأخر التوريد' })).status).toBe(201);
      expect(TEST_CLOCK_SWEEPS).toContain(sweepReviewReleases);

      server.clock.setDaysAhead(REVIEW_BLIND_DAYS - 1);
      await sweepReviewReleases(knex(), server.clock);
      expect(await published(seller.user.id)).toEqual([]);
      expect(await ratings(seller.user.id)).toEqual({ average_rating: 0, total_reviews: 0 });

      server.clock.setDaysAhead(REVIEW_BLIND_DAYS);
      expect(await sweepReviewReleases(knex(), server.clock)).toBeGreaterThanOrEqual(1);
      expect(await published(seller.user.id)).toEqual([expect.objectContaining({ rating: 2, comment: 'تأخر التوريد' })]);
      expect(await ratings(seller.user.id)).toEqual({ average_rating: 2, total_reviews: 1 });
      expect(await notificationsOf(knex(), seller.user.id, 'review.published')).toHaveLength(1);

      // A second sweep publishes and tells nothing again; the seller's late review is published at once.
      await sweepReviewReleases(knex(), server.clock);
      expect(await notificationsOf(knex(), seller.user.id, 'review.published')).toHaveLength(1);
      const late = await seller.post('/api/reviews', { purchase_order_id: po.id, rating: 4 });
      expect(late.body.published_at).not.toBeNull();
      expect(await ratings(buyer.user.id)).toEqual({ average_rating: 4, total_reviews: 1 });
    });
  });

  describe('legacy reviews', () => {
    it('lists the reviews written before deals under legacy, after the deal reviews, and leaves them out of every average', async () => {
      const { buyer, seller, po, product } = await orderDeal(server);
      const old = await as(server, 'contractor', { company_name: 'قديم' });
      // As the migration left them: marked legacy, published as they were.
      await knex()('reviews').insert([
        { reviewer_id: old.user.id, target_type: 'user', target_id: seller.user.id, rating: 1, text: 'قبل التحقق', legacy: true, published_at: new Date() },
        { reviewer_id: old.user.id, target_type: 'product', target_id: product, rating: 1, legacy: true, published_at: new Date() },
      ]);
      await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 5, product_id: product });
      await seller.post('/api/reviews', { purchase_order_id: po.id, rating: 5 });
      expect((await published(seller.user.id)).map((r) => [r.rating, r.legacy])).toEqual([
        [5, false],
        [1, true],
      ]);
      expect((await anon.get(`/api/reviews?product_id=${product}`)).body.map((r: { legacy: boolean }) => r.legacy)).toEqual([false, true]);
      expect(await ratings(seller.user.id)).toEqual({ average_rating: 5, total_reviews: 1 });
      expect(await knex()('products').where({ id: product }).first('average_rating', 'total_reviews')).toEqual({ average_rating: 5, total_reviews: 1 });
      // The supplier's rating the catalogue shows is the same count.
      expect((await anon.get(`/api/products/${product}`)).body).toMatchObject({ supplier_average_rating: 5, average_rating: 5, total_reviews: 1 });
    });
  });

  describe('review.create (sync)', () => {
    it('applies the REST rules: a completed deal, once per party, parties only', async () => {
      const pending = await orderDeal(server, { received: false });
      expect(await refusal(run(pending.buyer, { id: randomUUID(), purchase_order_id: pending.po.id, rating: 4 }))).toEqual({ status: 409, code: 'no_completed_deal' });

      const { buyer, seller, po } = await orderDeal(server);
      expect(await refusal(run(await as(server, 'contractor'), { id: randomUUID(), purchase_order_id: po.id, rating: 4 }))).toEqual({ status: 404, code: 'not_found' });
      const id = randomUUID();
      expect(await run(buyer, { id, purchase_order_id: po.id, rating: 4 })).toMatchObject({ id, target_id: seller.user.id, published_at: null });
      // The same outbox entry again is the same review; another is a second one.
      expect(await run(buyer, { id, purchase_order_id: po.id, rating: 4 })).toMatchObject({ id });
      expect(await refusal(run(buyer, { id: randomUUID(), purchase_order_id: po.id, rating: 1 }))).toEqual({ status: 409, code: 'already_reviewed' });
      expect(await run(seller, { id: randomUUID(), purchase_order_id: po.id, rating: 5 })).toMatchObject({ published_at: expect.any(Date) });
      expect(await ratings(seller.user.id)).toEqual({ average_rating: 4, total_reviews: 1 });
    });
  });

  describe.runIf(onPostgres)('concurrency on Postgres', () => {
    it('publishes both reviews once when both parties review at the same instant', async () => {
      const { buyer, seller, po } = await orderDeal(server);
      const results = await Promise.all([buyer, seller].map((c, i) => c.post('/api/reviews', { purchase_order_id: po.id, rating: i + 3 })));
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      const rows = await knex()('reviews').where({ purchase_order_id: po.id });
      expect(rows.every((r) => r.published_at !== null)).toBe(true);
      expect(await notificationsOf(knex(), seller.user.id, 'review.published')).toHaveLength(1);
      expect(await notificationsOf(knex(), buyer.user.id, 'review.published')).toHaveLength(1);
    });
  });
});
