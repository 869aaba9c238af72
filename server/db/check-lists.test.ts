/**
 * Every list of values a CHECK constraint of the migrated database allows is the list the
 * code means, read from where the code defines it: a status column holds its machine's
 * stored states (shared/lifecycles/), any other listed column its shared vocabulary, or,
 * for the server's own bookkeeping, its TypeScript type (a record over the type has each
 * value once and no other). A migration is written by hand, so a state added to a machine
 * and not to the database (or a list copied with one value missing) fails here, and so
 * does a new CHECK list nobody mapped.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createTestDb, type TestDb } from '../test/harness';
import { storedStates, type Lifecycle } from '../../shared/lifecycle';
import { ALL_LIFECYCLES } from '../../shared/lifecycles/all';
import {
  BILLING_CYCLES,
  INVITE_ROLES,
  LANGUAGES,
  MEMBER_ROLES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_TYPES,
  PLAN_IDS,
  REVIEW_TARGET_TYPES,
  ROLES,
  SIGNUP_TYPES,
  URGENCY_LEVELS,
  VERIFICATION_TIERS,
  AVAILABILITY_STATUSES,
} from '../../shared/constants';
import { VAT_CATEGORY_CODES } from '../../shared/vatex';
import { PAYMENT_TERMS_DAYS, paymentSchema } from '../../shared/schemas/payment';
import { invoiceSchema } from '../../shared/schemas/invoice';
import { rfqSchema } from '../../shared/schemas/rfq';
import { bidReceiptSchema } from '../../shared/schemas/tender';
import { PROBLEM_KINDS, deliveryUploadMetadataSchema } from '../../shared/schemas/delivery';
import { REJECTION_REASONS } from '../../shared/schemas/goods-receipt';
import { DISPUTE_REMEDIES } from '../../shared/schemas/dispute';
import { APPROVAL_DECISIONS, PURCHASE_REQUEST_KINDS } from '../../shared/schemas/purchase-request';
import { ACCOUNT_EXPORT_STATUSES } from '../../shared/schemas/account-export';
import { CR_CHECK_RESULTS } from '../../shared/schemas/cr-verification';
import type { Checkout } from '../modules/card-gateway/checkout';
import type { UploadKind } from '../storage/unfinished-uploads';
import { DOCUMENT_FORMATS, DOCUMENT_TYPES, documentUploadMetadataSchema } from '../../shared/schemas/project-document';
import { projectSchema } from '../../shared/schemas/project';
import { bidDocumentUploadMetadataSchema } from '../../shared/schemas/bid-document';

/** The values of a server type, each once: the `satisfies` on each record makes it exactly the type's. */
const valuesOf = (record: Record<string, true>): string[] => Object.keys(record);

/** table.column -> the status machine whose stored states its CHECK lists. */
const MACHINES: Record<string, keyof typeof ALL_LIFECYCLES> = {
  'projects.status': 'project',
  'bids.status': 'bid',
  'award_objections.status': 'objection',
  'instant_orders.status': 'instant_order',
  'instant_order_responses.status': 'instant_order_response',
  'transport_requests.status': 'transport_request',
  'transport_offers.status': 'transport_offer',
  'purchase_orders.status': 'purchase_order',
  'rfqs.status': 'rfq',
  'rfq_quotes.status': 'rfq_quote',
  'deliveries.stage': 'delivery',
  // An event records any stage a delivery reaches (its assignment and the requester's answers too).
  'delivery_events.step': 'delivery',
  'invoices.status': 'invoice',
  'payments.status': 'payment',
  'subscriptions.status': 'subscription',
  'einvoicing_units.status': 'einvoicing_unit',
  'registration_requests.status': 'registration_request',
  'disputes.status': 'dispute',
  'sites.status': 'site',
  'purchase_requests.status': 'purchase_request',
};

/** table.column -> the values its CHECK lists, as the code defines them. */
const EXPECTED: Record<string, readonly (string | number)[]> = {
  ...Object.fromEntries(Object.entries(MACHINES).map(([column, machine]) => [column, storedStates(ALL_LIFECYCLES[machine] as Lifecycle<string, string>)])),
  // Shared vocabularies.
  'products.availability_status': AVAILABILITY_STATUSES,
  'profiles.language': LANGUAGES,
  // A driver is a company member, never a profile's role.
  'profiles.role': ROLES.filter((r) => r !== 'driver'),
  'profiles.verification_tier': VERIFICATION_TIERS,
  'company_members.role': MEMBER_ROLES,
  'company_invites.role': INVITE_ROLES,
  'company_tax_profiles.default_payment_terms_days': PAYMENT_TERMS_DAYS,
  'invoices.payment_terms_days': PAYMENT_TERMS_DAYS,
  'invoices.kind': invoiceSchema.shape.kind.options,
  'project_documents.type': DOCUMENT_TYPES,
  'project_documents.format': Object.keys(DOCUMENT_FORMATS),
  'document_uploads.format': Object.keys(DOCUMENT_FORMATS),
  'projects.envelopes': projectSchema.shape.envelopes.options.map((o) => o.value),
  'document_uploads.kind': [documentUploadMetadataSchema.shape.kind.value, bidDocumentUploadMetadataSchema.shape.kind.value],
  'bid_documents.format': Object.keys(DOCUMENT_FORMATS),
  'invoice_lines.vat_category': VAT_CATEGORY_CODES,
  'invoice_lines.adjusts': invoiceSchema.shape.lines.element.shape.adjusts.unwrap().options,
  'disputes.remedy': DISPUTE_REMEDIES,
  'purchase_request_approvals.decision': APPROVAL_DECISIONS,
  'purchase_requests.kind': PURCHASE_REQUEST_KINDS,
  'purchase_order_lines.vat_category': VAT_CATEGORY_CODES,
  'instant_order_responses.vat_category': VAT_CATEGORY_CODES,
  'instant_orders.urgency_level': URGENCY_LEVELS,
  'notifications.type': NOTIFICATION_TYPES,
  'notifications.priority': NOTIFICATION_PRIORITIES,
  'payments.method': paymentSchema.shape.method.options,
  'plan_payments.billing_cycle': BILLING_CYCLES,
  'subscriptions.billing_cycle': BILLING_CYCLES,
  'subscription_plans.id': PLAN_IDS,
  'registration_requests.signup_type': SIGNUP_TYPES,
  'reviews.target_type': REVIEW_TARGET_TYPES,
  'rfqs.audience': rfqSchema.shape.audience.options,
  'bid_receipts.kind': bidReceiptSchema.shape.kind.options,
  'delivery_events.problem_kind': PROBLEM_KINDS,
  'goods_receipt_lines.rejection_reason': REJECTION_REASONS,
  'delivery_files.purpose': deliveryUploadMetadataSchema.shape.purpose.options,
  'account_exports.status': ACCOUNT_EXPORT_STATUSES,
  'company_cr_checks.result': CR_CHECK_RESULTS,
  // The server's own bookkeeping, never sent as such: its types.
  'card_checkouts.status': valuesOf({ initiated: true, paid: true } satisfies Record<Checkout['status'], true>),
  'card_checkouts.purpose': valuesOf({ invoice: true, plan: true } satisfies Record<Checkout['purpose'], true>),
  'unfinished_uploads.kind': valuesOf({ product_photo: true, delivery_file: true, payment_receipt: true, order_photo: true, tender_document: true, bid_document: true } satisfies Record<UploadKind, true>),
  'payment_reminders.kind': valuesOf({ due_soon: true, overdue: true }),
  'changes.op': valuesOf({ upsert: true, delete: true }),
  'changes.audience_type': valuesOf({ all: true, role: true, user: true }),
};

/** Each `column = ANY (ARRAY[...])` of a constraint as Postgres deparses it (IN lists come out so too). */
function listsIn(def: string): Array<{ column: string; values: (string | number)[] }> {
  const found: Array<{ column: string; values: (string | number)[] }> = [];
  for (const m of def.matchAll(/\(?(\w+)\)? = ANY \(\(?ARRAY\[([^\]]*)\]/g)) {
    const values = m[2].split(',').map((v) => {
      const text = v.trim().match(/^'((?:[^']|'')*)'(?:::\w+(?: \w+)?)?$/);
      return text ? text[1].replace(/''/g, "'") : Number(v.trim().replace(/::\w+$/, ''));
    });
    found.push({ column: m[1], values });
  }
  return found;
}

let db: TestDb;
let lists: Array<{ key: string; constraint: string; values: (string | number)[] }>;

beforeAll(async () => {
  db = await createTestDb();
  const { rows } = await db.knex.raw(
    `select c.relname as tbl, co.conname, pg_get_constraintdef(co.oid) as def
       from pg_constraint co
       join pg_class c on c.oid = co.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ? and co.contype = 'c'
      order by 1, 2`,
    [db.schema],
  );
  lists = (rows as Array<{ tbl: string; conname: string; def: string }>).flatMap((r) =>
    listsIn(r.def).map((l) => ({ key: `${r.tbl}.${l.column}`, constraint: r.conname, values: l.values })),
  );
}, 120_000);

afterAll(() => db?.drop());

describe('CHECK lists', () => {
  it('finds the lists (the parser reads what Postgres writes)', () => {
    expect(lists.length).toBeGreaterThan(40);
    expect(lists.find((l) => l.key === 'projects.status')?.values).toEqual(['open', 'in_progress', 'completed', 'cancelled']);
    expect(lists.find((l) => l.key === 'invoices.payment_terms_days')?.values).toEqual([0, 15, 30, 60]);
  });

  it('each equal the values the code defines for their column', () => {
    const unmapped = lists.filter((l) => !(l.key in EXPECTED)).map((l) => `${l.key} (${l.constraint})`);
    expect(unmapped, 'a CHECK list with no shared definition: map it in EXPECTED').toEqual([]);
    for (const l of lists) expect([...l.values].sort(), `${l.key} (${l.constraint})`).toEqual([...EXPECTED[l.key]].sort());
  });

  it('has a column in the database for every mapping and every status machine', () => {
    const keys = new Set(lists.map((l) => l.key));
    expect(Object.keys(EXPECTED).filter((k) => !keys.has(k))).toEqual([]);
    const machines = new Set(Object.values(MACHINES));
    expect(Object.keys(ALL_LIFECYCLES).filter((m) => !machines.has(m as keyof typeof ALL_LIFECYCLES))).toEqual([]);
  });
});
