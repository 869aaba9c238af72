/**
 * Demo data for an empty database (SEED_DEMO): the accounts of DEMO_ACCOUNTS, a few more
 * companies, a member and a driver in two of them, about 60 products with photos and
 * stock, projects with sealed bids (one opened, the rest taking bids), active instant
 * orders with offers, pending transport requests, a job on its way, reviews, a free
 * subscription for everyone, and the demo supplier's tax profile (for e-invoicing). All in one transaction, so a failed seed leaves nothing
 * behind.
 *
 * Rows go in directly, as the services leave them (the services would also notify and
 * log changes); the sync bootstrap serves whatever is in the tables, and the boot's
 * backfill enters them in the change feed. The rules that make a row are the app's own:
 * bid digests and opening moments from shared/tender.ts, the opening record from
 * openTender, photos through the upload pipeline. Reference data (categories, plans) is
 * not here: the migrations own it. Dates are relative to now, so a deadline in the data
 * is as far ahead (or, for the opened tender, behind) on any day the seed runs.
 */
import { bidDigest, tenderDeadline } from '../../shared/tender';
import { riyadhDay, riyadhMoment } from '../../shared/riyadh';
import crypto from 'node:crypto';
import { insertDemoRfqs } from './demo-rfqs';
import { demoEnvelope } from './demo-envelopes';
import { insertDemoReceipts } from './demo-receipts';
import { insertDemoSites } from './demo-sites';
import { insertDemoOnTimeDeal, measureDemoScorecards } from './demo-scorecards';
import { earnDemoTiers, insertDemoCrChecks, insertDemoGoodDeals } from './demo-tiers';
import { insertDemoSuspension } from './demo-suspensions';
import type { Knex } from 'knex';
import { instantOrderExpiry } from '../../shared/instant-order-expiry';
import { taxProfileInputSchema } from '../../shared/schemas/tax-profile';
import { DEMO_COMPANIES, DEMO_PEOPLE, type DemoCompany } from './demo-companies';
import { DEMO_TAX_PROFILES } from './demo-tax-profiles';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-catalogue';
import { insertDemoReviews, refreshDemoRatings } from './demo-reviews';
import { DEMO_BIDS, DEMO_PROJECTS, DEMO_QUESTIONS, type DemoProject } from './demo-projects';
import { DEMO_ORDERS, DEMO_ORDER_RESPONSES, type DemoOrder } from './demo-orders';
import { DEMO_JOBS, DEMO_TRANSPORT_OFFERS, DEMO_TRANSPORT_REQUESTS, type DemoTransportRequest } from './demo-logistics';
import { insertJob } from './demo-jobs';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './demo-time';

import type { ObjectStore } from '../storage';
import { lockProject } from '../modules/projects/queries';
import { openTender } from '../modules/projects/tender-opening';
import { seedDemoPhotos } from './demo-photos';
import { seedDemoDocuments } from './demo-documents';

export { DEMO_ACCOUNTS, DEMO_PEOPLE } from './demo-companies';

/**
 * Seeds the demo marketplace when there are no users yet. Returns whether it did. With a
 * store, the products get photos drawn at seed time (demo-photos.ts).
 */
export async function seedDemo(knex: Knex, opts: { store?: ObjectStore } = {}): Promise<boolean> {
  return knex.transaction(async (trx) => {
    // Two servers booting on one empty database must not both seed.
    await trx.raw('lock table users in share row exclusive mode');
    if (await trx('users').first('id')) return false;
    await insertDemo(trx, Date.now(), opts.store);
    return true;
  });
}

/** A new id for each row of a keyed demo list, and the row and id of a key. */
function keyed<T extends { key: string }>(rows: readonly T[], what: string) {
  const byKey = new Map(rows.map((row) => [row.key, { row, id: crypto.randomUUID() }]));
  if (byKey.size !== rows.length) throw new Error(`demo data repeats a ${what} key`);
  const get = (key: string) => {
    const found = byKey.get(key);
    if (!found) throw new Error(`demo data names an unknown ${what}: ${key}`);
    return found;
  };
  return { id: (key: string) => get(key).id, row: (key: string) => get(key).row };
}

async function insertDemo(trx: Knex.Transaction, now: number, store?: ObjectStore): Promise<void> {
  const at = (offsetMs: number) => new Date(now + offsetMs);
  const company = keyed(DEMO_COMPANIES, 'company');
  const companyId = company.id;

  await trx('users').insert(
    DEMO_COMPANIES.map((c: DemoCompany, i) => ({
      id: companyId(c.key),
      email: c.email,
      name: c.name,
      is_admin: c.is_admin ?? false,
      created_at: at(-(90 - i) * DAY_MS),
      updated_at: at(-(90 - i) * DAY_MS),
    })),
  );
  await trx('profiles').insert(
    DEMO_COMPANIES.map((c: DemoCompany) => ({
      user_id: companyId(c.key),
      role: c.role,
      company_name: c.company_name,
      phone: c.phone,
      address: c.address,
      city: c.city,
      state: c.state,
      zip_code: c.zip_code,
      website: c.website ?? null,
      description: c.description,
      // Earned from the record below (demo-tiers.ts), as every company's is.
      verification_tier: 'unverified',
      cr_number: c.cr_number ?? null,
      vat_number: c.vat_number ?? null,
      language: 'ar',
    })),
  );
  await trx('subscriptions').insert(DEMO_COMPANIES.map((c) => ({ user_id: companyId(c.key), plan_id: 'free' })));
  // Through the shared schema, as PUT /api/company/tax-profile takes it: a demo profile ZATCA would refuse fails the seed.
  await trx('company_tax_profiles').insert(
    Object.entries(DEMO_TAX_PROFILES).map(([key, profile]) => {
      const { address, ...fields } = taxProfileInputSchema.parse(profile);
      return { company_id: companyId(key), ...fields, ...address };
    }),
  );

  // The company's people: those who joined one (its owner's row comes from the profile's trigger).
  const person = keyed(DEMO_PEOPLE, 'person');
  for (const p of DEMO_PEOPLE) {
    // As createInvite refuses it: a driver belongs to a transport company.
    if (p.role === 'driver' && company.row(p.company).role !== 'transport') throw new Error(`demo driver ${p.key} is not in a transport company`);
  }
  await trx('users').insert(
    DEMO_PEOPLE.map((p, i) => ({ id: person.id(p.key), email: p.email, name: p.name, created_at: at(-(40 - i) * DAY_MS), updated_at: at(-(40 - i) * DAY_MS) })),
  );
  await trx('company_members').insert(
    DEMO_PEOPLE.map((p, i) => ({
      user_id: person.id(p.key),
      company_id: companyId(p.company),
      role: p.role,
      invited_by: companyId(p.company),
      created_at: at(-(40 - i) * DAY_MS),
    })),
  );

  const categories = new Map<string, string>(
    (await trx('categories').select('id', 'slug')).map((r: { id: string; slug: string }) => [r.slug, r.id]),
  );
  const productId = keyed(DEMO_PRODUCTS, 'product').id;
  await trx('products').insert(
    DEMO_PRODUCTS.map((p: DemoProduct, i) => ({
      id: productId(p.key),
      supplier_id: companyId(p.supplier),
      category_id: categories.get(p.category) ?? null,
      name: p.name,
      description: p.description,
      price: p.price,
      unit: p.unit,
      min_quantity: p.minQuantity,
      stock_quantity: p.stock,
      availability_status: p.stock === 0 ? 'out_of_stock' : 'available',
      specifications: p.specs ? JSON.stringify(p.specs) : null,
      // Spread over the last days in a shuffled order, so "newest first" mixes categories.
      created_at: at(-((i * 37) % DEMO_PRODUCTS.length) * 97 * MINUTE_MS),
    })),
  );
  if (store) {
    await seedDemoPhotos(
      trx,
      store,
      DEMO_PRODUCTS.map((p) => ({ id: productId(p.key), supplier_id: companyId(p.supplier), slug: p.category })),
    );
  }

  const project = keyed(DEMO_PROJECTS, 'project');
  const projectId = project.id;
  // A deadline's day in Riyadh, to its minute when the demo gives a time, else to the day's end.
  const deadlineOf = (key: string) => {
    const row: DemoProject = project.row(key);
    const day = riyadhDay(at(row.deadlineInDays * DAY_MS));
    return tenderDeadline(row.deadlineTime ? { deadline_at: riyadhMoment(day, row.deadlineTime).toISOString() } : { deadline_date: day })!;
  };
  const opensAt = (key: string) => new Date(deadlineOf(key).at);
  await trx('projects').insert(
    DEMO_PROJECTS.map((p, i) => ({
      id: projectId(p.key),
      government_id: companyId(p.owner),
      title: p.title,
      description: p.description,
      budget: p.budget,
      location: p.location,
      deadline_at: deadlineOf(p.key).at,
      deadline_date: deadlineOf(p.key).day,
      opens_at: deadlineOf(p.key).at,
      requirements: p.requirements,
      questions_until: 'questionsUntilInDays' in p ? at(p.questionsUntilInDays * DAY_MS) : null,
      envelopes: 'envelopes' in p ? p.envelopes : 1,
      bid_bond_percent: 'bidBondPercent' in p ? p.bidBondPercent : null,
      status: 'open',
      // Posted well before the deadline, even when that has passed.
      created_at: at(Math.min(-(i + 1) * 2, p.deadlineInDays - 14) * DAY_MS),
    })),
  );
  // Each bid as it was received (before its project's opening), with its receipt (digest) as the bidder got it.
  const bids = await Promise.all(
    DEMO_BIDS.map(async (b, i) => {
      const bid = {
        id: crypto.randomUUID(),
        project_id: projectId(b.project),
        contractor_id: companyId(b.contractor),
        amount: b.amount,
        proposal: b.proposal,
        estimated_completion_days: b.days,
        received_at: new Date(Math.min(now, opensAt(b.project).getTime()) - (i + 1) * 5 * HOUR_MS),
      };
      // A two-envelope tender's bid carries its technical envelope and a compliant bond.
      const envelope = (project.row(b.project) as DemoProject).envelopes === 2
        ? await demoEnvelope(trx, store, { ...bid, company: b.contractor, at: new Date(bid.received_at.getTime() - HOUR_MS), deadlineDay: deadlineOf(b.project).day })
        : null;
      const digest = await bidDigest({ ...bid, ...envelope });
      return { ...bid, created_at: bid.received_at, digest, technical: envelope?.technical ?? null, bid_bond: envelope?.bid_bond ?? null, bid_bond_compliant: envelope ? true : null };
    }),
  );
  await trx('bids').insert(bids.map((b) => ({ ...b, technical: b.technical && JSON.stringify(b.technical), bid_bond: b.bid_bond && JSON.stringify(b.bid_bond) })));
  await trx('bid_receipts').insert(
    bids.map((b) => ({
      bid_id: b.id,
      project_id: b.project_id,
      contractor_id: b.contractor_id,
      kind: 'submitted',
      amount: b.amount,
      estimated_completion_days: b.estimated_completion_days,
      proposal: b.proposal,
      received_at: b.received_at,
      digest: b.digest,
    })),
  );
  await trx('tender_questions').insert(
    DEMO_QUESTIONS.map((q) => ({
      id: crypto.randomUUID(),
      project_id: projectId(q.project),
      company_id: companyId(q.asker),
      asked_by: companyId(q.asker),
      text: q.text,
      asked_at: at(-q.askedHoursAgo * HOUR_MS),
      answer: q.answer,
      answered_at: at(-q.answeredHoursAgo * HOUR_MS),
      answered_by: companyId(project.row(q.project).owner),
    })),
  );
  // The school tender's booklet (a PDF and the bill of quantities), published a day after it.
  const school = await trx('projects').where({ id: projectId('school') }).first('created_at');
  await seedDemoDocuments(trx, store, projectId('school'), companyId(project.row('school').owner), new Date(new Date(school.created_at).getTime() + DAY_MS));
  // A tender whose deadline has passed is opened as the sweep opens it, at its opening moment.
  for (const p of DEMO_PROJECTS) {
    if (opensAt(p.key).getTime() > now) continue;
    const locked = await lockProject(trx, projectId(p.key), 'update');
    if (!locked || !(await openTender(trx, locked, opensAt(p.key)))) throw new Error(`demo tender ${p.key} did not open`);
  }

  const orderId = keyed(DEMO_ORDERS, 'order').id;
  await trx('instant_orders').insert(
    DEMO_ORDERS.map((o: DemoOrder, i) => {
      const createdAt = at(-(i + 1) * 3 * 60 * MINUTE_MS);
      const deadline = o.deadlineInDays === undefined ? null : at(o.deadlineInDays * DAY_MS);
      return {
        id: orderId(o.key),
        contractor_id: companyId(o.contractor),
        title: o.title,
        description: o.description,
        quantity: o.quantity,
        unit: o.unit,
        location: o.location,
        urgency_level: o.urgency,
        budget_range_min: o.budget?.[0] ?? null,
        budget_range_max: o.budget?.[1] ?? null,
        delivery_deadline: deadline,
        expires_at: instantOrderExpiry(createdAt, deadline),
        status: 'active',
        created_at: createdAt,
      };
    }),
  );
  await trx('instant_order_responses').insert(
    DEMO_ORDER_RESPONSES.map((r, i) => ({
      instant_order_id: orderId(r.order),
      supplier_id: companyId(r.supplier),
      offered_price: r.price,
      delivery_time_hours: r.hours,
      notes: r.notes,
      created_at: at(-(i + 1) * 40 * MINUTE_MS),
    })),
  );

  const transportRequest = keyed<DemoTransportRequest>(DEMO_TRANSPORT_REQUESTS, 'transport request');
  await trx('transport_requests').insert(
    DEMO_TRANSPORT_REQUESTS.map((r: DemoTransportRequest, i) => ({
      id: transportRequest.id(r.key),
      requester_id: companyId(r.requester),
      pickup_location: r.pickup,
      delivery_location: r.delivery,
      cargo_description: r.cargo,
      cargo_weight: r.weightKg,
      cargo_volume: r.volumeM3 ?? null,
      vehicle_type_required: r.vehicle,
      preferred_pickup_time: at(r.pickupInDays * DAY_MS),
      preferred_delivery_time: at(r.deliveryInDays * DAY_MS + 8 * 60 * MINUTE_MS),
      budget: r.budget,
      status: 'pending',
      created_at: at(-(i + 1) * 4 * 60 * MINUTE_MS),
    })),
  );
  await trx('transport_offers').insert(
    DEMO_TRANSPORT_OFFERS.map((o) => {
      const request = transportRequest.row(o.request);
      return {
        transport_request_id: transportRequest.id(o.request),
        transport_company_id: companyId(o.company),
        quoted_price: o.price,
        estimated_pickup_time: at(request.pickupInDays * DAY_MS),
        estimated_delivery_time: at(request.deliveryInDays * DAY_MS + 6 * 60 * MINUTE_MS),
        vehicle_details: o.vehicle,
        notes: o.notes,
      };
    }),
  );

  for (const job of DEMO_JOBS) await insertJob(trx, job, { at, companyId, personId: person.id });
  await insertDemoRfqs(trx, { at, companyId });
  await insertDemoReceipts(trx, { at, companyId });
  await insertDemoSites(trx, { at, companyId, personId: person.id });
  await insertDemoOnTimeDeal(trx, { at, companyId });
  await insertDemoGoodDeals(trx, { at, companyId });
  await insertDemoCrChecks(trx, DEMO_COMPANIES, { at, companyId });
  await insertDemoSuspension(trx, { at, companyId });

  await insertDemoReviews(trx, { at, companyId, productId });
  await refreshDemoRatings(trx);
  // Last: what every deal, quote and dispute above (the reviewed deals' too) made of each company's scorecard.
  await measureDemoScorecards(trx, DEMO_COMPANIES.map((c) => companyId(c.key)), new Date(now));
  // Then the tier each company's record earns, by the one rule.
  await earnDemoTiers(trx, DEMO_COMPANIES.map((c) => companyId(c.key)), new Date(now));
}

