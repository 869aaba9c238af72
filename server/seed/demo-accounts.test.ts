/**
 * What each demo account finds through the API, as the README's demo table promises: the
 * driver's job on its way (and its next step taken through the service), the team member
 * acting for the supplier, the sealed tender that hides its bids until the opening and the
 * opened one with its record, and the catalogue's photos served as files.
 */
import crypto from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seedDemo } from './demo';
import { DEMO_PEOPLE } from './demo-companies';
import { DEMO_JOBS } from './demo-logistics';
import { DEMO_PROJECTS } from './demo-projects';
import { objectStore } from '../storage';
import { startTestServer, type TestServer } from '../test/harness';
import { TestClient } from '../test/http-client';
import { loginCodeIn } from '../test/sign-in';
import { photoUrl } from '../../shared/photos';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ files: 'demo-accounts' });
  expect(await seedDemo(server.db.knex, { store: objectStore(server.config) })).toBe(true);
});

afterAll(async () => {
  await server?.close();
});

/** Signs in as the demo account `email`, as the development identity provider would. */
async function signIn(email: string): Promise<TestClient> {
  const user = await server.db.knex('users').where({ email }).first('id');
  expect(user, email).toBeDefined();
  const client = new TestClient(server.url, server.config.publicUrl);
  const res = await client.post('/api/sessions', { code: await loginCodeIn(server, client, user.id) });
  expect(res.status, res.text).toBe(200);
  return client;
}

const projectTitle = (key: (typeof DEMO_PROJECTS)[number]['key']) => DEMO_PROJECTS.find((p) => p.key === key)!.title;
const projectIdByTitle = async (title: string) => (await server.db.knex('projects').where({ title }).first('id')).id as string;

describe('the demo driver', () => {
  it('has one job, on its way, with the deal it moves, and takes its next step', async () => {
    const driver = await signIn('driver@demo.binaa.sa');
    const session = await driver.get('/api/session');
    expect(session.body.user).toMatchObject({ member_role: 'driver' });

    const jobs = await driver.get('/api/deliveries');
    expect(jobs.status, jobs.text).toBe(200);
    expect(jobs.body).toHaveLength(1);
    const [job] = jobs.body;
    const seeded = DEMO_JOBS[0];
    expect(job).toMatchObject({ stage: 'on_the_way', vehicle_plate: seeded.plate, pickup_location: seeded.transport.pickup, delivery_location: seeded.transport.delivery });
    expect(job.events.map((e: { step: string }) => e.step)).toEqual(['assigned', 'picked_up', 'on_the_way']);
    // Whom to call at each end, in E.164 for the tap-to-call links.
    expect(job).toMatchObject({
      pickup_contact_name: seeded.transport.pickupContact.name,
      pickup_contact_phone: '+966553334021',
      delivery_contact_name: seeded.transport.deliveryContact.name,
      delivery_contact_phone: '+966507771290',
    });

    // The requester and the supplier of the deal see the same job.
    for (const email of ['contractor@demo.binaa.sa', 'supplier@demo.binaa.sa']) {
      const theirs = await (await signIn(email)).get('/api/deliveries');
      expect(theirs.body.map((d: { id: string }) => d.id), email).toEqual([job.id]);
    }

    // The rows are as the services leave them: the next step goes through.
    const delivered = await driver.post(`/api/deliveries/${job.id}/steps`, {
      event_id: crypto.randomUUID(),
      step: 'delivered',
      at: new Date().toISOString(),
      proof: { recipient_name: 'سلطان', signature_id: crypto.randomUUID(), photo_ids: [] },
    });
    expect(delivered.status, delivered.text).toBe(200);
    expect(delivered.body.stage).toBe('delivered');
  });
});

describe('the demo team', () => {
  it('has a member who acts for the supplier and sees its team; the transport owner sees its driver', async () => {
    const member = await signIn('member@demo.binaa.sa');
    const supplier = await server.db.knex('users').where({ email: 'supplier@demo.binaa.sa' }).first('id');
    expect((await member.get('/api/session')).body.user).toMatchObject({ member_role: 'member', company_id: supplier.id });
    const team = await member.get('/api/company/members');
    expect(team.status, team.text).toBe(200);
    expect(team.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['supplier@demo.binaa.sa', 'owner'],
      ['member@demo.binaa.sa', 'member'],
    ]);

    const carrier = await signIn('transport@demo.binaa.sa');
    const carriers = await carrier.get('/api/company/members');
    expect(carriers.body.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['transport@demo.binaa.sa', 'owner'],
      ['driver@demo.binaa.sa', 'driver'],
    ]);
    expect(DEMO_PEOPLE.map((p) => p.email).sort()).toEqual(['driver@demo.binaa.sa', 'member@demo.binaa.sa', 'site.engineer@demo.binaa.sa', 'site.manager@demo.binaa.sa']);
  });
});

describe("the demo contractor's site", () => {
  it('has a request waiting for its manager, who approves it; the owner sees the other one approved', async () => {
    const manager = await signIn('site.manager@demo.binaa.sa');
    const waiting = await manager.get('/api/purchase-requests?waiting_for=me');
    expect(waiting.status, waiting.text).toBe(200);
    expect(waiting.body).toHaveLength(1);
    expect(waiting.body[0]).toMatchObject({ status: 'pending', site_name: 'برج الياسمين السكني', requested_by_name: 'نورة القحطاني', next_level: 1 });
    const owner = await signIn('contractor@demo.binaa.sa');
    expect((await owner.get('/api/purchase-requests?waiting_for=me')).body).toEqual([]);
    const all = (await owner.get('/api/purchase-requests')).body;
    expect(all.map((r: { status: string }) => r.status)).toEqual(['pending', 'approved']);
    const approved = await manager.post(`/api/purchase-requests/${waiting.body[0].id}/approve`, {});
    expect(approved.body).toMatchObject({ status: 'approved' });
  });
});

describe('the demo tenders', () => {
  it('keeps the bids of a tender before its opening sealed: a count for its owner, nothing for anyone else', async () => {
    const id = await projectIdByTitle(projectTitle('school'));
    const owner = await signIn('government@demo.binaa.sa');
    const ownView = await owner.get(`/api/projects/${id}`);
    expect(ownView.body).toMatchObject({ phase: 'bidding', bid_count: 2 });
    const sealed = await owner.get(`/api/projects/${id}/bids`);
    expect([sealed.status, sealed.body.code]).toEqual([409, 'tender_not_opened']);

    // A contractor who bid on it: the project without its count, and no one's bids.
    const bidder = await signIn('alemar@demo.binaa.sa');
    expect((await bidder.get(`/api/projects/${id}`)).body).toMatchObject({ phase: 'bidding', bid_count: null });
    expect([403, 404]).toContain((await bidder.get(`/api/projects/${id}/bids`)).status);
    const mine = await bidder.get('/api/bids/my');
    expect(mine.body.filter((b: { project_id: string }) => b.project_id === id)).toHaveLength(1);
  });

  it('shows the owner of the opened tender its bids, lowest first, and its opening record; the bidders wait for the award', async () => {
    const id = await projectIdByTitle(projectTitle('library'));
    const owner = await signIn('government@demo.binaa.sa');
    expect((await owner.get(`/api/projects/${id}`)).body).toMatchObject({ phase: 'evaluation', bid_count: 3 });
    const bids = await owner.get(`/api/projects/${id}/bids`);
    expect(bids.status, bids.text).toBe(200);
    expect(bids.body.map((b: { amount: number }) => b.amount)).toEqual([3_150_000, 3_290_000, 3_380_000]);

    const opening = await owner.get(`/api/projects/${id}/opening`);
    expect(opening.status, opening.text).toBe(200);
    expect(opening.body.bid_count).toBe(3);
    expect(opening.body.record.map((e: { rank: number; bid_id: string }) => [e.rank, e.bid_id])).toEqual(bids.body.map((b: { id: string }, i: number) => [i + 1, b.id]));

    // The demo contractor bid on it: their receipt's digest is the one the record lists.
    const contractor = await signIn('contractor@demo.binaa.sa');
    const ownBid = (await contractor.get('/api/bids/my')).body.find((b: { project_id: string }) => b.project_id === id);
    const receipts = await contractor.get(`/api/bids/${ownBid.id}/receipts`);
    expect(receipts.body.map((r: { digest: string }) => r.digest)).toEqual([opening.body.record[0].digest]);
    const early = await contractor.get(`/api/projects/${id}/opening`);
    expect([early.status, early.body.code]).toEqual([409, 'tender_not_opened']);

    // The owner can award it: the standstill starts.
    const award = await owner.post(`/api/projects/${id}/award`, { bid_id: bids.body[0].id });
    expect(award.status, award.text).toBe(200);
    expect(award.body.phase).toBe('standstill');
  });
});

describe('the demo catalogue', () => {
  it('serves the photos of its products, and shows stock', async () => {
    const contractor = await signIn('contractor@demo.binaa.sa');
    const { id } = await server.db.knex('products').where({ name: 'أسمنت بورتلاندي عادي' }).first('id');
    const product = await contractor.get(`/api/products/${id}`);
    expect(product.body.stock_quantity).toBe(12000);
    expect(product.body.photos.length).toBeGreaterThan(0);
    const file = await contractor.get(photoUrl(product.body.photos[0].hash, 480));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
  });
});
