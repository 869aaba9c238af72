/**
 * Every mutation of the shared contract has a local effect that runs inside the tables its
 * write transaction spans (EFFECT_ENTITIES): a write of each, on a store holding the rows
 * it reads, changes exactly the rows it should to exactly the optimistic result the
 * server's answer will later replace, and queues exactly one outbox row.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { MUTATIONS, type MutationInput, type MutationName } from '../../../shared/mutations';
import type { Change } from '../../../shared/sync';
import { BinaaDb } from '../db/database';
import type { EffectContext } from '../db/schema';
import { SYNC_ENTITIES } from '../../../shared/sync';
import { applyPulledPage } from '../sync/store';
import { writeLocal } from '../sync/testing/local';

const U = '00000000-0000-4000-8000-00000000000a';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ctx: EffectContext = { user_id: U, company_name: 'شركة', person_name: 'سالم', verification_tier: 'gold', language: 'ar', now: '2026-11-23T10:00:00.000Z' };

/** A line of the buyer's accepted order id(80): 2 of its 10 bags received. */
const line81 = { id: id(81), position: 1, description: 'أسمنت', unit: 'كيس', quantity: 10, unit_price: 18, cancelled_quantity: 0, received_quantity: 2, rejected_quantity: 0, accepted_quantity: 2, invoiced_quantity: 0 };

const SAMPLES: { [N in MutationName]: MutationInput<N> } = {
  'product.create': { id: id(1), name: 'أسمنت', price: 18, unit: 'كيس', category_id: id(90) },
  'product.update': { id: id(2), price: 20, category_id: id(90) },
  'product.delete': { id: id(2) },
  'product.photos.reorder': { id: id(2), order: [id(32), id(30)] },
  'product.photos.remove': { id: id(2), photo_id: id(30) },
  'review.create': { id: id(21), purchase_order_id: id(80), rating: 4, product_id: id(2) },
  'project.create': { id: id(3), title: 'مدرسة', description: 'بناء', location: 'الرياض' },
  'project.award': { id: id(4), bid_id: id(5) },
  'project.status': { id: id(4), status: 'cancelled' },
  'project.closeBidding': { id: id(4) },
  'project.technicalEvaluation': { id: id(140), results: [{ bid_id: id(141), pass: true }, { bid_id: id(143), pass: false, reason: 'لا خبرة في المباني المدرسية' }] },
  'project.openFinancial': { id: id(142) },
  'objection.create': { id: id(30), project_id: id(4), reason: 'عطائي أقل سعرًا' },
  'objection.answer': { id: id(31), decision: 'upheld', answer: 'ثبت الخطأ في التقييم' },
  'tender_question.ask': { id: id(33), project_id: id(4), text: 'هل يشمل العقد الأثاث؟' },
  'tender_question.answer': { id: id(33), project_id: id(4), text: 'لا' },
  'bid.create': { id: id(6), project_id: id(4), amount: 1000, proposal: 'عرض' },
  'bid.withdraw': { id: id(5) },
  'instant_order.create': { id: id(7), title: 'طلب', description: 'حديد', quantity: 1.5, unit: 'طن', location: 'جدة' },
  'instant_order.accept': { id: id(8), response_id: id(9) },
  'instant_order.cancel': { id: id(8) },
  'instant_order_response.create': { id: id(10), instant_order_id: id(8), offered_price: 500 },
  'transport_request.create': { id: id(11), pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: 'حديد' },
  'transport_request.accept': { id: id(12), offer_id: id(13) },
  'transport_request.status': { id: id(12), status: 'cancelled' },
  'transport_offer.create': { id: id(14), transport_request_id: id(12), quoted_price: 700 },
  'notification.read': { id: id(15) },
  'notification.read_all': {},
  'subscription.free_trial': {},
  'profile.save': { role: 'supplier', company_name: 'مؤسسة جديدة', phone: '0501234567', website: null },
  'tax_profile.save': {
    legal_name: 'مؤسسة جديدة للتجارة', vat_number: '٣٠٠٠٠٠٠٠٠٠٠٠٠٠٣', cr_number: '1010101010', iban: 'SA03 8000 0000 6080 1016 7519',
    address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345' },
  },
  'delivery.assign': { id: id(12), driver_id: id(41), vehicle_plate: 'أ ب ج 1234' },
  'delivery.step': { id: id(40), event_id: id(42), step: 'on_the_way', at: '2026-11-23T09:58:00.000Z', location: { lat: 24.7, lng: 46.7 } },
  'delivery.confirm': { id: id(43), event_id: id(44), at: '2026-11-23T09:59:00.000Z' },
  'delivery.problem': { id: id(43), event_id: id(45), at: '2026-11-23T09:59:00.000Z', kind: 'damaged', note: 'كيسان ممزقان' },
  'rfq.create': {
    id: id(66), title: 'مواد الدور الأول', location: 'الرياض', closes_at: '2026-11-30T10:00:00.000Z', audience: 'market',
    lines: [{ id: id(67), description: 'أسمنت', quantity: 200, unit: 'كيس', category_id: id(90) }],
  },
  'rfq.update': {
    id: id(60), title: 'مواد الدور الثاني', location: 'جدة', needed_by: '2026-12-05', closes_at: '2026-12-02T10:00:00.000Z',
    lines: [{ id: id(68), description: 'أسمنت مقاوم', quantity: 150, unit: 'كيس', category_id: id(90) }],
  },
  'rfq.cancel': { id: id(60) },
  'rfq.award': { id: id(60), awards: [{ rfq_line_id: id(68), quote_id: id(61) }] },
  'rfq_quote.submit': { id: id(64), rfq_id: id(60), delivery_days: 3, valid_until: '2026-12-10', lines: [{ rfq_line_id: id(68), unit_price: 18.5 }] },
  'purchase_order.accept': { id: id(63) },
  'purchase_order.decline': { id: id(63), reason: 'لا يتوفر' },
  'purchase_order.cancel': { id: id(63) },
  'purchase_order.deliver': { id: id(63) },
  'purchase_order.close': { id: id(63) },
  'purchase_order.close_short': { id: id(80) },
  'goods_receipt.record': { id: id(82), purchase_order_id: id(80), lines: [{ purchase_order_line_id: id(81), received_quantity: 4, rejected_quantity: 1, rejection_reason: 'damaged' }] },
  'dispute.open': { id: id(83), purchase_order_id: id(80), reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: id(81), quantity: 1 }] },
  'dispute.accept': { id: id(84), remedy: 'redeliver' },
  'dispute.reject': { id: id(84), reason: 'سليمة عند التسليم' },
  'payment.record': { id: id(71), invoice_id: id(70), amount: 100.5, paid_on: '2026-11-22', reference: 'TRX-1' },
  'payment.confirm': { id: id(73), invoice_id: id(72) },
  'payment.dispute': { id: id(73), invoice_id: id(72), reason: 'لم يصل' },
  'site.create': {
    id: id(86), name: 'برج الياسمين السكني', location: 'الرياض، حي الياسمين', starts_on: '2027-01-01', manager_id: U,
    budget_lines: [{ id: id(87), code: '1.1', description: 'خرسانة مسلحة', quantity: 120, unit: 'م3', budget_amount: 45600 }, { id: id(88), description: 'حديد تسليح', quantity: 35.5, unit: 'طن', category_id: id(90), budget_amount: 94075.5 }],
  },
  'site.set_approval_rules': { id: id(89), levels: [{ up_to_amount: 50000, approver_ids: [id(62)] }, { up_to_amount: null, approver_ids: [U] }], tolerance_percent: 2.5 },
  'purchase_request.create': {
    id: id(91), site_id: id(89), needed_by: '2026-12-01', note: 'للدور الثاني',
    lines: [{ id: id(92), description: 'أسمنت', quantity: 100, unit: 'كيس', estimated_unit_price: 100 }, { id: id(94), description: 'رمل', quantity: 2, unit: 'م3' }],
  },
  'purchase_request.approve': { id: id(93) },
  'purchase_request.reject': { id: id(93), reason: 'السعر مرتفع' },
  // The approved one-line request id(96) made an RFQ (its title and place the request's by default) or an instant order.
  'purchase_request.rfq': { id: id(99), purchase_request_id: id(96), closes_at: '2026-11-30T10:00:00.000Z', audience: 'market' },
  'purchase_request.instant_order': { id: id(100), purchase_request_id: id(96), title: 'حديد القواعد', urgency_level: 'high' },
  'payment.transfer': {
    id: id(77), paid_on: '2026-11-22', reference: 'TRX-3',
    allocations: [{ invoice_id: id(70), amount: 1150, payment_id: id(75) }, { invoice_id: id(74), amount: 200, payment_id: id(76) }],
  },
};

const now = '2026-11-20T10:00:00.000Z';
const recorded73 = {
  id: id(73), invoice_id: id(72), invoice_number: 'INV-2026-000002', payer_id: id(62), payee_id: U, method: 'transfer', amount: 100, currency: 'SAR',
  paid_on: '2026-11-19', reference: 'TRX-2', receipt_id: null, receipt_stored: false, transfer_id: null, status: 'recorded', dispute_reason: null, decided_at: null, refunded: 0, refunded_at: null, created_at: now,
};
const photo = (n: number) => ({ id: id(n), hash: String(n).padStart(64, '0'), width: 1200, height: 900 });
const rows = [
  { entity: 'category', id: id(90), data: { slug: 'cement', name_ar: 'أسمنت', name_en: 'Cement', name_zh: '水泥', sort: 1 } },
  { entity: 'product', id: id(2), data: { name: 'حديد', supplier_id: U, price: 10, total_reviews: 0, average_rating: 0, created_at: now, photos: [photo(30), photo(31), photo(32)] } },
  { entity: 'project', id: id(4), data: { title: 'جسر', status: 'open', bid_count: 1, government_id: U, awarded_bid_id: id(5), created_at: now } },
  { entity: 'bid', id: id(5), data: { project_id: id(4), contractor_id: U, status: 'submitted', amount: 1, digest: 'ab'.repeat(32), created_at: now } },
  // A two-envelope tender of this device's government in its technical evaluation, with two envelopes, and one evaluated already.
  { entity: 'project', id: id(140), data: { title: 'مدرسة', status: 'open', government_id: U, envelopes: 2, phase: 'technical_evaluation', technical_evaluated_at: null, financial_opened_at: null, created_at: now } },
  { entity: 'technical_envelope', id: id(141), data: { bid_id: id(141), project_id: id(140), contractor_id: id(61), result: null, updated_at: now } },
  { entity: 'technical_envelope', id: id(143), data: { bid_id: id(143), project_id: id(140), contractor_id: id(62), result: null, updated_at: now } },
  { entity: 'project', id: id(142), data: { title: 'مستشفى', status: 'open', government_id: U, envelopes: 2, phase: 'technical_evaluation', technical_evaluated_at: now, financial_opened_at: null, created_at: now } },
  { entity: 'objection', id: id(31), data: { project_id: id(4), status: 'open', answer: null, created_at: now } },
  { entity: 'instant_order', id: id(8), data: { status: 'active', contractor_id: U, response_count: 1, created_at: now } },
  { entity: 'instant_order_response', id: id(9), data: { instant_order_id: id(8), status: 'submitted', created_at: now } },
  { entity: 'transport_request', id: id(12), data: { status: 'pending', requester_id: U, offer_count: 0, created_at: now } },
  { entity: 'transport_offer', id: id(13), data: { transport_request_id: id(12), status: 'submitted', created_at: now } },
  { entity: 'notification', id: id(15), data: { is_read: false, created_at: now } },
  { entity: 'plan', id: 'premium', data: { name: 'premium' } },
  { entity: 'plan', id: 'basic', data: { name: 'basic' } },
  { entity: 'subscription', id: U, data: { subscription_plan: 'free', free_trial_used: false, status: 'active' } },
  { entity: 'profile', id: U, data: { user_id: U, role: 'supplier', company_name: 'مؤسسة قديمة', phone: null, website: 'https://old.example.sa' } },
  { entity: 'delivery', id: id(40), data: { transport_request_id: id(12), driver_id: U, driver_name: 'سعد', vehicle_plate: 'د هـ و 9', stage: 'picked_up', events: [], created_at: now } },
  { entity: 'delivery', id: id(43), data: { transport_request_id: id(16), driver_id: id(41), stage: 'delivered', events: [], confirmed_at: null, created_at: now } },
  { entity: 'rfq', id: id(60), data: { buyer_id: id(62), status: 'open', closes_at: '2026-12-01T00:00:00.000Z', my_quote: null, quote_count: 0, created_at: now } },
  { entity: 'rfq_quote', id: id(61), data: { rfq_id: id(60), supplier_id: id(69), status: 'submitted', revision: 1, created_at: now } },
  { entity: 'purchase_order', id: id(63), data: { buyer_id: id(62), seller_id: U, status: 'issued', answered_at: null, reason: null, created_at: now } },
  { entity: 'purchase_order', id: id(80), data: { number: 'PO-2026-000007', buyer_id: U, seller_id: id(62), status: 'accepted', answered_at: now, reason: null, lines: [line81], created_at: now } },
  {
    entity: 'site', id: id(89),
    data: {
      company_id: U, name: 'مجمع النخيل', location: 'الرياض، حي النخيل', status: 'active',
      budget_lines: [{ id: id(98), position: 1, code: '2.1', description: 'حديد تسليح', quantity: 40, unit: 'طن', category_id: id(90), budget_amount: 120000 }],
      levels: [{ up_to_amount: 10000, approver_ids: [] }, { up_to_amount: null, approver_ids: [U] }], created_at: now, updated_at: now,
    },
  },
  {
    // A request waiting on the site id(89) for its second level, whose approver is this device's person.
    entity: 'purchase_request', id: id(93),
    data: {
      site_id: id(89), number: 'PR-2026-000001', status: 'pending', amount: 20000, level_amount: 20000, reason: null, decided_at: null,
      lines: [{ id: id(95), position: 1, budget_line_id: null, description: 'حديد', quantity: 5, unit: 'طن', estimated_unit_price: 3478.26 }],
      approvals: [], required_levels: [2], next_level: 2, waiting_for: [U], created_at: now, updated_at: now,
    },
  },
  {
    // An approved request of one line on the site's budget line id(98), not bought yet.
    entity: 'purchase_request', id: id(96),
    data: {
      site_id: id(89), site_name: 'مجمع النخيل', number: 'PR-2026-000002', status: 'approved', kind: 'request', rfq_id: null, instant_order_id: null, needed_by: '2026-12-15',
      amount: 9200, level_amount: 9200, reason: null, decided_at: now, approvals: [], required_levels: [], next_level: null, waiting_for: [], created_at: now, updated_at: now,
      lines: [{ id: id(97), position: 1, budget_line_id: id(98), description: 'حديد تسليح 16 مم', quantity: 3, unit: 'طن', estimated_unit_price: 2666.67 }],
    },
  },
  { entity: 'dispute', id: id(84), data: { purchase_order_id: id(85), buyer_id: id(62), seller_id: U, status: 'open', remedy: null, answer: null, answered_at: null, overdue: true, created_at: now } },
  {
    entity: 'invoice',
    id: id(70),
    data: {
      kind: 'invoice', number: 'INV-2026-000001', seller_id: id(62), buyer_id: U, purchase_order_id: id(63), status: 'cleared', total: 1150, issued_at: now, created_at: now,
      payment: { terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 0, balance: 1150, status: 'unpaid', payments: [] },
    },
  },
  {
    // An invoice this device's company sold, with a transfer the buyer recorded.
    entity: 'invoice',
    id: id(72),
    data: {
      kind: 'invoice', number: 'INV-2026-000002', seller_id: U, buyer_id: id(62), purchase_order_id: id(63), status: 'cleared', total: 1150, issued_at: now, created_at: now,
      payment: { terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 100, balance: 1150, status: 'unpaid', payments: [recorded73] },
    },
  },
  {
    // Another invoice of the same seller as id(70), for one transfer across both.
    entity: 'invoice',
    id: id(74),
    data: {
      kind: 'invoice', number: 'INV-2026-000003', seller_id: id(62), buyer_id: U, purchase_order_id: id(63), status: 'cleared', total: 500, issued_at: now, created_at: now,
      payment: { terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 0, balance: 500, status: 'unpaid', payments: [] },
    },
  },
] as const;

const NOW = ctx.now;
const seed = Object.fromEntries(rows.map((r) => [`${r.entity}:${r.id}`, { ...r.data, id: r.id }])) as Record<string, Record<string, unknown>>;
/** The plan as the effect embeds it: the local row, its generation stamp included. */
const plan = (planId: string) => ({ ...seed[`plan:${planId}`], _gen: 0 });
const offer10 = {
  id: id(10),
  instant_order_id: id(8),
  supplier_id: U,
  status: 'submitted',
  supplier_name: 'شركة',
  supplier_verification_tier: 'gold',
  supplier_address: null,
  supplier_city: null,
  created_by_name: 'سالم',
  created_at: NOW,
  offered_price: 500,
  delivery_time_hours: null,
  notes: null,
  vat_category: 'S',
  exemption_reason_code: null,
  updated_at: NOW,
};

const quote64 = {
  id: id(64), rfq_id: id(60), supplier_id: U, supplier_name: 'شركة', supplier_verification_tier: 'gold', supplier_city: null,
  supplier_average_rating: 0, supplier_total_reviews: 0, supplier_scorecard: null, status: 'submitted', created_at: NOW, delivery_days: 3, valid_until: '2026-12-10', notes: null,
  lines: [{ rfq_line_id: id(68), unit_price: 18.5, quantity: null, note: null, substitute_product_id: null }],
  revision: 1, created_by_name: 'سالم', submitted_at: NOW, updated_at: NOW,
};

/**
 * What each sample write changes in the local tables, exactly: every row it adds or
 * changes as it must then read (null: deleted). Rows not named must stay as they were.
 */
const EXPECTED: { [N in MutationName]: Record<string, Record<string, unknown> | null> } = {
  'product.create': {
    [`product:${id(1)}`]: {
      id: id(1), supplier_id: U, name: 'أسمنت', description: null, price: 18, unit: 'كيس', min_quantity: 1, stock_quantity: null, sku: null, low_stock_threshold: null,
      category_id: id(90), category_name: 'أسمنت', image_url: null, photos: [], specifications: null, availability_status: 'available',
      average_rating: 0, total_reviews: 0, supplier_name: 'شركة', supplier_verification_tier: 'gold',
      supplier_phone: null, supplier_website: null, supplier_city: null, supplier_average_rating: 0, supplier_total_reviews: 0, created_at: NOW, updated_at: NOW,
    },
  },
  'product.update': { [`product:${id(2)}`]: { ...seed[`product:${id(2)}`], price: 20, category_id: id(90), category_name: 'أسمنت', updated_at: NOW } },
  'product.delete': { [`product:${id(2)}`]: null },
  'product.photos.reorder': { [`product:${id(2)}`]: { ...seed[`product:${id(2)}`], photos: [photo(32), photo(30), photo(31)], updated_at: NOW } },
  'product.photos.remove': { [`product:${id(2)}`]: { ...seed[`product:${id(2)}`], photos: [photo(31), photo(32)], updated_at: NOW } },
  // Double-blind: nothing moves before the server publishes it.
  'review.create': {},
  'project.create': {
    [`project:${id(3)}`]: {
      id: id(3), government_id: U, title: 'مدرسة', description: 'بناء', budget: null, location: 'الرياض', deadline_at: null, deadline_date: null, requirements: null,
      status: 'open', awarded_bid_id: null, government_name: 'شركة', bid_count: 0, opens_at: null, opened_at: null, awarded_at: null,
      standstill_ends_at: null, award_final_at: null, phase: 'bidding', questions_until: null, envelopes: 1, bid_bond_percent: null,
      technical_evaluated_at: null, financial_opened_at: null, created_at: NOW, updated_at: NOW,
    },
  },
  // The award starts the standstill; the bids stay submitted until it is final.
  'project.award': {
    [`project:${id(4)}`]: { ...seed[`project:${id(4)}`], awarded_bid_id: id(5), awarded_at: NOW, standstill_ends_at: null, phase: 'standstill', updated_at: NOW },
  },
  'project.closeBidding': { [`project:${id(4)}`]: { ...seed[`project:${id(4)}`], opens_at: NOW, phase: 'evaluation', updated_at: NOW } },
  // The verdicts land on the envelopes; a pass carries no reason.
  'project.technicalEvaluation': {
    [`project:${id(140)}`]: { ...seed[`project:${id(140)}`], technical_evaluated_at: NOW, updated_at: NOW },
    [`technical_envelope:${id(141)}`]: { ...seed[`technical_envelope:${id(141)}`], result: { pass: true, reason: null }, updated_at: NOW },
    [`technical_envelope:${id(143)}`]: { ...seed[`technical_envelope:${id(143)}`], result: { pass: false, reason: 'لا خبرة في المباني المدرسية' }, updated_at: NOW },
  },
  // The amounts come with the server's answer; the phase moves on to the evaluation of the opened bids.
  'project.openFinancial': { [`project:${id(142)}`]: { ...seed[`project:${id(142)}`], financial_opened_at: NOW, phase: 'evaluation', updated_at: NOW } },
  'objection.create': {
    [`objection:${id(30)}`]: {
      id: id(30), project_id: id(4), award_bid_id: id(5), bid_id: id(5), contractor_id: U, contractor_name: 'شركة', reason: 'عطائي أقل سعرًا',
      status: 'open', answer: null, created_at: NOW, answered_at: null, updated_at: NOW,
    },
  },
  // Upheld: the award is withdrawn, and the owner decides again.
  // Questions are read online: the asker sees one queued in the outbox.
  'tender_question.ask': {},
  'tender_question.answer': {},
  'objection.answer': {
    [`objection:${id(31)}`]: { ...seed[`objection:${id(31)}`], status: 'upheld', answer: 'ثبت الخطأ في التقييم', answered_at: NOW, updated_at: NOW },
    [`project:${id(4)}`]: { ...seed[`project:${id(4)}`], awarded_bid_id: null, awarded_at: null, standstill_ends_at: null, phase: 'evaluation', updated_at: NOW },
  },
  'project.status': {
    [`project:${id(4)}`]: { ...seed[`project:${id(4)}`], status: 'cancelled', updated_at: NOW },
    [`bid:${id(5)}`]: { ...seed[`bid:${id(5)}`], status: 'rejected', project_status: 'cancelled', updated_at: NOW },
  },
  'bid.create': {
    [`bid:${id(6)}`]: {
      id: id(6), project_id: id(4), contractor_id: U, amount: 1000, proposal: 'عرض', estimated_completion_days: null, status: 'submitted',
      contractor_name: 'شركة', contractor_verification_tier: 'gold', contractor_average_rating: 0, contractor_total_reviews: 0, contractor_scorecard: null, created_by_name: 'سالم',
      project_title: 'جسر', project_status: 'open', received_at: NOW, digest: '', technical: null, bid_bond: null, bid_bond_compliant: null, technical_result: null,
      created_at: NOW, updated_at: NOW,
    },
    [`project:${id(4)}`]: { ...seed[`project:${id(4)}`], bid_count: 2 },
  },
  // A withdrawn bid has no current version, and no longer counts.
  'bid.withdraw': {
    [`bid:${id(5)}`]: { ...seed[`bid:${id(5)}`], status: 'withdrawn', updated_at: NOW },
    [`project:${id(4)}`]: { ...seed[`project:${id(4)}`], bid_count: 0 },
  },
  'instant_order.create': {
    [`instant_order:${id(7)}`]: {
      id: id(7), contractor_id: U, title: 'طلب', description: 'حديد', quantity: 1.5, unit: 'طن', category_id: null, location: 'جدة', urgency_level: 'normal',
      budget_range_min: null, budget_range_max: null, delivery_deadline: null, expires_at: '2026-11-30T10:00:00.000Z', // a week after NOW
      status: 'active', accepted_response_id: null, site_id: null, budget_line_id: null, purchase_request_id: null,
      contractor_name: 'شركة', response_count: 0, my_response: null, created_at: NOW, updated_at: NOW,
    },
  },
  'instant_order.accept': {
    [`instant_order:${id(8)}`]: { ...seed[`instant_order:${id(8)}`], status: 'fulfilled', accepted_response_id: id(9), updated_at: NOW },
    [`instant_order_response:${id(9)}`]: { ...seed[`instant_order_response:${id(9)}`], status: 'accepted', updated_at: NOW },
  },
  'instant_order.cancel': {
    [`instant_order:${id(8)}`]: { ...seed[`instant_order:${id(8)}`], status: 'cancelled', updated_at: NOW },
    [`instant_order_response:${id(9)}`]: { ...seed[`instant_order_response:${id(9)}`], status: 'rejected', updated_at: NOW },
  },
  'instant_order_response.create': {
    [`instant_order_response:${id(10)}`]: offer10,
    [`instant_order:${id(8)}`]: { ...seed[`instant_order:${id(8)}`], my_response: offer10, response_count: 2 },
  },
  'transport_request.create': {
    [`transport_request:${id(11)}`]: {
      id: id(11), requester_id: U, pickup_location: 'الدمام', delivery_location: 'الرياض', cargo_description: 'حديد', cargo_weight: null,
      cargo_volume: null, vehicle_type_required: null, preferred_pickup_time: null, preferred_delivery_time: null, budget: null,
      status: 'pending', assigned_offer_id: null, instant_order_id: null, project_id: null, purchase_order_id: null, delivery_id: null, requester_name: 'شركة', offer_count: 0,
      pickup_contact_name: null, pickup_contact_phone: null, delivery_contact_name: null, delivery_contact_phone: null,
      created_at: NOW, updated_at: NOW,
    },
  },
  'transport_request.accept': {
    [`transport_request:${id(12)}`]: { ...seed[`transport_request:${id(12)}`], status: 'assigned', assigned_offer_id: id(13), updated_at: NOW },
    [`transport_offer:${id(13)}`]: { ...seed[`transport_offer:${id(13)}`], status: 'accepted', updated_at: NOW },
  },
  'transport_request.status': { [`transport_request:${id(12)}`]: { ...seed[`transport_request:${id(12)}`], status: 'cancelled', updated_at: NOW } },
  'transport_offer.create': {
    [`transport_offer:${id(14)}`]: {
      id: id(14), transport_request_id: id(12), transport_company_id: U, status: 'submitted', transport_company_name: 'شركة',
      transport_company_verification_tier: 'gold', transport_company_scorecard: null, created_by_name: 'سالم', created_at: NOW, quoted_price: 700, estimated_pickup_time: null,
      estimated_delivery_time: null, vehicle_details: null, notes: null, updated_at: NOW,
    },
    [`transport_request:${id(12)}`]: { ...seed[`transport_request:${id(12)}`], offer_count: 1 },
  },
  'notification.read': { [`notification:${id(15)}`]: { ...seed[`notification:${id(15)}`], is_read: true } },
  'notification.read_all': { [`notification:${id(15)}`]: { ...seed[`notification:${id(15)}`], is_read: true } },
  'subscription.free_trial': {
    [`subscription:${U}`]: {
      ...seed[`subscription:${U}`], subscription_plan: 'basic', billing_cycle: null, status: 'trialing', free_trial_used: true,
      // 14 days after NOW: the trial is the period
      trial_ends_at: '2026-12-07T10:00:00.000Z', current_period_end: '2026-12-07T10:00:00.000Z', plan: plan('basic'),
    },
  },
  'profile.save': { [`profile:${U}`]: { ...seed[`profile:${U}`], company_name: 'مؤسسة جديدة', phone: '+966501234567', website: null } },
  // Digits as ASCII and the IBAN without spaces, as the server stores them.
  'tax_profile.save': {
    [`profile:${U}`]: {
      ...seed[`profile:${U}`], vat_number: '300000000000003', cr_number: '1010101010',
      tax_profile: {
        legal_name: 'مؤسسة جديدة للتجارة', legal_name_en: null, vat_number: '300000000000003', cr_number: '1010101010', iban: 'SA0380000000608010167519',
        address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: null },
        // not sent: the terms a profile takes when none are named
        default_payment_terms_days: 30,
        updated_at: NOW,
      },
    },
  },
  // Before pickup only: the delivery of request 12 was picked up, so a reassignment changes nothing locally (the server refuses it).
  'delivery.assign': {},
  'delivery.step': {
    [`delivery:${id(40)}`]: {
      ...seed[`delivery:${id(40)}`], stage: 'on_the_way', updated_at: NOW,
      events: [{ id: id(42), step: 'on_the_way', at: '2026-11-23T09:58:00.000Z', recorded_at: NOW, actor_name: 'سالم', location: { lat: 24.7, lng: 46.7, accuracy: null }, note: null, problem_kind: null }],
    },
  },
  'delivery.confirm': {
    [`delivery:${id(43)}`]: {
      ...seed[`delivery:${id(43)}`], stage: 'confirmed', confirmed_at: '2026-11-23T09:59:00.000Z', updated_at: NOW,
      events: [{ id: id(44), step: 'confirmed', at: '2026-11-23T09:59:00.000Z', recorded_at: NOW, actor_name: 'سالم', location: null, note: null, problem_kind: null }],
    },
  },
  'delivery.problem': {
    [`delivery:${id(43)}`]: {
      ...seed[`delivery:${id(43)}`], stage: 'problem', updated_at: NOW,
      events: [{ id: id(45), step: 'problem', at: '2026-11-23T09:59:00.000Z', recorded_at: NOW, actor_name: 'سالم', location: null, note: 'كيسان ممزقان', problem_kind: 'damaged' }],
    },
  },
  'rfq.create': {
    [`rfq:${id(66)}`]: {
      id: id(66), buyer_id: U, buyer_name: 'شركة', buyer_verification_tier: 'gold', title: 'مواد الدور الأول', location: 'الرياض', needed_by: null,
      closes_at: '2026-11-30T10:00:00.000Z', site_id: null, purchase_request_id: null, audience: 'market', supplier_ids: [], status: 'open',
      lines: [{ id: id(67), position: 1, description: 'أسمنت', quantity: 200, unit: 'كيس', category_id: id(90), product_id: null, budget_line_id: null, market_price: null }],
      my_quote: null, quote_count: 0, awarded_at: null, created_by_name: 'سالم', created_at: NOW, updated_at: NOW,
    },
  },
  'rfq.update': {
    [`rfq:${id(60)}`]: {
      ...seed[`rfq:${id(60)}`], title: 'مواد الدور الثاني', location: 'جدة', needed_by: '2026-12-05', closes_at: '2026-12-02T10:00:00.000Z', updated_at: NOW,
      lines: [{ id: id(68), position: 1, description: 'أسمنت مقاوم', quantity: 150, unit: 'كيس', category_id: id(90), product_id: null, budget_line_id: null, market_price: null }],
    },
  },
  'rfq.cancel': {
    [`rfq:${id(60)}`]: { ...seed[`rfq:${id(60)}`], status: 'cancelled', updated_at: NOW },
    [`rfq_quote:${id(61)}`]: { ...seed[`rfq_quote:${id(61)}`], status: 'lost', updated_at: NOW },
  },
  'rfq.award': {
    [`rfq:${id(60)}`]: { ...seed[`rfq:${id(60)}`], status: 'awarded', awarded_at: NOW, updated_at: NOW },
    [`rfq_quote:${id(61)}`]: { ...seed[`rfq_quote:${id(61)}`], status: 'won', updated_at: NOW },
  },
  'rfq_quote.submit': {
    [`rfq_quote:${id(64)}`]: quote64,
    [`rfq:${id(60)}`]: { ...seed[`rfq:${id(60)}`], my_quote: quote64 },
  },
  'purchase_order.accept': { [`purchase_order:${id(63)}`]: { ...seed[`purchase_order:${id(63)}`], status: 'accepted', answered_at: NOW, updated_at: NOW } },
  'purchase_order.decline': { [`purchase_order:${id(63)}`]: { ...seed[`purchase_order:${id(63)}`], status: 'declined', answered_at: NOW, reason: 'لا يتوفر', updated_at: NOW } },
  'purchase_order.cancel': { [`purchase_order:${id(63)}`]: { ...seed[`purchase_order:${id(63)}`], status: 'cancelled', updated_at: NOW } },
  'purchase_order.deliver': { [`purchase_order:${id(63)}`]: { ...seed[`purchase_order:${id(63)}`], status: 'delivered', updated_at: NOW } },
  'purchase_order.close': { [`purchase_order:${id(63)}`]: { ...seed[`purchase_order:${id(63)}`], status: 'closed', updated_at: NOW } },
  // Close-short cancels what is open of each line (10 ordered, 2 accepted: 8).
  'purchase_order.close_short': { [`purchase_order:${id(80)}`]: { ...seed[`purchase_order:${id(80)}`], status: 'closed', lines: [{ ...line81, cancelled_quantity: 8 }], updated_at: NOW } },
  // A receipt: the order's line gains what arrived (4, 1 rejected), the order reads partially received, and the receipt is the row the server will answer.
  'goods_receipt.record': {
    [`purchase_order:${id(80)}`]: {
      ...seed[`purchase_order:${id(80)}`], status: 'partially_received', lines: [{ ...line81, received_quantity: 6, rejected_quantity: 1, accepted_quantity: 5 }], updated_at: NOW,
    },
    [`goods_receipt:${id(82)}`]: {
      id: id(82), purchase_order_id: id(80), purchase_order_number: 'PO-2026-000007', buyer_id: U, seller_id: id(62), received_by: null, received_by_name: 'سالم',
      delivery_id: null, received_at: NOW, note: null, created_at: NOW, updated_at: NOW,
      lines: [{ id: id(81), purchase_order_line_id: id(81), position: 1, description: 'أسمنت', unit: 'كيس', received_quantity: 4, rejected_quantity: 1, rejection_reason: 'damaged', photo_ids: [] }],
    },
  },
  // A dispute opened on the order's line: the row the server will answer, open, due 3 working days on (Monday to Thursday in Riyadh).
  'dispute.open': {
    [`dispute:${id(83)}`]: {
      id: id(83), purchase_order_id: id(80), purchase_order_number: 'PO-2026-000007', buyer_id: U, seller_id: id(62), reason: 'أكياس ممزقة',
      lines: [{ id: id(81), purchase_order_line_id: id(81), position: 1, description: 'أسمنت', unit: 'كيس', quantity: 1, unit_price: null, order_unit_price: 18 }],
      photo_ids: [], evidence_photo_ids: [], status: 'open', remedy: null, answer: null, answered_at: null, credit_note_id: null, credit_note_number: null,
      due_at: '2026-11-26T10:00:00.000Z', overdue: false, created_at: NOW, updated_at: NOW,
    },
  },
  'dispute.accept': { [`dispute:${id(84)}`]: { ...seed[`dispute:${id(84)}`], status: 'accepted', remedy: 'redeliver', answered_at: NOW, overdue: false, updated_at: NOW } },
  // A new site: active, its lines numbered as sent, the default rules (no approval up to 10,000, the owner above); the writer runs it, so their name is the manager's.
  'site.create': {
    [`site:${id(86)}`]: {
      id: id(86), company_id: U, name: 'برج الياسمين السكني', location: 'الرياض، حي الياسمين', starts_on: '2027-01-01', ends_on: null, manager_id: U, manager_name: 'سالم',
      status: 'active', created_by: U,
      budget_lines: [
        { id: id(87), position: 1, code: '1.1', description: 'خرسانة مسلحة', quantity: 120, unit: 'م3', category_id: null, budget_amount: 45600 },
        { id: id(88), position: 2, code: null, description: 'حديد تسليح', quantity: 35.5, unit: 'طن', category_id: id(90), budget_amount: 94075.5 },
      ],
      levels: [{ up_to_amount: 10000, approver_ids: [] }, { up_to_amount: null, approver_ids: [U] }], approval_tolerance_percent: 0,
      created_at: NOW, updated_at: NOW,
    },
  },
  'site.set_approval_rules': {
    [`site:${id(89)}`]: { ...seed[`site:${id(89)}`], levels: [{ up_to_amount: 50000, approver_ids: [id(62)] }, { up_to_amount: null, approver_ids: [U] }], approval_tolerance_percent: 2.5, updated_at: NOW },
  },
  // A new request on the site: pending, its lines numbered as sent; a line without a price leaves its amount unknown, so it needs every level there is (the second, the first having no approver), and waits for its approver.
  'purchase_request.create': {
    [`purchase_request:${id(91)}`]: {
      id: id(91), number: '', site_id: id(89), site_name: 'مجمع النخيل', requested_by: U, requested_by_name: 'سالم', needed_by: '2026-12-01', note: 'للدور الثاني',
      status: 'pending', kind: 'request', source_request_id: null, rfq_id: null, instant_order_id: null, purchase_orders: [],
      amount: null, level_amount: null, reason: null, decided_at: null,
      lines: [
        { id: id(92), position: 1, budget_line_id: null, description: 'أسمنت', quantity: 100, unit: 'كيس', estimated_unit_price: 100 },
        { id: id(94), position: 2, budget_line_id: null, description: 'رمل', quantity: 2, unit: 'م3', estimated_unit_price: null },
      ],
      approvals: [], required_levels: [2], next_level: 2, waiting_for: [U], created_at: NOW, updated_at: NOW,
    },
  },
  // The approver of the last level left approves: the request is approved at once on the device.
  'purchase_request.approve': {
    [`purchase_request:${id(93)}`]: {
      ...seed[`purchase_request:${id(93)}`], status: 'approved', decided_at: NOW, next_level: null, waiting_for: [], updated_at: NOW,
      approvals: [{ level: 2, decision: 'approved', decided_by: U, decided_by_name: 'سالم', reason: null, decided_at: NOW }],
    },
  },
  'purchase_request.reject': {
    [`purchase_request:${id(93)}`]: {
      ...seed[`purchase_request:${id(93)}`], status: 'rejected', reason: 'السعر مرتفع', decided_at: NOW, next_level: null, waiting_for: [], updated_at: NOW,
      approvals: [{ level: 2, decision: 'rejected', decided_by: U, decided_by_name: 'سالم', reason: 'السعر مرتفع', decided_at: NOW }],
    },
  },
  // The RFQ rfq.create would write, of the request's line (its id, its budget line and that line's category), on the request's site, titled by its number, at the site's location, needed when the request is; the request names it.
  'purchase_request.rfq': {
    [`rfq:${id(99)}`]: {
      id: id(99), buyer_id: U, buyer_name: 'شركة', buyer_verification_tier: 'gold', title: 'PR-2026-000002 · مجمع النخيل', location: 'الرياض، حي النخيل', needed_by: '2026-12-15',
      closes_at: '2026-11-30T10:00:00.000Z', site_id: id(89), purchase_request_id: id(96), audience: 'market', supplier_ids: [], status: 'open',
      lines: [{ id: id(97), position: 1, description: 'حديد تسليح 16 مم', quantity: 3, unit: 'طن', category_id: id(90), product_id: null, budget_line_id: id(98), market_price: null }],
      my_quote: null, quote_count: 0, awarded_at: null, created_by_name: 'سالم', created_at: NOW, updated_at: NOW,
    },
    [`purchase_request:${id(96)}`]: { ...seed[`purchase_request:${id(96)}`], rfq_id: id(99), updated_at: NOW },
  },
  // The instant order instant_order.create would write, of the request's one line, on its site and budget line; the request names it.
  'purchase_request.instant_order': {
    [`instant_order:${id(100)}`]: {
      id: id(100), contractor_id: U, title: 'حديد القواعد', description: 'حديد تسليح 16 مم', quantity: 3, unit: 'طن', category_id: id(90), location: 'الرياض، حي النخيل',
      urgency_level: 'high', budget_range_min: null, budget_range_max: null, delivery_deadline: null, expires_at: '2026-11-30T10:00:00.000Z', // a week after NOW
      status: 'active', accepted_response_id: null, site_id: id(89), budget_line_id: id(98), purchase_request_id: id(96),
      contractor_name: 'شركة', response_count: 0, my_response: null, created_at: NOW, updated_at: NOW,
    },
    [`purchase_request:${id(96)}`]: { ...seed[`purchase_request:${id(96)}`], instant_order_id: id(100), updated_at: NOW },
  },
  'dispute.reject': { [`dispute:${id(84)}`]: { ...seed[`dispute:${id(84)}`], status: 'rejected', answer: 'سليمة عند التسليم', answered_at: NOW, overdue: false, updated_at: NOW } },
  'payment.record': {
    [`invoice:${id(70)}`]: {
      ...seed[`invoice:${id(70)}`],
      updated_at: NOW,
      payment: {
        terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 100.5, balance: 1150, status: 'unpaid',
        payments: [{
          id: id(71), invoice_id: id(70), invoice_number: 'INV-2026-000001', payer_id: U, payee_id: id(62), method: 'transfer', amount: 100.5, currency: 'SAR',
          paid_on: '2026-11-22', reference: 'TRX-1', receipt_id: null, receipt_stored: false, transfer_id: null, status: 'recorded', dispute_reason: null, decided_at: null, refunded: 0, refunded_at: null, created_at: NOW,
        }],
      },
    },
  },
  // One transfer across two invoices of a seller: each row gains its allocation, recorded, with the row id the client chose.
  'payment.transfer': {
    [`invoice:${id(70)}`]: {
      ...seed[`invoice:${id(70)}`],
      updated_at: NOW,
      payment: {
        terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 1150, balance: 1150, status: 'unpaid',
        payments: [{
          id: id(75), invoice_id: id(70), invoice_number: 'INV-2026-000001', payer_id: U, payee_id: id(62), method: 'transfer', amount: 1150, currency: 'SAR',
          paid_on: '2026-11-22', reference: 'TRX-3', receipt_id: null, receipt_stored: false, transfer_id: id(77), status: 'recorded', dispute_reason: null, decided_at: null, refunded: 0, refunded_at: null, created_at: NOW,
        }],
      },
    },
    [`invoice:${id(74)}`]: {
      ...seed[`invoice:${id(74)}`],
      updated_at: NOW,
      payment: {
        terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 200, balance: 500, status: 'unpaid',
        payments: [{
          id: id(76), invoice_id: id(74), invoice_number: 'INV-2026-000003', payer_id: U, payee_id: id(62), method: 'transfer', amount: 200, currency: 'SAR',
          paid_on: '2026-11-22', reference: 'TRX-3', receipt_id: null, receipt_stored: false, transfer_id: id(77), status: 'recorded', dispute_reason: null, decided_at: null, refunded: 0, refunded_at: null, created_at: NOW,
        }],
      },
    },
  },
  // The seller's answers: confirmed, the amount moves from pending to paid and the status follows; disputed, it leaves pending only.
  'payment.confirm': {
    [`invoice:${id(72)}`]: {
      ...seed[`invoice:${id(72)}`],
      updated_at: NOW,
      payment: {
        terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 100, pending: 0, balance: 1050, status: 'partially_paid',
        payments: [{ ...recorded73, status: 'confirmed', decided_at: NOW }],
      },
    },
  },
  'payment.dispute': {
    [`invoice:${id(72)}`]: {
      ...seed[`invoice:${id(72)}`],
      updated_at: NOW,
      payment: {
        terms_days: 30, due_date: '2026-12-20', iban: null, credited: 0, paid: 0, pending: 0, balance: 1150, status: 'unpaid',
        payments: [{ ...recorded73, status: 'disputed', dispute_reason: 'لم يصل', decided_at: NOW }],
      },
    },
  },
};

/** Every local row, by key, without what only the local store adds. */
async function localRows(db: BinaaDb): Promise<Map<string, Record<string, unknown>>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const entity of SYNC_ENTITIES) {
    for (const { _gen, ...row } of await db.anyEntityTable(entity).toArray()) out.set(`${entity}:${row.id}`, row);
  }
  return out;
}

/** The rows that differ between two snapshots: added or changed as they are after, deleted as null. */
function changed(before: Map<string, Record<string, unknown>>, after: Map<string, Record<string, unknown>>) {
  const out: Record<string, Record<string, unknown> | null> = {};
  for (const [key, row] of after) if (JSON.stringify(before.get(key)) !== JSON.stringify(row)) out[key] = row;
  for (const key of before.keys()) if (!after.has(key)) out[key] = null;
  return out;
}
/** Upserts of these rows; each holds only the fields the effects read, so it is typed as a change by a cast. */
const pulled = (list: ReadonlyArray<{ entity: string; id: string; data: object }>) => list.map((r) => ({ ...r, op: 'upsert', data: { ...r.data } })) as unknown as Change[];

const MUTATION_NAMES = Object.keys(MUTATIONS) as MutationName[];

let db: BinaaDb;
afterEach(() => db?.close());

describe('local effects', () => {
  it('profile.save: the fields sent change (phone as the server stores it, null clears), the rest and the role stay', async () => {
    db = new BinaaDb(`effects-profile-${Math.random()}`, { indexedDB, IDBKeyRange });
    await applyPulledPage(db, pulled(rows), 0, 0, {});
    await writeLocal(db, 'profile.save', { role: 'supplier', phone: '0501234567', website: null }, ctx);
    expect(await db.table('profile').get(U)).toMatchObject({ role: 'supplier', company_name: 'مؤسسة قديمة', phone: '+966501234567', website: null });
  });

  it('subscription.free_trial before the store has a subscription row: starts the trial from the free plan', async () => {
    db = new BinaaDb(`effects-trial-${Math.random()}`, { indexedDB, IDBKeyRange });
    const withoutRow = rows.filter((r) => r.entity !== 'subscription');
    const free = { entity: 'plan', id: 'free', data: { name: 'free' } };
    await applyPulledPage(db, pulled([...withoutRow, free]), 0, 0, {});
    await writeLocal(db, 'subscription.free_trial', {}, ctx);
    expect(await db.subscription.get(U)).toMatchObject({ subscription_plan: 'basic', status: 'trialing', free_trial_used: true, billing_cycle: null, plan: { id: 'basic' } });
  });

  it('bid.create and bid.withdraw leave a count this device is not shown (null: sealed until the opening) unknown', async () => {
    db = new BinaaDb(`effects-sealed-count-${Math.random()}`, { indexedDB, IDBKeyRange });
    const sealed = rows.map((r) => (r.entity === 'project' ? { ...r, data: { ...r.data, bid_count: null } } : r));
    await applyPulledPage(db, pulled(sealed), 0, 0, {});
    await writeLocal(db, 'bid.create', SAMPLES['bid.create'], ctx);
    expect(await db.anyEntityTable('project').get(id(4))).toMatchObject({ bid_count: null });
    await writeLocal(db, 'bid.withdraw', SAMPLES['bid.withdraw'], ctx);
    expect(await db.anyEntityTable('project').get(id(4))).toMatchObject({ bid_count: null });
    expect(await db.anyEntityTable('bid').get(id(6))).toMatchObject({ status: 'submitted' });
  });

  it('covers every mutation name of the contract', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...MUTATION_NAMES].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual([...MUTATION_NAMES].sort());
  });

  for (const name of MUTATION_NAMES) {
    it(`${name}: changes exactly the rows it should, to exactly what they should be, and queues one outbox row`, async () => {
      db = new BinaaDb(`effects-${name}-${Math.random()}`, { indexedDB, IDBKeyRange });
      await applyPulledPage(db, pulled(rows), 0, 0, {});
      const before = await localRows(db);
      const mutationId = await writeLocal(db, name, SAMPLES[name] as never, ctx);
      expect(changed(before, await localRows(db))).toEqual(EXPECTED[name]);
      expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id: mutationId, name, status: 'pending' })]);
    });
  }
});
