/**
 * Web Push end to end: a notification committed for a user with a subscribed device is
 * pushed to the device's endpoint (a local push service), encrypted as RFC 8291 says and
 * signed with VAPID; in the recipient's language, leading to the exact item; not when the
 * category is off or the device shows that item; subscriptions the push service calls
 * gone (404, 410) are removed; endpoints outside the allow-list, over http or inside the
 * network are never used; a user has at most PUSH_DEVICES_PER_USER devices, and an
 * endpoint moves to another user only with its subscription's keys.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { signInAs } from '../../test/sign-in';
import { as, postBid, postOffer, postOrder, postProject, type Client } from '../../test/factories';
import { decryptPush, startPushService, verifyVapid, type TestSubscription } from '../../test/push-service';
import { PUSH_DEVICES_PER_USER } from '../../../shared/constants';
import { PushSender } from './send';
import { checkEndpoint, isInternalAddress } from './guard';

type PushService = Awaited<ReturnType<typeof startPushService>>;

describe('web push', () => {
  let server: TestServer;
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
    server = await startTestServer({
      env: { PUSH_SERVICE_HOSTS: `fcm.googleapis.com,${service.host}` },
      app: { pushTransport: { ca: service.ca, allowInternal: true } },
    });
  });
  afterAll(async () => {
    await server?.close();
    await service?.close();
  });
  beforeEach(() => {
    service.received.length = 0;
  });

  const sender = () => server.app.context.deps.push as PushSender;
  /** Waits until the queue is drained (the commit's notice started it; this joins or repeats it). */
  const drained = () => sender().kick();

  async function subscribed(client: Client, sub: TestSubscription) {
    const res = await client.put('/api/push/subscription', { device_id: sub.device, endpoint: sub.endpoint, keys: sub.keys });
    expect(res.status, res.text).toBe(204);
  }

  it('pushes the arrival of a sealed bid (the count, never the bidder) to the project owner, encrypted for the device (RFC 8291), signed (VAPID), in their language, leading to the project', async () => {
    const owner = await as(server, 'government', { language: 'en' });
    const bidder = await as(server, 'contractor', { company_name: 'Al Bina Co' });
    const sub = service.subscription();
    await subscribed(owner, sub);
    const project = await postProject(owner);
    expect((await postBid(bidder, project.id)).status).toBe(201);
    await drained();

    const got = service.received.filter((r) => r.device === sub.device);
    expect(got).toHaveLength(1);
    expect(got[0].headers['content-encoding']).toBe('aes128gcm');
    expect(Number(got[0].headers.ttl)).toBeGreaterThan(0);
    const claims = verifyVapid(String(got[0].headers.authorization), server.config.push.vapid!.publicKey, `https://${service.host}`);
    expect(claims.sub).toBe(server.config.push.vapid!.subject);

    const message = JSON.parse(decryptPush(sub, got[0].body));
    const [row] = await server.db.knex('notifications').where({ user_id: owner.user.id, kind: 'tender.bid_received' }).select('id', 'title', 'message');
    expect(message).toEqual({ id: row.id, kind: 'tender.bid_received', title: row.title, body: row.message, url: `/projects?item=${project.id}` });
    expect(message.body).toMatch(/bids so far: 1\b/); // how many, not who or how much: the bid is sealed
    expect(message.body).not.toMatch(/Al Bina Co/);
    expect(message.title).toMatch(/[A-Za-z]/); // English, the recipient's language
    expect(message.title).not.toMatch(/[\u0600-\u06FF]/);
  });

  it("pushes a company's notification to a member's device when the owner has none subscribed, and to no one else's", async () => {
    const owner = await as(server, 'government');
    const inviteRes = await owner.post('/api/company/invites', { role: 'member' });
    expect(inviteRes.status, inviteRes.text).toBe(201);
    const member = await signInAs(server, { role: null });
    expect((await member.post(`/api/company/invites/${inviteRes.body.token}/accept`)).status).toBe(200);
    const outsider = await as(server, 'government');
    const [memberSub, outsiderSub] = [service.subscription(), service.subscription()];
    await subscribed(member, memberSub);
    await subscribed(outsider, outsiderSub);
    const project = await postProject(owner);
    expect((await postBid(await as(server, 'contractor'), project.id)).status).toBe(201);
    await drained();

    const devices = service.received.map((r) => r.device);
    expect(devices.filter((d) => d === memberSub.device)).toHaveLength(1);
    expect(devices).not.toContain(outsiderSub.device);
    expect(JSON.parse(decryptPush(memberSub, service.received.find((r) => r.device === memberSub.device)!.body)).url).toBe(`/projects?item=${project.id}`);
  });

  it('sends nothing in a category the user turned off, or about the item the device shows', async () => {
    const contractor = await as(server, 'contractor');
    const supplier = await as(server, 'supplier');
    const sub = service.subscription();
    await subscribed(contractor, sub);

    const prefs = await contractor.put('/api/push/preferences', { offers: false, bids_awards: true, deliveries: true, account: true });
    expect(prefs.status, prefs.text).toBe(200);
    expect((await contractor.get('/api/push/preferences')).body).toEqual({ offers: false, bids_awards: true, deliveries: true, account: true });
    const order = await postOrder(contractor);
    expect((await postOffer(supplier, order.id)).status).toBe(201);
    await drained();
    expect(service.received.filter((r) => r.device === sub.device)).toHaveLength(0);

    await contractor.put('/api/push/preferences', { offers: true, bids_awards: true, deliveries: true, account: true });
    // The device has this order open: no push about it.
    const path = `/instant-orders?item=${order.id}`;
    expect((await contractor.post('/api/live/foreground', { device_id: sub.device, path })).status).toBe(204);
    const supplier2 = await as(server, 'supplier');
    expect((await postOffer(supplier2, order.id)).status).toBe(201);
    await drained();
    expect(service.received.filter((r) => r.device === sub.device)).toHaveLength(0);

    // Hidden again: the next offer is pushed.
    await contractor.post('/api/live/foreground', { device_id: sub.device, path: null });
    const supplier3 = await as(server, 'supplier');
    expect((await postOffer(supplier3, order.id)).status).toBe(201);
    await drained();
    const got = service.received.filter((r) => r.device === sub.device);
    expect(got).toHaveLength(1);
    expect(JSON.parse(decryptPush(sub, got[0].body)).url).toBe(path);
  });

  it('removes subscriptions the push service calls gone (404, 410) and keeps one that failed for a while (500)', async () => {
    const owner = await as(server, 'government');
    const [gone, missing, failing] = [service.subscription(), service.subscription(), service.subscription()];
    service.answer.set(gone.device, 410);
    service.answer.set(missing.device, 404);
    service.answer.set(failing.device, 500);
    for (const s of [gone, missing, failing]) await subscribed(owner, s);
    const project = await postProject(owner);
    expect((await postBid(await as(server, 'contractor'), project.id)).status).toBe(201);
    await drained();
    expect(service.received.map((r) => r.device).sort()).toEqual([gone.device, missing.device, failing.device].sort());
    const left = await server.db.knex('push_subscriptions').where({ user_id: owner.user.id }).pluck('device_id');
    expect(left).toEqual([failing.device]);
  });

  it('keeps one subscription per device, and drops it when the session signs out', async () => {
    const user = await as(server, 'contractor');
    const first = service.subscription('device-one');
    const renewed = service.subscription('device-one');
    await subscribed(user, first);
    await subscribed(user, renewed);
    const rows = await server.db.knex('push_subscriptions').where({ user_id: user.user.id }).select('endpoint', 'p256dh');
    expect(rows).toEqual([{ endpoint: renewed.endpoint, p256dh: renewed.keys.p256dh }]);
    await user.post('/api/logout');
    expect(await server.db.knex('push_subscriptions').where({ user_id: user.user.id })).toHaveLength(0);
  });

  it(`keeps at most ${PUSH_DEVICES_PER_USER} devices per user: one more replaces the device that renewed longest ago`, async () => {
    const user = await as(server, 'contractor');
    const subs = Array.from({ length: PUSH_DEVICES_PER_USER }, () => service.subscription());
    for (const s of subs) await subscribed(user, s);
    // The first device renews (each start of the app does): the second is now the stalest.
    await subscribed(user, subs[0]);
    const newcomer = service.subscription();
    await subscribed(user, newcomer);
    const devices = await server.db.knex('push_subscriptions').where({ user_id: user.user.id }).pluck('device_id');
    expect(devices.sort()).toEqual([subs[0], ...subs.slice(2), newcomer].map((s) => s.device).sort());

    // Another user's devices are not counted with theirs, and are left alone.
    const other = await as(server, 'contractor');
    const theirs = service.subscription();
    await subscribed(other, theirs);
    await subscribed(user, service.subscription());
    expect(await server.db.knex('push_subscriptions').where({ user_id: other.user.id }).pluck('device_id')).toEqual([theirs.device]);
    expect(await server.db.knex('push_subscriptions').where({ user_id: user.user.id })).toHaveLength(PUSH_DEVICES_PER_USER);
  });

  it(`holds the cap when many devices register at once (${PUSH_DEVICES_PER_USER + 30} in parallel)`, async () => {
    const user = await as(server, 'contractor');
    const results = await Promise.all(
      Array.from({ length: PUSH_DEVICES_PER_USER + 30 }, () => {
        const s = service.subscription();
        return user.put('/api/push/subscription', { device_id: s.device, endpoint: s.endpoint, keys: s.keys });
      }),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 204));
    expect(await server.db.knex('push_subscriptions').where({ user_id: user.user.id })).toHaveLength(PUSH_DEVICES_PER_USER);
  });

  it("refuses another user's endpoint offered with other keys (409 push_endpoint_taken): the first user's device keeps its pushes", async () => {
    const owner = await as(server, 'government');
    const intruder = await as(server, 'contractor');
    const sub = service.subscription();
    await subscribed(owner, sub);
    const forged = service.subscription(); // keys of the intruder's own
    const res = await intruder.put('/api/push/subscription', { device_id: sub.device, endpoint: sub.endpoint, keys: forged.keys });
    expect(res.status, res.text).toBe(409);
    expect(res.body.code).toBe('push_endpoint_taken');
    expect(await server.db.knex('push_subscriptions').where({ endpoint: sub.endpoint }).select('user_id', 'p256dh')).toEqual([
      { user_id: owner.user.id, p256dh: sub.keys.p256dh },
    ]);

    // The owner's device still gets the owner's news.
    const project = await postProject(owner);
    expect((await postBid(intruder, project.id)).status).toBe(201);
    await drained();
    const got = service.received.filter((r) => r.device === sub.device);
    expect(got).toHaveLength(1);
    expect(JSON.parse(decryptPush(sub, got[0].body)).url).toBe(`/projects?item=${project.id}`);
  });

  it('moves an endpoint to the user now signed in on that browser when they offer the same keys', async () => {
    const first = await as(server, 'government');
    const next = await as(server, 'government');
    const sub = service.subscription();
    await subscribed(first, sub);
    await subscribed(next, sub);
    expect(await server.db.knex('push_subscriptions').where({ endpoint: sub.endpoint }).pluck('user_id')).toEqual([next.user.id]);

    // The device now gets the new user's news, and no longer the first user's.
    const bidder = await as(server, 'contractor');
    const theirs = await postProject(first);
    expect((await postBid(bidder, theirs.id)).status).toBe(201);
    const project = await postProject(next);
    expect((await postBid(bidder, project.id)).status).toBe(201);
    await drained();
    const got = service.received.filter((r) => r.device === sub.device);
    expect(got.map((r) => JSON.parse(decryptPush(sub, r.body)).url)).toEqual([`/projects?item=${project.id}`]);
  });

  it('refuses endpoints that are not https on a listed push service', async () => {
    const user = await as(server, 'contractor');
    const sub = service.subscription();
    for (const endpoint of [
      `http://${service.host}/push/x`,
      'https://evil.example.com/push/x',
      'https://169.254.169.254/latest/meta-data',
      `https://localhost:${service.port + 1}/push/x`,
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await user.put('/api/push/subscription', { device_id: sub.device, endpoint, keys: sub.keys });
      expect(res.status, endpoint).toBe(400);
      expect(res.body.code, endpoint).toBe('push_endpoint_refused');
    }
    expect(await server.db.knex('push_subscriptions').where({ user_id: user.user.id })).toHaveLength(0);
  });

  it('never connects to an address inside the network, even for a listed host', async () => {
    // The same service, without the test's exemption: localhost is 127.0.0.1.
    const strict = new PushSender({ knex: server.db.knex, config: server.config, logger: server.app.context.deps.logger, transport: { ca: service.ca } });
    const sub = service.subscription();
    await expect(strict.send({ endpoint: sub.endpoint, keys: sub.keys }, { id: 'x', kind: 'bid.new', title: 't', body: 'b', url: '/' })).rejects.toThrow(/internal address/);
    expect(service.received).toHaveLength(0);
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '::1', 'fd00::1', '::ffff:10.0.0.1', '100.64.0.1']) expect(isInternalAddress(a), a).toBe(true);
    for (const a of ['142.250.74.10', '2a00:1450:4001:80b::200a']) expect(isInternalAddress(a), a).toBe(false);
    expect(checkEndpoint('https://fcm.googleapis.com/fcm/send/abc', ['fcm.googleapis.com']).hostname).toBe('fcm.googleapis.com');
    expect(checkEndpoint('https://a.push.apple.com/x', ['*.push.apple.com']).hostname).toBe('a.push.apple.com');
    expect(() => checkEndpoint('https://push.apple.com.evil.io/x', ['*.push.apple.com'])).toThrow();
    expect(() => checkEndpoint('https://evilpush.apple.com/x', ['*.push.apple.com'])).toThrow();
  });
});
