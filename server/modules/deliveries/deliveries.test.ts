/**
 * Deliveries through REST: transport for a deal, the company assigning its driver, the
 * driver's steps in order and exactly once within the clock's bounds, the proof at
 * delivery, the requester's confirmation or problem, and who hears of each.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_CLOCK_SKEW_MS } from '../../../shared/schemas/delivery';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, changesOf, driverOf, joinCompany, notificationsOf, openAndAward, postBid, postProject } from '../../test/factories';
import { signInAs } from '../../test/sign-in';
import { PLATE, answer, assignedDelivery, assignedRequest, deliveredDelivery, fulfilledOrder, pricesIn, proof, step } from '../../test/deals';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const knex = () => server.db.knex;
const kinds = async (userId: string) => (await notificationsOf(knex(), userId)).map((n) => n.kind).filter((k: string) => k.startsWith('delivery.'));

describe('a transport request for a deal', () => {
  it('links the caller’s fulfilled instant order and records who made it', async () => {
    const { contractor, order } = await fulfilledOrder(server);
    const res = await contractor.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c', instant_order_id: order.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ instant_order_id: order.id, project_id: null, delivery_id: null });
    expect(await knex()('transport_requests').where({ id: res.body.id }).first('created_by')).toEqual({ created_by: contractor.user.id });
  });

  it('answers 403 not_your_deal for another account’s order and 409 deal_not_ready for an order without an accepted offer', async () => {
    const { order } = await fulfilledOrder(server);
    const other = await as(server, 'contractor');
    const body = { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' };
    const theirs = await other.post('/api/transport-requests', { ...body, instant_order_id: order.id });
    expect([theirs.status, theirs.body.code]).toEqual([403, 'not_your_deal']);
    const open = (await other.post('/api/instant-orders', { title: 't', description: 'd', quantity: 1, unit: 'u', location: 'l' })).body;
    const early = await other.post('/api/transport-requests', { ...body, instant_order_id: open.id });
    expect([early.status, early.body.code]).toEqual([409, 'deal_not_ready']);
    const both = await other.post('/api/transport-requests', { ...body, instant_order_id: open.id, project_id: crypto.randomUUID() });
    expect(both.status).toBe(400);
  });

  it('links a project only once its final award is the caller’s bid', async () => {
    const government = await as(server, 'government');
    const winner = await as(server, 'contractor');
    const loser = await as(server, 'contractor');
    const project = await postProject(government);
    const bid = (await postBid(winner, project.id)).body;
    await postBid(loser, project.id);
    expect((await openAndAward(government, project.id, bid.id)).status).toBe(200);
    const body = { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c', project_id: project.id };
    // In its standstill: not final yet.
    const standstill = await winner.post('/api/transport-requests', body);
    expect([standstill.status, standstill.body.code]).toEqual([409, 'deal_not_ready']);
    // As the finalisation leaves it.
    await knex()('projects').where({ id: project.id }).update({ status: 'in_progress', award_final_at: new Date() });
    await knex()('bids').where({ id: bid.id }).update({ status: 'accepted' });
    const lost = await loser.post('/api/transport-requests', body);
    expect([lost.status, lost.body.code]).toEqual([403, 'not_your_deal']);
    const won = await winner.post('/api/transport-requests', body);
    expect(won.status, won.text).toBe(201);
    expect(won.body.project_id).toBe(project.id);
  });

  it('shows the contractor the supplier’s address and city on the offers, to prefill the pickup', async () => {
    const { contractor, supplier, order } = await fulfilledOrder(server);
    await knex()('profiles').where({ user_id: supplier.user.id }).update({ address: 'Industrial area 2, street 14', city: 'Jeddah' });
    const res = await contractor.get(`/api/instant-orders/${order.id}/responses`);
    expect(res.body[0]).toMatchObject({ supplier_address: 'Industrial area 2, street 14', supplier_city: 'Jeddah' });
  });
});

describe('assigning a driver', () => {
  it('makes the delivery for the winning company’s driver, names it on the request and tells the driver and the requester', async () => {
    const job = await assignedRequest(server);
    const res = await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver.user.id, vehicle_plate: PLATE });
    expect(res.status, res.text).toBe(200);
    const d = res.body;
    expect(d).toMatchObject({
      transport_request_id: job.request.id,
      company_id: job.carrier.user.id,
      driver_id: job.driver.user.id,
      driver_name: 'Saad',
      vehicle_plate: PLATE,
      stage: 'assigned',
      requester_id: job.contractor.user.id,
      supplier_name: expect.any(String),
      files: [],
    });
    expect(d.events.map((e: { step: string }) => e.step)).toEqual(['assigned']);
    expect(pricesIn(d)).toEqual([]);
    expect((await job.contractor.get(`/api/transport-requests/${job.request.id}`)).body.delivery_id).toBe(d.id);

    expect(await kinds(job.driver.user.id)).toEqual(['delivery.assigned']);
    expect(await kinds(job.contractor.user.id)).toEqual(['delivery.driver_assigned']);
    expect(await kinds(job.carrier.user.id)).toEqual([]);
    const [toDriver] = await notificationsOf(knex(), job.driver.user.id, 'delivery.assigned');
    expect(toDriver.priority).toBe('high');
    const logged = await changesOf(knex(), 'delivery', d.id);
    expect(logged.audiences).toEqual(
      [job.driver.user.id, job.carrier.user.id, job.contractor.user.id, job.supplier.user.id].map((u) => `user:${u}`).sort(),
    );
  });

  it('refuses other companies (403), a driver of another company, a member who is no driver (409 not_a_driver), and the driver or requester themselves', async () => {
    const job = await assignedRequest(server);
    const url = `/api/transport-requests/${job.request.id}/assign`;
    const rival = await job.rival.post(url, { driver_id: job.rivalDriver.user.id, vehicle_plate: PLATE });
    expect(rival.status).toBe(403);
    const foreign = await job.carrier.post(url, { driver_id: job.rivalDriver.user.id, vehicle_plate: PLATE });
    expect([foreign.status, foreign.body.code]).toEqual([409, 'not_a_driver']);
    const member = await signInAs(server, { role: null });
    await joinCompany(knex(), member.user.id, job.carrier.user.id, 'member');
    const notDriver = await job.carrier.post(url, { driver_id: member.user.id, vehicle_plate: PLATE });
    expect([notDriver.status, notDriver.body.code]).toEqual([409, 'not_a_driver']);
    // A member acts for the company: they may assign.
    const byMember = await member.post(url, { driver_id: job.driver.user.id, vehicle_plate: PLATE });
    expect(byMember.status, byMember.text).toBe(200);
    expect((await job.driver.post(url, { driver_id: job.driver.user.id, vehicle_plate: PLATE })).status).toBe(403);
    expect((await job.contractor.post(url, { driver_id: job.driver.user.id, vehicle_plate: PLATE })).status).toBe(403);
    const badPlate = await job.carrier.post(url, { driver_id: job.driver.user.id, vehicle_plate: '<script>' });
    expect(badPlate.status).toBe(400);
  });

  it('refuses a company whose quote was not accepted (403)', async () => {
    const { contractor } = await fulfilledOrder(server);
    const carrier = await as(server, 'transport');
    const driver = await driverOf(server, carrier);
    const request = (await contractor.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' })).body;
    const res = await carrier.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: PLATE });
    expect(res.status).toBe(403);
  });

  it('reassigns before pickup: the old driver loses the delivery (a delete in their feed), the new one gets it', async () => {
    const job = await assignedDelivery(server);
    const res = await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver2.user.id, vehicle_plate: 'ب ب 55' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: job.delivery.id, driver_id: job.driver2.user.id, driver_name: 'Fahd', vehicle_plate: 'ب ب 55' });
    expect((await job.driver.get(`/api/deliveries/${job.delivery.id}`)).status).toBe(404);
    expect((await job.driver2.get(`/api/deliveries/${job.delivery.id}`)).status).toBe(200);
    const deletes = await knex()('changes').where({ entity: 'delivery', entity_id: job.delivery.id, op: 'delete' }).select('audience');
    expect(deletes).toEqual([{ audience: job.driver.user.id }]);
    // The same assignment again changes nothing.
    const again = await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver2.user.id, vehicle_plate: 'ب ب 55' });
    expect(again.body.events).toHaveLength(2);
  });

  it('refuses to reassign after pickup (409 delivery_picked_up)', async () => {
    const job = await assignedDelivery(server);
    expect((await step(job.driver, job.delivery.id, 'picked_up')).status).toBe(200);
    const res = await job.carrier.post(`/api/transport-requests/${job.request.id}/assign`, { driver_id: job.driver2.user.id, vehicle_plate: PLATE });
    expect([res.status, res.body.code]).toEqual([409, 'delivery_picked_up']);
  });
});

describe('the driver’s steps', () => {
  it('go in order, move the transport request and tell the requester and the supplier at pickup and delivery', async () => {
    const job = await assignedDelivery(server);
    const id = job.delivery.id;
    const early = await step(job.driver, id, 'on_the_way');
    expect([early.status, early.body.code]).toEqual([409, 'step_out_of_order']);

    const picked = await step(job.driver, id, 'picked_up', { location: { lat: 24.09, lng: 38.06, accuracy: 12 } });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body.stage).toBe('picked_up');
    expect(picked.body.events.at(-1)).toMatchObject({ step: 'picked_up', actor_name: 'Saad', location: { lat: 24.09, lng: 38.06, accuracy: 12 } });
    expect((await job.contractor.get(`/api/transport-requests/${job.request.id}`)).body.status).toBe('in_transit');

    expect((await step(job.driver, id, 'delivered')).status).toBe(409);
    expect((await step(job.driver, id, 'on_the_way')).body.stage).toBe('on_the_way');
    const p = proof();
    const done = await step(job.driver, id, 'delivered', { proof: p });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ stage: 'delivered', recipient_name: 'Mohammed', proof_note: 'Left at gate 3', delivered_at: expect.any(String) });
    expect((await job.contractor.get(`/api/transport-requests/${job.request.id}`)).body.status).toBe('delivered');
    expect(await knex()('deliveries').where({ id }).first('expected_files')).toEqual({ expected_files: [p.signature_id, ...p.photo_ids] });

    for (const party of [job.contractor, job.supplier]) expect(await kinds(party.user.id)).toEqual(expect.arrayContaining(['delivery.picked_up', 'delivery.delivered']));
    expect(await kinds(job.carrier.user.id)).toEqual([]);
    // The request's own status notification is not sent twice over: the delivery's says it.
    expect(await notificationsOf(knex(), job.contractor.user.id, 'transport_request.status')).toEqual([]);
  });

  it('records a step sent twice with the same event id once, answering the delivery unchanged', async () => {
    const job = await assignedDelivery(server);
    const event = { event_id: crypto.randomUUID() };
    const first = await step(job.driver, job.delivery.id, 'picked_up', event);
    const again = await step(job.driver, job.delivery.id, 'picked_up', event);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await knex()('delivery_events').where({ delivery_id: job.delivery.id, step: 'picked_up' })).toHaveLength(1);
    expect(await notificationsOf(knex(), job.contractor.user.id, 'delivery.picked_up')).toHaveLength(1);
    // The same id for another step is someone else's event.
    const reused = await step(job.driver, job.delivery.id, 'on_the_way', event);
    expect(reused.status).toBe(409);
  });

  it('refuses a time further ahead of the server clock than the skew, or before the assignment (400 step_time_invalid)', async () => {
    const job = await assignedDelivery(server);
    const ahead = await step(job.driver, job.delivery.id, 'picked_up', { at: new Date(Date.now() + STEP_CLOCK_SKEW_MS + 60_000).toISOString() });
    expect([ahead.status, ahead.body.code]).toEqual([400, 'step_time_invalid']);
    const before = await step(job.driver, job.delivery.id, 'picked_up', { at: new Date(Date.now() - 3600_000).toISOString() });
    expect([before.status, before.body.code]).toEqual([400, 'step_time_invalid']);
    const drift = await step(job.driver, job.delivery.id, 'picked_up', { at: new Date(Date.now() + STEP_CLOCK_SKEW_MS - 60_000).toISOString() });
    expect(drift.status, drift.text).toBe(200);
  });

  it('requires the proof at delivery, and only there (400)', async () => {
    const job = await assignedDelivery(server);
    expect((await step(job.driver, job.delivery.id, 'picked_up', { proof: proof() })).status).toBe(400);
    await step(job.driver, job.delivery.id, 'picked_up');
    await step(job.driver, job.delivery.id, 'on_the_way');
    const without = await step(job.driver, job.delivery.id, 'delivered', { proof: undefined });
    expect(without.status).toBe(400);
    const noSignature = await step(job.driver, job.delivery.id, 'delivered', { proof: { recipient_name: 'x', photo_ids: [] } });
    expect(noSignature.status).toBe(400);
    expect((await job.contractor.get(`/api/deliveries/${job.delivery.id}`)).body.stage).toBe('on_the_way');
  });

  it('are the assigned driver’s only: another driver 404, anyone who is no driver 403 not_company_driver', async () => {
    const job = await assignedDelivery(server);
    expect((await step(job.driver2, job.delivery.id, 'picked_up')).status).toBe(404);
    expect((await step(job.rivalDriver, job.delivery.id, 'picked_up')).status).toBe(404);
    for (const notDriver of [await as(server, 'contractor'), job.carrier, job.contractor]) {
      const res = await step(notDriver, job.delivery.id, 'picked_up');
      expect([res.status, res.body.code]).toEqual([403, 'not_company_driver']);
    }
    // The company can no longer move the request by its word once a driver carries it.
    const status = await job.carrier.post(`/api/transport-requests/${job.request.id}/status`, { status: 'in_transit' });
    expect([status.status, status.body.code]).toEqual([409, 'driver_assigned']);
  });
});

describe('the requester’s answer', () => {
  it('confirms only after delivery, only as the requester, and tells the company and the supplier', async () => {
    const job = await assignedDelivery(server);
    const early = await job.contractor.post(`/api/deliveries/${job.delivery.id}/confirm`, answer());
    expect([early.status, early.body.code]).toEqual([409, 'invalid_transition']);
    for (const s of ['picked_up', 'on_the_way', 'delivered']) await step(job.driver, job.delivery.id, s);
    expect((await job.driver.post(`/api/deliveries/${job.delivery.id}/confirm`, answer())).status).toBe(403);
    expect((await job.carrier.post(`/api/deliveries/${job.delivery.id}/confirm`, answer())).status).toBe(403);
    expect((await job.supplier.post(`/api/deliveries/${job.delivery.id}/confirm`, answer())).status).toBe(403);
    expect((await (await as(server, 'contractor')).post(`/api/deliveries/${job.delivery.id}/confirm`, answer())).status).toBe(404);

    const body = answer({ note: 'All there' });
    const res = await job.contractor.post(`/api/deliveries/${job.delivery.id}/confirm`, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ stage: 'confirmed', confirmed_at: expect.any(String) });
    expect((await job.contractor.post(`/api/deliveries/${job.delivery.id}/confirm`, body)).body).toEqual(res.body);
    for (const party of [job.carrier, job.supplier]) expect(await kinds(party.user.id)).toContain('delivery.confirmed');
    expect(await kinds(job.contractor.user.id)).not.toContain('delivery.confirmed');
    expect(await kinds(job.driver.user.id)).toEqual(['delivery.assigned']);
    const late = await job.contractor.post(`/api/deliveries/${job.delivery.id}/problem`, answer({ kind: 'late' }));
    expect([late.status, late.body.code]).toEqual([409, 'delivery_answered']);
    // A second confirmation (another device, its own event) meets the first one.
    const second = await job.contractor.post(`/api/deliveries/${job.delivery.id}/confirm`, answer());
    expect([second.status, second.body.code]).toEqual([409, 'delivery_answered']);
  });

  it('reports a problem with its kind after delivery, then may still confirm', async () => {
    const job = await deliveredDelivery(server);
    const res = await job.contractor.post(`/api/deliveries/${job.delivery.id}/problem`, answer({ kind: 'damaged', note: 'Two bars bent', photo_ids: [crypto.randomUUID()] }));
    expect(res.status, res.text).toBe(200);
    expect(res.body.stage).toBe('problem');
    expect(res.body.events.at(-1)).toMatchObject({ step: 'problem', problem_kind: 'damaged', note: 'Two bars bent' });
    const [toCompany] = await notificationsOf(knex(), job.carrier.user.id, 'delivery.problem');
    expect(toCompany.params).toMatchObject({ problem: 'damaged', delivery_id: job.delivery.id });
    expect(await kinds(job.supplier.user.id)).toContain('delivery.problem');
    expect((await job.driver.post(`/api/deliveries/${job.delivery.id}/problem`, answer({ kind: 'short' }))).status).toBe(403);
    expect((await job.contractor.post(`/api/deliveries/${job.delivery.id}/problem`, answer({ kind: 'short' }))).body.code).toBe('delivery_answered');
    expect((await job.contractor.post(`/api/deliveries/${job.delivery.id}/confirm`, answer())).body.stage).toBe('confirmed');
  });

  it('lists each party’s deliveries: the driver theirs, the company, requester and supplier theirs, strangers none', async () => {
    const job = await assignedDelivery(server);
    for (const party of [job.driver, job.carrier, job.contractor, job.supplier]) {
      const list = await party.get('/api/deliveries');
      expect(list.body.map((d: { id: string }) => d.id), party.user.id).toEqual([job.delivery.id]);
    }
    expect((await job.driver2.get('/api/deliveries')).body).toEqual([]);
    expect((await job.rival.get('/api/deliveries')).body).toEqual([]);
  });
});

describe('a request cancelled before pickup', () => {
  it('takes its delivery away from every party and tells the driver', async () => {
    const job = await assignedDelivery(server);
    const res = await job.contractor.post(`/api/transport-requests/${job.request.id}/status`, { status: 'cancelled' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.delivery_id).toBeNull();
    expect((await job.driver.get(`/api/deliveries/${job.delivery.id}`)).status).toBe(404);
    expect((await job.carrier.get('/api/deliveries')).body).toEqual([]);
    const deletes = await knex()('changes').where({ entity: 'delivery', entity_id: job.delivery.id, op: 'delete' }).select('audience');
    expect(deletes.map((d) => d.audience).sort()).toEqual([job.driver.user.id, job.carrier.user.id, job.contractor.user.id, job.supplier.user.id].sort());
    const [told] = await notificationsOf(knex(), job.driver.user.id, 'transport_request.status');
    expect(told.params).toMatchObject({ status: 'cancelled', transport_request_id: job.request.id });
  });
});

describe('who did what', () => {
  it('names the person of the company who sent a quote, an offer and a bid, and who acted on a delivery', async () => {
    const carrier = await as(server, 'transport');
    const dispatcher = await signInAs(server, { role: null, name: 'Nasser' });
    await joinCompany(knex(), dispatcher.user.id, carrier.user.id, 'member');
    const { contractor, order } = await fulfilledOrder(server);
    const request = (await contractor.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c', instant_order_id: order.id })).body;
    const quote = await dispatcher.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 900 });
    expect(quote.body).toMatchObject({ transport_company_id: carrier.user.id, created_by_name: 'Nasser' });

    const supplier = await as(server, 'supplier');
    const salesman = await signInAs(server, { role: null, name: 'Huda' });
    await joinCompany(knex(), salesman.user.id, supplier.user.id, 'member');
    const open = (await contractor.post('/api/instant-orders', { title: 't', description: 'd', quantity: 1, unit: 'u', location: 'l' })).body;
    const offer = await salesman.post('/api/instant-order-responses', { instant_order_id: open.id, offered_price: 10 });
    expect(offer.body).toMatchObject({ supplier_id: supplier.user.id, created_by_name: 'Huda' });

    const government = await as(server, 'government');
    const bidder = await signInAs(server, { role: null, name: 'Omar' });
    const company = await as(server, 'contractor');
    await joinCompany(knex(), bidder.user.id, company.user.id, 'member');
    const project = await postProject(government);
    const bid = await postBid(bidder, project.id);
    expect(bid.body).toMatchObject({ contractor_id: company.user.id, created_by_name: 'Omar' });

    await contractor.post(`/api/transport-requests/${request.id}/accept`, { offer_id: quote.body.id });
    const driver = await driverOf(server, carrier, { name: 'Saleh' });
    const assigned = await dispatcher.post(`/api/transport-requests/${request.id}/assign`, { driver_id: driver.user.id, vehicle_plate: PLATE });
    expect(assigned.body.events).toEqual([expect.objectContaining({ step: 'assigned', actor_name: 'Nasser' })]);
  });
});
