/**
 * Reviews from deals through REST: only a party of a completed deal reviews it (a purchase
 * order with a goods receipt, a delivered transport request), once per party, about the
 * other party, optionally about a product the deal bought; the review stays hidden until
 * the other party reviews too (the blind days are publish.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSchema } from '../../../shared/schemas/review';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { as, joinCompany, notificationsOf } from '../../test/factories';
import { assignedRequest } from '../../test/deals';
import { orderDeal, transportDeal } from '../../test/review-steps';

describe('reviews', () => {
  let server: TestServer;
  let anon: TestClient;
  beforeAll(async () => {
    server = await startTestServer();
    anon = new TestClient(server.url);
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;
  const ratings = (userId: string) => knex()('profiles').where({ user_id: userId }).first('average_rating', 'total_reviews');
  const productRatings = (id: string) => knex()('products').where({ id }).first('average_rating', 'total_reviews');
  const published = async (companyId: string) => (await anon.get(`/api/reviews?company_id=${companyId}`)).body as Array<{ rating: number; comment: string | null }>;
  const reviewsOf = (poId: string) => knex()('reviews').where({ purchase_order_id: poId });

  describe('POST /api/reviews', () => {
    it('answers 401 when signed out', async () => {
      expect((await anon.post('/api/reviews', { purchase_order_id: randomUUID(), rating: 5 })).status).toBe(401);
    });

    it('answers 403 profile_required before setup and writes nothing', async () => {
      const { po } = await orderDeal(server);
      const res = await (await signInAs(server, { role: null })).post('/api/reviews', { purchase_order_id: po.id, rating: 5 });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('profile_required');
      expect(await reviewsOf(po.id)).toEqual([]);
    });

    it("lets the buyer of a received order review the seller, hidden until the seller reviews too", async () => {
      const { buyer, seller, po, product } = await orderDeal(server);
      const res = await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 4, comment: 'وصل في الموعد' });
      expect(res.status, res.text).toBe(201);
      expect(() => reviewSchema.parse(res.body)).not.toThrow();
      expect(res.body).toMatchObject({
        reviewer_id: buyer.user.id,
        reviewer_company_id: buyer.user.id,
        reviewer_name: 'مقاولات الشرق',
        target_type: 'user',
        target_id: seller.user.id,
        purchase_order_id: po.id,
        transport_request_id: null,
        rating: 4,
        comment: 'وصل في الموعد',
        legacy: false,
        published_at: null,
      });
      // Double-blind: nobody else reads it, no average moves, nobody is told; its author sees it waiting.
      expect(await published(seller.user.id)).toEqual([]);
      expect(await ratings(seller.user.id)).toEqual({ average_rating: 0, total_reviews: 0 });
      expect(await notificationsOf(knex(), seller.user.id, 'review.published')).toEqual([]);
      expect((await buyer.get(`/api/reviews/mine?purchase_order_id=${po.id}`)).body).toEqual({ reviews: [res.body], products: [{ id: product, name: 'أسمنت بورتلاندي' }] });
      expect((await seller.get(`/api/reviews/mine?purchase_order_id=${po.id}`)).body).toEqual({ reviews: [], products: [] });
      expect((await (await as(server, 'contractor')).get(`/api/reviews/mine?purchase_order_id=${po.id}`)).body).toEqual({ reviews: [], products: [] });
    });

    it('publishes both reviews once the other party reviews, moves both averages and the product’s, and tells each reviewed company', async () => {
      const { buyer, seller, po, product } = await orderDeal(server);
      expect((await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 5, product_id: product })).status).toBe(201);
      const second = await seller.post('/api/reviews', { purchase_order_id: po.id, rating: 3, comment: 'دفع سريع' });
      expect(second.status, second.text).toBe(201);
      expect(second.body.target_id).toBe(buyer.user.id);
      expect(second.body.published_at).not.toBeNull();
      expect(await published(seller.user.id)).toEqual([expect.objectContaining({ rating: 5, product_id: product, product_name: 'أسمنت بورتلاندي', legacy: false })]);
      expect(await published(buyer.user.id)).toEqual([expect.objectContaining({ rating: 3, comment: 'دفع سريع' })]);
      expect(await ratings(seller.user.id)).toEqual({ average_rating: 5, total_reviews: 1 });
      expect(await ratings(buyer.user.id)).toEqual({ average_rating: 3, total_reviews: 1 });
      expect(await productRatings(product)).toEqual({ average_rating: 5, total_reviews: 1 });
      expect((await anon.get(`/api/reviews?product_id=${product}`)).body).toHaveLength(1);
      const [told] = await notificationsOf(knex(), seller.user.id, 'review.published');
      expect(told).toMatchObject({ params: { company: 'مقاولات الشرق', rating: 5 } });
      expect(await notificationsOf(knex(), buyer.user.id, 'review.published')).toHaveLength(1);
    });

    it('answers 409 no_completed_deal for an order without a goods receipt, and a transport request not delivered', async () => {
      const { buyer, seller, po } = await orderDeal(server, { received: false });
      for (const who of [buyer, seller]) {
        const res = await who.post('/api/reviews', { purchase_order_id: po.id, rating: 4 });
        expect([res.status, res.body.code]).toEqual([409, 'no_completed_deal']);
      }
      const job = await assignedRequest(server);
      const res = await job.contractor.post('/api/reviews', { transport_request_id: job.request.id, rating: 4 });
      expect([res.status, res.body.code]).toEqual([409, 'no_completed_deal']);
      expect(await knex()('reviews').whereIn('purchase_order_id', [po.id]).orWhere({ transport_request_id: job.request.id })).toEqual([]);
    });

    it('answers 409 already_reviewed to a second review by the same company, a colleague’s included, and keeps the first', async () => {
      const { buyer, po } = await orderDeal(server);
      expect((await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 2 })).status).toBe(201);
      const again = await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 5 });
      expect([again.status, again.body.code]).toEqual([409, 'already_reviewed']);
      const colleague = await signInAs(server, { role: null });
      await joinCompany(knex(), colleague.user.id, buyer.user.id, 'member');
      const theirs = await colleague.post('/api/reviews', { purchase_order_id: po.id, rating: 5 });
      expect([theirs.status, theirs.body.code]).toEqual([409, 'already_reviewed']);
      expect((await reviewsOf(po.id)).map((r) => r.rating)).toEqual([2]);
    });

    it('refuses someone outside the deal as the deal’s screens do: 404 for an order, 403 or 404 for a transport request', async () => {
      const { po } = await orderDeal(server);
      for (const outsider of [await as(server, 'contractor'), await as(server, 'supplier'), await as(server, 'admin', { is_admin: true })]) {
        expect((await outsider.post('/api/reviews', { purchase_order_id: po.id, rating: 1 })).status).toBe(404);
      }
      expect((await (await as(server, 'contractor')).post('/api/reviews', { purchase_order_id: randomUUID(), rating: 1 })).status).toBe(404);
      const { request, rival } = await transportDeal(server);
      // Another transport company sees the request (it quoted on it) but is no party of the deal.
      const byRival = await rival.post('/api/reviews', { transport_request_id: request.id, rating: 1 });
      expect([byRival.status, byRival.body.code]).toEqual([403, 'forbidden']);
      expect((await (await as(server, 'contractor')).post('/api/reviews', { transport_request_id: request.id, rating: 1 })).status).toBe(404);
      expect(await reviewsOf(po.id)).toEqual([]);
      expect(await knex()('reviews').where({ transport_request_id: request.id })).toEqual([]);
    });

    it('lets the requester and the carrier of a delivered transport request review each other', async () => {
      const { requester, carrier, request } = await transportDeal(server);
      const first = await requester.post('/api/reviews', { transport_request_id: request.id, rating: 5, comment: 'سائق محترف' });
      expect(first.status, first.text).toBe(201);
      expect(first.body).toMatchObject({ target_id: carrier.user.id, transport_request_id: request.id, published_at: null });
      expect((await carrier.post('/api/reviews', { transport_request_id: request.id, rating: 4 })).status).toBe(201);
      expect(await published(carrier.user.id)).toEqual([expect.objectContaining({ rating: 5, comment: 'سائق محترف' })]);
      expect(await ratings(requester.user.id)).toEqual({ average_rating: 4, total_reviews: 1 });
    });

    it('answers 409 product_not_in_deal for a product the order did not buy, or named by the seller', async () => {
      const { buyer, seller, po, product } = await orderDeal(server);
      const other = await orderDeal(server);
      const res = await buyer.post('/api/reviews', { purchase_order_id: po.id, rating: 4, product_id: other.product });
      expect([res.status, res.body.code]).toEqual([409, 'product_not_in_deal']);
      const bySeller = await seller.post('/api/reviews', { purchase_order_id: po.id, rating: 4, product_id: product });
      expect([bySeller.status, bySeller.body.code]).toEqual([409, 'product_not_in_deal']);
      const { request, requester } = await transportDeal(server);
      const onTransport = await requester.post('/api/reviews', { transport_request_id: request.id, rating: 4, product_id: product });
      expect([onTransport.status, onTransport.body.code]).toEqual([409, 'product_not_in_deal']);
      expect(await reviewsOf(po.id)).toEqual([]);
    });

    it('returns the review unchanged with 200 when the same client id is sent again, 409 when it is another’s', async () => {
      const { buyer, seller, po } = await orderDeal(server);
      const id = randomUUID();
      const first = await buyer.post('/api/reviews', { id, purchase_order_id: po.id, rating: 5 });
      const again = await buyer.post('/api/reviews', { id, purchase_order_id: po.id, rating: 5 });
      expect([first.status, again.status]).toEqual([201, 200]);
      expect(again.body).toEqual(first.body);
      expect((await seller.post('/api/reviews', { id, purchase_order_id: po.id, rating: 1 })).status).toBe(409);
      expect(await reviewsOf(po.id)).toHaveLength(1);
    });

    it.each([
      ['rating', { rating: 0 }],
      ['rating', { rating: 6 }],
      ['rating', { rating: 3.5 }],
      ['rating', { rating: undefined }],
      ['comment', { comment: 'x'.repeat(5001) }],
      ['purchase_order_id', { purchase_order_id: undefined }],
      ['purchase_order_id', { transport_request_id: randomUUID() }],
      ['product_id', { product_id: 'abc' }],
    ])('answers 400 naming %s when it is invalid', async (field, over) => {
      const res = await (await as(server, 'contractor')).post('/api/reviews', { purchase_order_id: randomUUID(), rating: 4, ...over });
      expect(res.status).toBe(400);
      expect(res.body.details.map((d: { path: string }) => d.path)).toContain(field);
    });

    it('answers 400 to fields a reviewer may not set', async () => {
      const reviewer = await as(server, 'contractor');
      for (const extra of [{ target_id: randomUUID() }, { published_at: '2026-01-01T00:00:00Z' }, { legacy: false }]) {
        expect((await reviewer.post('/api/reviews', { purchase_order_id: randomUUID(), rating: 4, ...extra })).status).toBe(400);
      }
    });
  });

  describe('GET /api/reviews', () => {
    it('answers 404 for an unknown company or product and 400 without one or with both', async () => {
      expect((await anon.get(`/api/reviews?company_id=${randomUUID()}`)).status).toBe(404);
      expect((await anon.get(`/api/reviews?product_id=${randomUUID()}`)).status).toBe(404);
      expect((await anon.get('/api/reviews')).status).toBe(400);
      expect((await anon.get(`/api/reviews?company_id=${randomUUID()}&product_id=${randomUUID()}`)).status).toBe(400);
    });
  });
});
