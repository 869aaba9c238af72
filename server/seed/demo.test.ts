/**
 * The demo seed on a freshly migrated database (PGlite, or TEST_DATABASE_URL in a schema
 * of its own): what someone trying the demo accounts will find.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Knex } from 'knex';
import { openDatabase, type Database } from '../db/index';
import { migrateLatest } from '../db/migrate';
import { productCreateSchema } from '../../shared/schemas/product';
import { profileUpsertSchema } from '../../shared/schemas/profile';
import { taxProfileInputSchema } from '../../shared/schemas/tax-profile';
import { PHOTO_SIZES } from '../../shared/schemas/photo';
import { diskStore } from '../storage/disk';
import { bidBondCompliant, bidDigest, openingMoment } from '../../shared/tender';
import { DEMO_ACCOUNTS, DEMO_PEOPLE, seedDemo } from './demo';
import { DEMO_SITE_NAME } from './demo-sites';
import { siteBudget } from '../modules/sites/budget';
import { purchaseRequestQuery, readPurchaseRequests } from '../modules/purchase-requests/queries';
import { earnedTierOf } from '../modules/tiers/recompute';
import { sniffDocument } from '../modules/projects/documents-upload';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
let db: Database;
let knex: Knex;
let seeded: boolean;
const photoDir = fs.mkdtempSync(path.join(os.tmpdir(), 'binaa-seed-'));
const photoStore = diskStore(photoDir);
const bytesOf = async (key: string) => {
  const chunks: Buffer[] = [];
  for await (const c of (await photoStore.get(key))!.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
};

beforeAll(async () => {
  db = await openDatabase(url ? { url, schema, poolMax: 2 } : { schema });
  knex = db.knex;
  await migrateLatest(knex, schema);
  seeded = await seedDemo(knex, { store: photoStore });
});

afterAll(async () => {
  if (url) await knex.raw('drop schema if exists ?? cascade', [schema]);
  fs.rmSync(photoDir, { recursive: true, force: true });
  await db?.close();
});

const count = async (q: Knex.QueryBuilder) => Number((await q.count('* as n').first())!.n);

async function userByEmail(email: string) {
  return knex('users').join('profiles', 'profiles.user_id', 'users.id').where('users.email', email).first();
}

describe('seedDemo', () => {
  it('seeds an empty database and says so', () => {
    expect(seeded).toBe(true);
  });

  it('gives every product a photo drawn at seed time, stored as the three WebP sizes', async () => {
    const products: Array<{ id: string; category_id: string }> = await knex('products').select('id', 'category_id');
    const photos: Array<{ product_id: string; position: number; hash: string }> = await knex('product_photos').select('product_id', 'position', 'hash');
    expect(new Set(photos.map((p) => p.product_id)).size).toBe(products.length);
    // The first product of each category has a second, closer photo.
    const categories = new Set(products.map((p) => p.category_id)).size;
    expect(photos.filter((p) => p.position === 1)).toHaveLength(categories);
    const hashes = [...new Set(photos.map((p) => p.hash))];
    expect(hashes).toHaveLength(categories * 2);
    for (const hash of hashes) {
      for (const size of PHOTO_SIZES) {
        const file = await photoStore.get(`media/${hash}-${size}.webp`);
        expect(file, `${hash}-${size}`).not.toBeNull();
        const chunks: Buffer[] = [];
        for await (const c of file!.body) chunks.push(c as Buffer);
        const meta = await sharp(Buffer.concat(chunks)).metadata();
        expect([meta.format, Math.max(meta.width!, meta.height!)]).toEqual(['webp', size]);
      }
    }
  });

  it('does nothing the second time', async () => {
    const before = await count(knex('products'));
    expect(await seedDemo(knex)).toBe(false);
    expect(await count(knex('products'))).toBe(before);
  });

  it('creates one sign-in account per role, the admin with the admin flag', async () => {
    for (const { email, role } of DEMO_ACCOUNTS) {
      const user = await userByEmail(email);
      expect(user, email).toBeDefined();
      expect(user.role).toBe(role);
      expect(user.is_admin).toBe(role === 'admin');
    }
  });

  it('creates about eight suppliers with Saudi company names, cities and E.164 phones', async () => {
    const suppliers = await knex('profiles').where({ role: 'supplier' });
    expect(suppliers.length).toBeGreaterThanOrEqual(7);
    expect(new Set(suppliers.map((s) => s.city)).size).toBeGreaterThanOrEqual(4);
    expect(suppliers.some((s) => s.verification_tier !== 'unverified')).toBe(true);
    for (const s of suppliers) expect(s.company_name).toMatch(/[\u0600-\u06ff]/);
  });

  it('gives each company the tier its record earns by the one rule: the steel supplier silver or better, one the register never verified none', async () => {
    const profiles: Array<{ user_id: string; company_name: string; verification_tier: string }> = await knex('profiles').select('user_id', 'company_name', 'verification_tier');
    for (const p of profiles) expect(p.verification_tier, p.company_name).toBe(await earnedTierOf(knex, p.user_id, new Date()));
    const tierOf = (name: RegExp) => profiles.find((p) => name.test(p.company_name))?.verification_tier;
    expect(['silver', 'gold', 'platinum', 'diamond']).toContain(tierOf(/^شركة الحديد العربي/));
    const unchecked = await knex('profiles as p').leftJoin('company_cr_checks as c', 'c.company_id', 'p.user_id').whereNull('c.company_id').pluck('p.verification_tier');
    expect(new Set(unchecked)).toEqual(new Set(['unverified']));
  });

  it('gives every profile values the setup form itself would accept', async () => {
    const profiles = await knex('profiles').whereNot({ role: 'admin' });
    for (const p of profiles) {
      const body = {
        role: p.role,
        company_name: p.company_name,
        phone: p.phone,
        city: p.city,
        website: p.website,
        cr_number: p.cr_number,
        vat_number: p.vat_number,
      };
      const parsed = profileUpsertSchema.safeParse(body);
      expect(parsed.success, `${p.company_name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(parsed.data?.phone).toBe(p.phone); // already in E.164
    }
  });

  it('lists about 60 products over every category, valid as a supplier would post them', async () => {
    const products = await knex('products');
    expect(products.length).toBeGreaterThanOrEqual(55);
    const categories = await count(knex('categories'));
    expect(new Set(products.map((p) => p.category_id)).size).toBe(categories);
    for (const p of products) {
      const body = {
        name: p.name,
        description: p.description,
        price: p.price,
        unit: p.unit,
        min_quantity: p.min_quantity,
        category_id: p.category_id,
        specifications: p.specifications,
      };
      const parsed = productCreateSchema.safeParse(body);
      expect(parsed.success, `${p.name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(p.name).toMatch(/[\u0600-\u06ff]/);
    }
    expect(products.some((p) => p.availability_status === 'out_of_stock')).toBe(true);
  });

  it('gives the demo supplier (the seller) and the demo contractor (the buyer) tax profiles ZATCA accepts, with their profiles\' VAT and CR numbers', async () => {
    for (const email of ['supplier@demo.binaa.sa', 'contractor@demo.binaa.sa']) {
      const demo = await userByEmail(email);
      const row = await knex('company_tax_profiles').where({ company_id: demo.id }).first();
      const { company_id: _id, created_at: _c, updated_at: _u, building_number, street, district, city, postal_code, additional_number, ...fields } = row;
      expect(taxProfileInputSchema.safeParse({ ...fields, address: { building_number, street, district, city, postal_code, additional_number } }).success, email).toBe(true);
      expect([row.vat_number, row.cr_number]).toEqual([demo.vat_number, demo.cr_number]);
    }
  });

  it('keeps every supplier within the free plan, with room for the demo supplier to add products', async () => {
    const plan = await knex('subscription_plans').where({ id: 'free' }).first();
    const perSupplier = await knex('products').select('supplier_id').count('* as n').groupBy('supplier_id');
    for (const row of perSupplier) expect(Number(row.n)).toBeLessThanOrEqual(plan.max_products);
    const demo = await userByEmail('supplier@demo.binaa.sa');
    expect(await count(knex('products').where({ supplier_id: demo.id }))).toBeLessThan(plan.max_products);
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    expect(await count(knex('instant_orders').where({ contractor_id: contractor.id, status: 'active' }))).toBeLessThan(
      plan.max_instant_orders,
    );
  });

  it('puts every company on the free plan; the people of a team use their company\'s', async () => {
    expect(await count(knex('subscriptions').where({ plan_id: 'free', status: 'active' }))).toBe(await count(knex('profiles')));
    const people = await knex('company_members').whereNot({ role: 'owner' }).pluck('user_id');
    expect(people).toHaveLength(DEMO_PEOPLE.length);
    expect(await count(knex('subscriptions').whereIn('user_id', people))).toBe(0);
  });

  it('opens government projects with budgets: those taking bids with deadlines in the future, one of the demo government\'s opened', async () => {
    const gov = await userByEmail('government@demo.binaa.sa');
    const projects = await knex('projects');
    expect(projects.length).toBeGreaterThanOrEqual(3);
    const today = new Date();
    for (const p of projects) {
      expect(p.status).toBe('open');
      expect(p.budget).toBeGreaterThan(0);
      if (!p.opened_at) expect(new Date(p.deadline_date).getTime()).toBeGreaterThan(today.getTime());
    }
    const bidding = projects.filter((p) => !p.opened_at);
    expect(bidding.filter((p) => p.government_id === gov.id).length).toBeGreaterThan(0);
    // Sealed before its opening: a tender of the demo government's taking bids has some.
    expect(await count(knex('bids').whereIn('project_id', bidding.filter((p) => p.government_id === gov.id).map((p) => p.id)))).toBeGreaterThan(0);

    // After its opening: the record lists every bid, at the opening moment of its deadline.
    const opened = projects.filter((p) => p.opened_at);
    expect(opened.map((p) => p.government_id)).toEqual([gov.id]);
    const [p] = opened;
    expect(p.opened_at.toISOString()).toBe(openingMoment(String(p.deadline_date).slice(0, 10)));
    const record = await knex('tender_openings').where({ project_id: p.id }).first();
    const bids = await knex('bids').where({ project_id: p.id }).orderBy('amount');
    expect(bids.length).toBeGreaterThan(1);
    expect(record.bid_count).toBe(bids.length);
    expect(record.record.map((e: { bid_id: string; digest: string }) => [e.bid_id, e.digest])).toEqual(bids.map((b) => [b.id, b.digest]));
    for (const b of bids) expect(b.received_at.getTime()).toBeLessThan(p.opens_at.getTime());
  });

  it('leaves the demo contractor free to bid on every project taking bids, with a bid of theirs on the opened one', async () => {
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    const theirs = await knex('bids as b').join('projects as p', 'p.id', 'b.project_id').where('b.contractor_id', contractor.id).select('p.opened_at');
    expect(theirs).toHaveLength(1);
    expect(theirs[0].opened_at).not.toBeNull();
  });

  it('gives the school tender two answered questions, asked by its bidders after it was posted, still taking questions before its deadline', async () => {
    const school = await knex('projects').where({ title: 'إنشاء مدرسة ابتدائية بسعة 600 طالب' }).first();
    const questions = await knex('tender_questions').where({ project_id: school.id });
    expect(questions).toHaveLength(2);
    const bidders = await knex('bids').where({ project_id: school.id }).pluck('contractor_id');
    for (const q of questions) {
      expect(bidders).toContain(q.company_id);
      expect(q.answered_by).toBe(school.government_id);
      expect(q.asked_at.getTime()).toBeGreaterThan(school.created_at.getTime());
      expect(q.answered_at.getTime()).toBeGreaterThan(q.asked_at.getTime());
      expect(q.answered_at.getTime()).toBeLessThan(Date.now());
    }
    expect(school.questions_until.getTime()).toBeGreaterThan(Date.now());
    expect(school.questions_until.getTime()).toBeLessThan(school.opens_at.getTime());
  });

  it('gives the school tender its booklet: a PDF and a bill of quantities in XLSX, each stored under its hash', async () => {
    const school = await knex('projects').where({ title: 'إنشاء مدرسة ابتدائية بسعة 600 طالب' }).first();
    const docs = await knex('project_documents').where({ project_id: school.id }).orderBy('published_at');
    expect(docs.map((d) => [d.type, d.format])).toEqual([
      ['specification', 'pdf'],
      ['bill_of_quantities', 'xlsx'],
    ]);
    for (const d of docs) {
      const object = await photoStore.get(`documents/${d.hash}`);
      const chunks: Buffer[] = [];
      for await (const c of object!.body) chunks.push(Buffer.from(c));
      const bytes = Buffer.concat(chunks);
      expect(sniffDocument(bytes)).toBe(d.format);
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(d.hash);
    }
  });

  it('makes the school tender two-envelope with a 2 % bid bond: each bid carries its technical envelope (a stored PDF) and a compliant bond, in its digest', async () => {
    const school = await knex('projects').where({ title: 'إنشاء مدرسة ابتدائية بسعة 600 طالب' }).first();
    expect([school.envelopes, Number(school.bid_bond_percent)]).toEqual([2, 2]);
    const bids = await knex('bids').where({ project_id: school.id });
    expect(bids.length).toBeGreaterThan(0);
    for (const b of bids) {
      const docs = await knex('bid_documents').whereIn('id', [...b.technical.document_ids, b.bid_bond.document_id]).where({ contractor_id: b.contractor_id });
      expect(docs).toHaveLength(2);
      for (const d of docs) expect(sniffDocument(await bytesOf(`documents/${d.hash}`))).toBe('pdf');
      expect(b.bid_bond_compliant).toBe(bidBondCompliant(b.bid_bond, school.opens_at));
      expect(b.bid_bond_compliant).toBe(true);
      expect(b.digest).toBe(await bidDigest(b));
    }
  });

  it('posts active instant orders that expire in the future, one with offers for the demo contractor', async () => {
    const orders = await knex('instant_orders').where({ status: 'active' });
    expect(orders.length).toBeGreaterThanOrEqual(3);
    for (const o of orders) {
      expect(o.status).toBe('active');
      expect(o.expires_at.getTime()).toBeGreaterThan(Date.now());
    }
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    const own = orders.filter((o) => o.contractor_id === contractor.id);
    expect(own.length).toBeGreaterThan(0);
    expect(await count(knex('instant_order_responses').whereIn('instant_order_id', own.map((o) => o.id)))).toBeGreaterThan(0);
  });

  it('sends the demo contractor\'s RFQ to the market, reaching the demo supplier, with two demo suppliers\' quotes to compare', async () => {
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    const supplier = await userByEmail('supplier@demo.binaa.sa');
    const [rfq] = await knex('rfqs').where({ buyer_id: contractor.id });
    expect(rfq).toMatchObject({ status: 'open', audience: 'market' });
    expect(rfq.closes_at.getTime()).toBeGreaterThan(Date.now());
    expect(await count(knex('rfq_lines').where({ rfq_id: rfq.id }).whereNotNull('category_id'))).toBe(4);
    expect(await count(knex('rfq_recipients').where({ rfq_id: rfq.id, supplier_id: supplier.id }))).toBe(1);
    const quotes = await knex('rfq_quotes').where({ rfq_id: rfq.id });
    expect(quotes).toHaveLength(2);
    expect(await count(knex('rfq_recipients').where({ rfq_id: rfq.id }).whereIn('supplier_id', quotes.map((q) => q.supplier_id)))).toBe(2);
    // One supplier skips a line: the comparison shows a gap.
    expect((await knex('rfq_quote_lines').where({ rfq_id: rfq.id }).select('quote_id')).length).toBe(7);
    // The cheaper cement is offered in part: 120 of the 200 bags.
    expect(await knex('rfq_quote_lines').where({ rfq_id: rfq.id }).whereNotNull('quantity').select('quantity')).toEqual([{ quantity: 120 }]);
  });

  it('posts pending transport requests from non-transport users', async () => {
    const requests = await knex('transport_requests')
      .join('profiles', 'profiles.user_id', 'transport_requests.requester_id')
      .where('transport_requests.status', 'pending')
      .select('transport_requests.status', 'profiles.role', 'transport_requests.cargo_weight');
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const r of requests) {
      expect(r.status).toBe('pending');
      expect(r.role).not.toBe('transport');
      expect(r.cargo_weight).toBeGreaterThan(0);
    }
  });

  it('puts a job on its way: the demo driver\'s, moving the demo contractor\'s fulfilled order, in transit since the pickup', async () => {
    const driver = await knex('users as u').join('company_members as m', 'm.user_id', 'u.id').where('u.email', 'driver@demo.binaa.sa').first('u.id', 'm.company_id', 'm.role');
    const carrier = await userByEmail('transport@demo.binaa.sa');
    expect(driver).toMatchObject({ company_id: carrier.id, role: 'driver' });
    const jobs = await knex('deliveries as d')
      .join('transport_requests as r', 'r.id', 'd.transport_request_id')
      .join('transport_offers as o', 'o.id', 'r.assigned_offer_id')
      .join('instant_orders as io', 'io.id', 'r.instant_order_id')
      .join('instant_order_responses as ior', 'ior.id', 'io.accepted_response_id')
      .select('d.id', 'd.driver_id', 'd.company_id', 'd.stage', 'r.status as request_status', 'o.status as quote_status', 'o.transport_company_id', 'io.status as order_status', 'io.contractor_id', 'r.requester_id', 'ior.status as offer_status');
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    expect(jobs).toEqual([
      expect.objectContaining({
        driver_id: driver.id,
        company_id: carrier.id,
        stage: 'on_the_way',
        request_status: 'in_transit',
        quote_status: 'accepted',
        transport_company_id: carrier.id,
        order_status: 'fulfilled',
        offer_status: 'accepted',
        contractor_id: contractor.id,
        requester_id: contractor.id,
      }),
    ]);
    const events = await knex('delivery_events').where({ delivery_id: jobs[0].id }).orderBy('at');
    expect(events.map((e) => e.step)).toEqual(['assigned', 'picked_up', 'on_the_way']);
    expect(events.every((e) => e.at.getTime() <= Date.now())).toBe(true);
  });

  it('leaves the demo contractor an order partially received from the demo supplier, part of its cement rejected', async () => {
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    // Its site's order aside (the site's budget test below).
    const orders = await knex('purchase_orders').where({ buyer_id: contractor.id, status: 'partially_received', site_id: null });
    expect(orders).toHaveLength(1);
    const received = await knex('goods_receipt_lines as grl')
      .join('purchase_order_lines as pl', 'pl.id', 'grl.purchase_order_line_id')
      .where('pl.purchase_order_id', orders[0].id)
      .orderBy('pl.position')
      .select('pl.quantity', 'grl.received_quantity', 'grl.rejected_quantity', 'grl.rejection_reason');
    expect(received.map((r) => [r.quantity, r.received_quantity, r.rejected_quantity, r.rejection_reason])).toEqual([
      [100, 80, 6, 'damaged'],
      [2000, 2000, 0, null],
    ]);
  });

  it("gives the demo supplier a scorecard from all its deals: on time pulled down by late deliveries, the cement's rejection beside it", async () => {
    const supplier = await userByEmail('supplier@demo.binaa.sa');
    const rows = await knex('scorecards').where({ company_id: supplier.id }).orderBy('window');
    expect(rows.map((r) => r.window)).toEqual(['12m', 'all']);
    // Every order of the supplier with goods received is a deal: the seed measured them last.
    const received = await count(knex('purchase_orders as po').where('po.seller_id', supplier.id).whereExists(knex('goods_receipts as gr').whereRaw('gr.purchase_order_id = po.id')));
    expect(received).toBeGreaterThanOrEqual(3);
    for (const r of rows) {
      expect(r.deals).toBe(received);
      // One steel order on time among late ones (the cement a day late, the concrete three days late).
      expect(Number(r.on_time_rate)).toBeGreaterThan(0);
      expect(Number(r.on_time_rate)).toBeLessThan(0.5);
      // 6 of 80 bags of cement rejected; 120 of 300 m3 of concrete received so far.
      expect(Number(r.rejection_rate)).toBeGreaterThan(0);
      expect(Number(r.fill_rate)).toBeLessThan(1);
    }
  });

  it("gives the demo contractor a site budgeted from a bill of quantities, rules at two levels, and its engineer's requests: one waiting for the manager, one approved and made into an RFQ", async () => {
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    // The site's people are members: no profile of their own.
    const manager = await knex('users').where({ email: 'site.manager@demo.binaa.sa' }).first('id');
    const engineer = await knex('users').where({ email: 'site.engineer@demo.binaa.sa' }).first('id');
    const [site] = await knex('sites').where({ company_id: contractor.id });
    expect(site).toMatchObject({ name: DEMO_SITE_NAME, status: 'active', manager_id: manager.id });
    expect(await count(knex('site_budget_lines').where({ site_id: site.id }))).toBeGreaterThanOrEqual(5);
    const levels = await knex('site_approval_levels').where({ site_id: site.id }).orderBy('position');
    expect(levels.map((l) => [l.up_to_amount === null ? null : Number(l.up_to_amount), l.approver_ids])).toEqual([
      [50000, [manager.id]],
      [null, [contractor.id]],
    ]);
    // Read as the API presents them: what each needs worked out from the rules now.
    const requests = await readPurchaseRequests(purchaseRequestQuery(knex).where('pr.site_id', site.id).orderBy('pr.created_at'));
    expect(requests.map((r) => [r.number, r.status, r.requested_by, r.required_levels, r.waiting_for])).toEqual([
      [expect.stringMatching(/^PR-\d{4}-000001$/), 'approved', engineer.id, [1, 2], []],
      [expect.stringMatching(/^PR-\d{4}-000002$/), 'pending', engineer.id, [1], [manager.id]],
    ]);
    expect(requests[0].approvals.map((a) => [a.level, a.decided_by])).toEqual([
      [1, manager.id],
      [2, contractor.id],
    ]);
    expect(requests.map((r) => r.amount)).toEqual([196650, 43010]);
    for (const r of requests) expect(r.lines.every((l) => l.budget_line_id !== null)).toBe(true);
    // The approved one became an RFQ on the site, which reached its one quoter, over what was approved.
    expect(requests[0].rfq_id).not.toBeNull();
    const rfq = await knex('rfqs').where({ id: requests[0].rfq_id }).first();
    expect(rfq).toMatchObject({ site_id: site.id, purchase_request_id: requests[0].id, buyer_id: contractor.id });
    const [quote] = await knex('rfq_quotes').where({ rfq_id: rfq.id });
    expect(await count(knex('rfq_recipients').where({ rfq_id: rfq.id, supplier_id: quote.supplier_id }))).toBe(1);
    const lines = await knex('rfq_lines').where({ rfq_id: rfq.id }).select('id', 'budget_line_id', 'category_id');
    expect(lines.map((l) => [l.id, l.budget_line_id])).toEqual(requests[0].lines.map((l) => [l.id, l.budget_line_id]));
    expect(lines.every((l) => l.category_id !== null)).toBe(true);
  });

  it("shows the demo site's budget committed, received and over budget on one line, from an order on its budget lines", async () => {
    const contractor = await userByEmail('contractor@demo.binaa.sa');
    const [site] = await knex('sites').where({ company_id: contractor.id });
    const budget = await siteBudget(knex, site, contractor.id, new Date());
    expect(budget.lines.map((l) => [l.committed, l.received, l.over_budget])).toEqual([
      [98325, 39330, false],
      [0, 0, false],
      [0, 0, false],
      [101660, 0, true],
      [0, 0, false],
    ]);
    expect(budget.lines[1].approved).toBeGreaterThan(0);
  });

  it('rates products and companies from the published reviews of completed deals only, each by a party of its deal', async () => {
    const rated = await knex('products').where('total_reviews', '>', 0);
    expect(rated.length).toBeGreaterThan(0);
    const counted = `from reviews where not legacy and published_at is not null`;
    for (const p of rated) {
      const { rows } = await knex.raw(`select round(avg(rating), 2) as average, count(*) as total ${counted} and product_id = ?`, [p.id]);
      expect([p.average_rating, p.total_reviews]).toEqual([Number(rows[0].average), Number(rows[0].total)]);
    }
    const deals = await knex('reviews as r')
      .join('purchase_orders as po', 'po.id', 'r.purchase_order_id')
      .where('r.legacy', false)
      .select('r.reviewer_company_id', 'r.target_id', 'po.buyer_id', 'po.seller_id', knex.raw('exists (select from goods_receipts g where g.purchase_order_id = po.id) as received'));
    expect(deals.length).toBeGreaterThan(0);
    for (const d of deals) {
      expect(d.received).toBe(true);
      expect([d.reviewer_company_id, d.target_id].sort()).toEqual([d.buyer_id, d.seller_id].sort());
    }
    // A review from before verified reviews is kept apart and counted by no profile.
    const [legacy] = await knex('reviews').where({ legacy: true }).select('target_id');
    const { rows } = await knex.raw(`select count(*)::int as total ${counted} and target_type = 'user' and target_id = ?`, [legacy.target_id]);
    expect((await knex('profiles').where({ user_id: legacy.target_id }).first('total_reviews')).total_reviews).toBe(rows[0].total);
  });

  it('makes the catalogue searchable without hamza', async () => {
    const found = await knex('products')
      .whereRaw(`search_text like '%' || normalize_search(?) || '%'`, ['اسمنت'])
      .pluck('name');
    expect(found).toEqual(expect.arrayContaining(['أسمنت بورتلاندي عادي', 'أسمنت أبيض']));
  });
});
