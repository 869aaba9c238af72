/**
 * The deals the delivery tests start from: a contractor's instant order with a supplier's
 * accepted offer, a transport request for it quoted by two companies, the first one's
 * quote accepted, and that company's drivers. Used by the tests only.
 */
import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './harness';
import { as, driverOf, postOffer, postOrder, type Client } from './factories';

export async function fulfilledOrder(server: TestServer) {
  const contractor = await as(server, 'contractor', { language: 'en' });
  const supplier = await as(server, 'supplier', { language: 'zh' });
  const order = await postOrder(contractor);
  const offer = (await postOffer(supplier, order.id)).body;
  const accepted = await contractor.post(`/api/instant-orders/${order.id}/accept`, { response_id: offer.id });
  expect(accepted.status, accepted.text).toBe(200);
  return { contractor, supplier, order, offer };
}

/** A transport request for a fulfilled order, the carrier's quote accepted; two drivers of the carrier, one of a rival. */
export async function assignedRequest(server: TestServer) {
  const deal = await fulfilledOrder(server);
  const created = await deal.contractor.post('/api/transport-requests', {
    pickup_location: 'Yanbu',
    delivery_location: 'Riyadh',
    cargo_description: 'Rebar 12 t',
    budget: 4321,
    instant_order_id: deal.order.id,
  });
  expect(created.status, created.text).toBe(201);
  const request = created.body;
  const carrier = await as(server, 'transport', { language: 'ar' });
  const rival = await as(server, 'transport');
  const quote = (await carrier.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 2345 })).body;
  await rival.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 2999 });
  const accepted = await deal.contractor.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.id });
  expect(accepted.status, accepted.text).toBe(200);
  const driver = await driverOf(server, carrier, { name: 'Saad' });
  const driver2 = await driverOf(server, carrier, { name: 'Fahd' });
  const rivalDriver = await driverOf(server, rival);
  return { ...deal, request, carrier, rival, quote, driver, driver2, rivalDriver };
}

export const PLATE = 'أ ب ج 1234';

/** assignedRequest with `driver` assigned: the delivery. */
export async function assignedDelivery(server: TestServer) {
  const job = await assignedRequest(server);
  const res = await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver.user.id, vehicle_plate: PLATE });
  expect(res.status, res.text).toBe(200);
  return { ...job, delivery: res.body };
}

export const proof = (over: Record<string, unknown> = {}) => ({
  recipient_name: 'Mohammed',
  signature_id: crypto.randomUUID(),
  photo_ids: [crypto.randomUUID()],
  note: 'Left at gate 3',
  ...over,
});

/** A driver's step, now (or at `at`), with a fresh event id unless given. */
export function step(client: Client, deliveryId: string, s: string, over: Record<string, unknown> = {}) {
  return client.post(`/api/deliveries/${deliveryId}/steps`, {
    event_id: crypto.randomUUID(),
    step: s,
    at: new Date().toISOString(),
    ...(s === 'delivered' ? { proof: proof() } : {}),
    ...over,
  });
}

/** The delivery taken through every step to delivered. */
export async function deliveredDelivery(server: TestServer) {
  const job = await assignedDelivery(server);
  for (const s of ['picked_up', 'on_the_way', 'delivered']) {
    const res = await step(job.driver, job.delivery.id, s);
    expect(res.status, res.text).toBe(200);
  }
  return job;
}

export const answer = (over: Record<string, unknown> = {}) => ({ event_id: crypto.randomUUID(), at: new Date().toISOString(), ...over });

/** The deal's prices in fixtures: the request's budget, the two quotes, the supplier's offer. */
const DEAL_PRICES = [4321, 2345, 2999, 45000];

/**
 * Where a value shows a price: every key that names one (price, budget, amount) and every
 * number that is one of the deal's prices, by path. Empty when there is none.
 */
export function pricesIn(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return DEAL_PRICES.includes(value) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => pricesIn(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [...(/price|budget|amount/i.test(k) ? [`${path}.${k}`] : []), ...pricesIn(v, `${path}.${k}`)]);
  }
  return [];
}
