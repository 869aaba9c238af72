import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema } from '../../../shared/schemas/review';
import { onPostgres, startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs, type TestUserSpec } from '../../test/sign-in';

describe('reviews', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec = {}) => signInAs(server, { role: 'contractor', ...spec });
  const knex = () => server.db.knex;

  /** A supplier and one of their products. */
  async function product() {
    const supplier = await signInAs(server, { role: 'supplier' });
    const res = await supplier.post('/api/products', { name: 'Portland Cement', price: 18, unit: 'bag' });
    expect(res.status).toBe(201);
    return { supplier, id: res.body.id as string };
  }
  const productRatings = async (id: string) => knex()('products').where({ id }).first('average_rating', 'total_reviews');
  const profileRatings = async (userId: string) =>
    knex()('profiles').where({ user_id: userId }).first('average_rating', 'total_reviews');
  const changes = (entity: string, id: string) => knex()('changes').where({ entity, entity_id: id }).orderBy('pos');

  describe('POST /api/reviews', () => {
    it('answers 401 when signed out', async () => {
      const { id } = await product();
      expect((await anon.post('/api/reviews', { target_type: 'product', target_id: id, rating: 5 })).status).toBe(401);
    });

    it('answers 403 profile_required before setup and writes nothing', async () => {
      const { id } = await product();
      const res = await (await signInAs(server, { role: null })).post('/api/reviews', { target_type: 'product', target_id: id, rating: 5 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('profile_required');
      expect(await knex()('reviews').where({ target_id: id })).toEqual([]);
    });

    it("reviews a product, updates its rating and count in the same write, and records the product's change", async () => {
      const { id } = await product();
      const reviewer = await as({ company_name: 'مؤسسة البنيان' });
      const res = await reviewer.post('/api/reviews', { target_type: 'product', target_id: id, rating: 4, text: 'جودة ممتازة' });
      expect(res.status).toBe(201);
      expect(() => reviewSchema.parse(res.body)).not.toThrow();
      expect(res.body).toMatchObject({
        reviewer_id: reviewer.user.id,
        reviewer_name: 'مؤسسة البنيان',
        target_type: 'product',
        target_id: id,
        rating: 4,
        text: 'جودة ممتازة',
      });
      expect(await productRatings(id)).toEqual({ average_rating: 4, total_reviews: 1 });
      expect((await anon.get(`/api/products/${id}`)).body).toMatchObject({ average_rating: 4, total_reviews: 1 });
      expect((await changes('product', id)).map((c) => [c.op, c.audience_type])).toEqual([
        ['upsert', 'all'],
        ['upsert', 'all'],
      ]);
    });

    it('averages every review to two decimals', async () => {
      const { id } = await product();
      for (const rating of [5, 4, 4]) {
        expect((await (await as()).post('/api/reviews', { target_type: 'product', target_id: id, rating })).status).toBe(201);
      }
      expect(await productRatings(id)).toEqual({ average_rating: 4.33, total_reviews: 3 });
    });

    it("replaces the reviewer's earlier review of the same target with 200, keeping one row", async () => {
      const { id } = await product();
      const other = await as();
      await other.post('/api/reviews', { target_type: 'product', target_id: id, rating: 5 });
      const reviewer = await as();
      const first = await reviewer.post('/api/reviews', { target_type: 'product', target_id: id, rating: 3, text: 'ok' });
      expect(await productRatings(id)).toEqual({ average_rating: 4, total_reviews: 2 });
      const second = await reviewer.post('/api/reviews', { target_type: 'product', target_id: id, rating: 1 });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ id: first.body.id, rating: 1, text: null });
      expect(await knex()('reviews').where({ reviewer_id: reviewer.user.id, target_id: id })).toHaveLength(1);
      expect(await productRatings(id)).toEqual({ average_rating: 3, total_reviews: 2 });
    });

    it('reviews a user: their profile rating changes and the change goes to them alone', async () => {
      const target = await signInAs(server, { role: 'supplier' });
      const res = await (await as()).post('/api/reviews', { target_type: 'user', target_id: target.user.id, rating: 2 });
      expect(res.status).toBe(201);
      expect(await profileRatings(target.user.id)).toEqual({ average_rating: 2, total_reviews: 1 });
      expect((await changes('profile', target.user.id)).map((c) => [c.audience_type, c.audience])).toEqual([['user', target.user.id]]);
      expect((await target.get('/api/profiles/me')).body).toMatchObject({ average_rating: 2, total_reviews: 1 });
    });

    it('answers 409 cannot_review_self for a review of oneself, and changes nothing', async () => {
      const me = await as();
      const res = await me.post('/api/reviews', { target_type: 'user', target_id: me.user.id, rating: 5 });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_review_self');
      expect(await profileRatings(me.user.id)).toEqual({ average_rating: 0, total_reviews: 0 });
      expect(await knex()('reviews').where({ reviewer_id: me.user.id })).toEqual([]);
    });

    it("answers 409 cannot_review_self for a review of one's own product", async () => {
      const { supplier, id } = await product();
      const res = await supplier.post('/api/reviews', { target_type: 'product', target_id: id, rating: 5 });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('cannot_review_self');
      expect(await productRatings(id)).toEqual({ average_rating: 0, total_reviews: 0 });
    });

    it('answers 404 for an unknown product or user, a deleted product, and a user without a profile', async () => {
      const reviewer = await as();
      const deleted = await product();
      expect((await deleted.supplier.delete(`/api/products/${deleted.id}`)).status).toBe(204);
      const noProfile = await signInAs(server, { role: null });
      for (const [target_type, target_id] of [
        ['product', randomUUID()],
        ['user', randomUUID()],
        ['product', deleted.id],
        ['user', noProfile.user.id],
      ]) {
        const res = await reviewer.post('/api/reviews', { target_type, target_id, rating: 4 });
        expect(res.status, `${target_type} ${target_id}`).toBe(404);
      }
      expect(await knex()('reviews').where({ reviewer_id: reviewer.user.id })).toEqual([]);
    });

    it("answers 404 for a deleted supplier's product and a deleted user", async () => {
      const { supplier, id } = await product();
      await knex()('users').where({ id: supplier.user.id }).update({ deleted_at: new Date() });
      const reviewer = await as();
      expect((await reviewer.post('/api/reviews', { target_type: 'product', target_id: id, rating: 4 })).status).toBe(404);
      expect((await reviewer.post('/api/reviews', { target_type: 'user', target_id: supplier.user.id, rating: 4 })).status).toBe(404);
    });

    it.each([
      ['rating', { rating: 0 }],
      ['rating', { rating: 6 }],
      ['rating', { rating: 3.5 }],
      ['rating', { rating: '5' }],
      ['rating', { rating: undefined }],
      ['target_type', { target_type: 'project' }],
      ['target_id', { target_id: 'abc' }],
      ['text', { text: 'x'.repeat(5001) }],
    ])('answers 400 naming %s when it is invalid', async (field, over) => {
      const { id } = await product();
      const res = await (await as()).post('/api/reviews', { target_type: 'product', target_id: id, rating: 4, ...over });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    });

    it('answers 400 to fields a reviewer may not set', async () => {
      const { id } = await product();
      const reviewer = await as();
      for (const extra of [{ reviewer_id: randomUUID() }, { average_rating: 5 }, { created_at: '2026-01-01T00:00:00Z' }]) {
        expect((await reviewer.post('/api/reviews', { target_type: 'product', target_id: id, rating: 4, ...extra })).status).toBe(400);
      }
      expect(await productRatings(id)).toEqual({ average_rating: 0, total_reviews: 0 });
    });

    it('returns the review unchanged with 200 when the same client id is sent again', async () => {
      const { id } = await product();
      const reviewer = await as();
      const reviewId = randomUUID();
      const first = await reviewer.post('/api/reviews', { id: reviewId, target_type: 'product', target_id: id, rating: 5 });
      const again = await reviewer.post('/api/reviews', { id: reviewId, target_type: 'product', target_id: id, rating: 5 });
      expect(first.status).toBe(201);
      expect(first.body.id).toBe(reviewId);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await productRatings(id)).toEqual({ average_rating: 5, total_reviews: 1 });
    });

    it("answers 409 when the client id is another reviewer's review", async () => {
      const { id } = await product();
      const reviewId = randomUUID();
      await (await as()).post('/api/reviews', { id: reviewId, target_type: 'product', target_id: id, rating: 5 });
      const res = await (await as()).post('/api/reviews', { id: reviewId, target_type: 'product', target_id: id, rating: 1 });
      expect(res.status).toBe(409);
      expect(await productRatings(id)).toEqual({ average_rating: 5, total_reviews: 1 });
    });
  });

  describe('GET /api/reviews', () => {
    it('lists a target’s reviews to anyone, most recent first, with reviewer names and X-Total-Count', async () => {
      const { id } = await product();
      const names = ['الأول', 'الثاني', 'الثالث'];
      for (const [i, company_name] of names.entries()) {
        await (await as({ company_name })).post('/api/reviews', { target_type: 'product', target_id: id, rating: i + 3 });
      }
      const res = await anon.get(`/api/reviews?target_type=product&target_id=${id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe('3');
      expect(res.body.map((r: { reviewer_name: string; rating: number }) => [r.reviewer_name, r.rating])).toEqual([
        ['الثالث', 5],
        ['الثاني', 4],
        ['الأول', 3],
      ]);
      const page = await anon.get(`/api/reviews?target_type=product&target_id=${id}&limit=1&offset=1`);
      expect(page.body.map((r: { reviewer_name: string }) => r.reviewer_name)).toEqual(['الثاني']);
      expect(page.headers.get('x-total-count')).toBe('3');
    });

    it('lists the reviews of a user', async () => {
      const target = await signInAs(server, { role: 'transport' });
      await (await as()).post('/api/reviews', { target_type: 'user', target_id: target.user.id, rating: 4, text: 'سريع' });
      const res = await anon.get(`/api/reviews?target_type=user&target_id=${target.user.id}`);
      expect(res.body).toEqual([expect.objectContaining({ rating: 4, text: 'سريع', target_type: 'user' })]);
    });

    it("hides a deleted reviewer's review from the list and from the average written next", async () => {
      const { id } = await product();
      const gone = await as();
      await gone.post('/api/reviews', { target_type: 'product', target_id: id, rating: 1 });
      await knex()('users').where({ id: gone.user.id }).update({ deleted_at: new Date() });
      await (await as()).post('/api/reviews', { target_type: 'product', target_id: id, rating: 5 });
      const res = await anon.get(`/api/reviews?target_type=product&target_id=${id}`);
      expect(res.body.map((r: { rating: number }) => r.rating)).toEqual([5]);
      expect(await productRatings(id)).toEqual({ average_rating: 5, total_reviews: 1 });
    });

    it('answers 404 for an unknown or deleted target and 400 without one', async () => {
      const { supplier, id } = await product();
      await supplier.delete(`/api/products/${id}`);
      expect((await anon.get(`/api/reviews?target_type=product&target_id=${id}`)).status).toBe(404);
      expect((await anon.get(`/api/reviews?target_type=user&target_id=${randomUUID()}`)).status).toBe(404);
      expect((await anon.get('/api/reviews')).status).toBe(400);
      expect((await anon.get(`/api/reviews?target_type=product`)).status).toBe(400);
    });
  });

  describe.runIf(onPostgres)('concurrency on Postgres', () => {
    it('counts every one of 12 reviewers writing at once, with the exact average', async () => {
      const { id } = await product();
      const reviewers = await Promise.all(Array.from({ length: 12 }, () => as()));
      const ratings = reviewers.map((_, i) => (i % 5) + 1);
      const results = await Promise.all(
        reviewers.map((r, i) => r.post('/api/reviews', { target_type: 'product', target_id: id, rating: ratings[i] })),
      );
      expect(results.map((r) => r.status)).toEqual(ratings.map(() => 201));
      const average = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100;
      expect(await productRatings(id)).toEqual({ average_rating: average, total_reviews: 12 });
    });

    it('keeps one review when one reviewer sends eight at once', async () => {
      const { id } = await product();
      const reviewer = await as();
      const results = await Promise.all(
        [1, 2, 3, 4, 5, 1, 2, 3].map((rating) => reviewer.post('/api/reviews', { target_type: 'product', target_id: id, rating })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 200)).toHaveLength(7);
      const rows = await knex()('reviews').where({ target_id: id });
      expect(rows).toHaveLength(1);
      expect(await productRatings(id)).toEqual({ average_rating: rows[0].rating, total_reviews: 1 });
    });
  });
});
