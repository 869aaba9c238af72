/**
 * Who may call what, as one table (issue 3): every route of the API called as anonymous,
 * as each role, and as a second user of the owner's role who does not own the object.
 * Each cell is the status expected; `ok` means any 2xx. The stranger of an admin route
 * is another admin. The wrong role gets 403; the right role on an object it cannot see
 * gets 404; one that can see the object but not act on it gets 403. Calls that change state get a
 * fresh world (objects owned by the first user of each role), so no cell depends on
 * another. A route missing from the table fails the test, so new routes must be added.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';
import { TestClient } from './test/http-client';
import { signInAs } from './test/sign-in';
import { registry } from './http/route';
import { openStream } from './test/sse';
import { riyadhDay } from '../shared/riyadh';
import { taxNumbers } from './test/tax-profile';
import { insertReceipt } from './test/invoice-steps';
import { attachBidDocument, attachDocument, tinyPdf, uploadDocument } from './test/document-steps';

/** Each caller's VAT and CR numbers, drawn once: a number belongs to one company, and an onboarded company keeps its VAT number. */
const TAX_NUMBERS = new Map<string, ReturnType<typeof taxNumbers>>();
const numbersOf = (who: string) => TAX_NUMBERS.get(who) ?? (TAX_NUMBERS.set(who, taxNumbers()).get(who) as ReturnType<typeof taxNumbers>);

/**
 * `demoted`: an admin whose admin flag was taken away; their profile still says role
 * admin. Demotion ends every admin power, so the profile role alone opens nothing.
 */
type Who = 'anon' | 'supplier' | 'contractor' | 'government' | 'transport' | 'admin' | 'stranger' | 'demoted';
type Owner = Exclude<Who, 'anon' | 'stranger' | 'demoted'>;
const CALLERS: Who[] = ['anon', 'supplier', 'contractor', 'government', 'transport', 'admin', 'stranger', 'demoted'];
type Expect = 'ok' | 303 | 400 | 401 | 403 | 404 | 409 | 422;

interface World {
  product: string;
  project: string;
  bid: string;
  order: string;
  response: string;
  request: string;
  offer: string;
  notification: string;
  victim: string;
  /** opened, not awarded: the contractor's bid and a stranger contractor's */
  tender: string;
  tenderBid: string;
  /** awarded to the stranger contractor, in its standstill; the contractor lost and has not objected */
  awarded: string;
  /** awarded to the contractor; the stranger contractor objected (objection) */
  objected: string;
  objection: string;
  /** the government's open tender taking questions for a day, and the contractor's unanswered question on it */
  asking: string;
  question: string;
  /** the government's finished document upload for that tender (not attached), and a document attached to it */
  docUpload: string;
  document: string;
  /** a two-envelope tender past its opening with the contractor's and the stranger contractor's bids (envelopeBids, comma-joined), and the document the contractor's envelope names */
  envelopes: string;
  envelopeBids: string;
  envelopeDoc: string;
  /** the contractor's finished bid-document upload on an open two-envelope tender of the government's (envelopeOpen) */
  envelopeOpen: string;
  envelopeUpload: string;
  /** an open invite of the transport company, its token, and a member of it */
  invite: string;
  inviteToken: string;
  member: string;
  /** for the delivery rows only (see dealsFor): a request assigned to the transport company, no driver yet */
  assignable: string;
  /** delivered by the transport company's driver, on the contractor's request */
  delivery: string;
  /** the contractor's RFQ of one line (rfqLine), sent to the supplier only; the supplier's quote; the purchase order its award made */
  rfq: string;
  rfqLine: string;
  quote: string;
  po: string;
  /** the purchase order above, accepted by the supplier; and the supplier's cleared invoice of it (both companies have tax profiles, the supplier is onboarded) */
  acceptedPo: string;
  invoice: string;
  /** the accepted order once its goods are received (with the invoice): a completed deal its parties review */
  receivedPo: string;
  /** the invoice's one line */
  invoiceLine: string;
  /** a transfer the contractor (buyer) recorded against the invoice, waiting for the supplier */
  payment: string;
  /** one transfer across invoices (here the one invoice) the contractor recorded, waiting for the supplier */
  transfer: string;
  /** the accepted order's line (received in full with the invoice), and the contractor's open dispute of 1 of it */
  poLine: string;
  dispute: string;
  /** a site of the contractor's company (the new site's rules: the owner above 10,000), and a request on it of 11,500 waiting for the owner */
  requestSite: string;
  purchaseRequest: string;
}

interface Row {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string; // as declared, with {id}
  url: (w: World) => string;
  body?: (w: World, who: Who) => unknown;
  /** whose object it is: the stranger is another user of this role */
  owner: Owner | null;
  expect: Record<Who, Expect>;
  /** true for calls that change state: each cell gets a fresh world */
  writes?: boolean;
  /** an event stream: only its status is read */
  stream?: boolean;
}

const all = (e: Expect): Record<Who, Expect> => Object.fromEntries(CALLERS.map((c) => [c, e])) as Record<Who, Expect>;
const signedIn = (e: Expect, anon: Expect = 401) => ({ ...all(e), anon });
/** Only `allowed` get 2xx; other signed-in callers get `others`, anonymous 401. */
const only = (allowed: Who[], others: Expect, overrides: Partial<Record<Who, Expect>> = {}) => ({
  ...signedIn(others),
  ...Object.fromEntries(allowed.map((w) => [w, 'ok' as Expect])),
  ...overrides,
});

const ROLE_OF: Record<Owner, string> = {
  supplier: 'supplier',
  contractor: 'contractor',
  government: 'government',
  transport: 'transport',
  admin: 'admin',
};

const TABLE: Row[] = [
  { method: 'get', path: '/api/health', url: () => '/api/health', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/health/ready', url: () => '/api/health/ready', owner: null, expect: all('ok') },
  // Without METRICS_TOKEN outside production: served to anyone (metrics.test.ts: the token, and production).
  { method: 'get', path: '/metrics', url: () => '/metrics', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/openapi.json', url: () => '/api/openapi.json', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/oauth/google/redirect_url', url: () => '/api/oauth/google/redirect_url', owner: null, expect: all('ok') },
  { method: 'post', path: '/api/sessions', url: () => '/api/sessions', body: () => ({ code: 'not-a-code' }), owner: null, expect: all(400) },
  { method: 'get', path: '/api/users/me', url: () => '/api/users/me', owner: null, expect: signedIn('ok') },
  { method: 'post', path: '/api/users/me/guide-seen', url: () => '/api/users/me/guide-seen', owner: null, writes: true, expect: signedIn('ok') },
  { method: 'get', path: '/api/session', url: () => '/api/session', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/logout', url: () => '/api/logout', owner: null, expect: all('ok'), writes: true },
  { method: 'post', path: '/api/logout', url: () => '/api/logout', owner: null, expect: all('ok'), writes: true },
  { method: 'get', path: '/api/admin/owner-status', url: () => '/api/admin/owner-status', owner: null, expect: signedIn('ok') },

  // Deleting one's own account: the table's call carries no confirmation, so everyone signed in is refused (400) and nothing is deleted (account/account.test.ts deletes).
  { method: 'delete', path: '/api/account', url: () => '/api/account', owner: null, expect: signedIn(400) },

  // A person's data export: their own, whoever they are; another's id is a 404.
  { method: 'post', path: '/api/account/export', url: () => '/api/account/export', owner: null, writes: true, expect: signedIn('ok') },
  { method: 'get', path: '/api/account/export', url: () => '/api/account/export', owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/account/export/{id}/download', url: () => `/api/account/export/${crypto.randomUUID()}/download`, owner: null, expect: signedIn(404) },

  // Profiles: everyone signed in has one; the role is theirs and cannot change.
  { method: 'get', path: '/api/profiles/me', url: () => '/api/profiles/me', owner: null, expect: signedIn('ok') },
  {
    method: 'post', path: '/api/profiles', url: () => '/api/profiles', owner: null, writes: true,
    body: (_w, who) => ({ role: who === 'stranger' || who === 'admin' || who === 'demoted' ? 'contractor' : who, city: 'الرياض' }),
    expect: { ...signedIn('ok'), admin: 409, demoted: 409 }, // the admin's profile role is admin: locked
  },

  // Catalogue.
  { method: 'get', path: '/api/categories', url: () => '/api/categories', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/products', url: () => '/api/products', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/products/{id}', url: (w) => `/api/products/${w.product}`, owner: 'supplier', expect: all('ok') },
  { method: 'get', path: '/api/products/my', url: () => '/api/products/my', owner: 'supplier', expect: only(['supplier', 'stranger'], 403) },
  {
    method: 'post', path: '/api/products', url: () => '/api/products', owner: 'supplier', writes: true,
    body: () => ({ name: 'أسمنت', price: 20, unit: 'كيس' }),
    expect: only(['supplier', 'stranger'], 403),
  },
  {
    method: 'patch', path: '/api/products/{id}', url: (w) => `/api/products/${w.product}`, owner: 'supplier', writes: true,
    body: () => ({ price: 21 }),
    expect: only(['supplier'], 403, { stranger: 404 }), // the wrong role is refused, another supplier's product is not there
  },
  {
    method: 'delete', path: '/api/products/{id}', url: (w) => `/api/products/${w.product}`, owner: 'supplier', writes: true,
    expect: only(['supplier'], 403, { stranger: 404 }),
  },
  {
    method: 'put', path: '/api/products/{id}/photos', url: (w) => `/api/products/${w.product}/photos`, owner: 'supplier', writes: true,
    body: () => ({ order: [crypto.randomUUID()] }),
    expect: only(['supplier'], 403, { stranger: 404 }),
  },
  {
    method: 'delete', path: '/api/products/{id}/photos/{photo_id}', url: (w) => `/api/products/${w.product}/photos/${crypto.randomUUID()}`, owner: 'supplier', writes: true,
    expect: only(['supplier'], 403, { stranger: 404 }), // a photo already gone is removed
  },
  // Price lists: each supplier imports into and undoes on their own catalogue only.
  {
    method: 'post', path: '/api/products/imports', url: () => '/api/products/imports', owner: 'supplier', writes: true,
    body: () => ({ mode: 'all', file_name: 'prices.csv', rows: [{ line: 2, values: { name: 'أسمنت', price: '20', unit: 'كيس' } }] }),
    expect: only(['supplier', 'stranger'], 403),
  },
  { method: 'get', path: '/api/products/imports/last', url: () => '/api/products/imports/last', owner: 'supplier', expect: only(['supplier', 'stranger'], 403) }, // each their own (the row above made one)
  {
    method: 'post', path: '/api/products/imports/last/undo', url: () => '/api/products/imports/last/undo', owner: 'supplier', writes: true,
    expect: only(['supplier', 'stranger'], 403), // each undoes their own
  },
  { method: 'get', path: '/api/reviews', url: (w) => `/api/reviews?product_id=${w.product}`, owner: null, expect: all('ok') },
  { method: 'get', path: '/api/companies/{id}/scorecard', url: (w) => `/api/companies/${w.victim}/scorecard`, owner: null, expect: all('ok') }, // public, as the company's page
  { method: 'get', path: '/api/company/scorecard', url: () => '/api/company/scorecard', owner: null, expect: signedIn('ok') }, // each company its own

  // Projects and bids: sealed, owner-only actions.
  { method: 'get', path: '/api/projects', url: () => '/api/projects', owner: 'government', expect: only(['contractor', 'government', 'admin', 'stranger'], 403) },
  { method: 'get', path: '/api/projects/my', url: () => '/api/projects/my', owner: 'government', expect: only(['government', 'stranger'], 403) },
  { method: 'get', path: '/api/projects/{id}', url: (w) => `/api/projects/${w.project}`, owner: 'government', expect: only(['contractor', 'government', 'admin', 'stranger'], 404) }, // governments see open projects as contractors do
  {
    method: 'post', path: '/api/projects', url: () => '/api/projects', owner: 'government', writes: true,
    body: () => ({ title: 'مدرسة', description: 'مبنى', location: 'جدة' }),
    expect: only(['government', 'stranger'], 403),
  },
  // Who can see the project but does not own it is refused (403); who cannot see it finds nothing (404).
  { method: 'get', path: '/api/projects/{id}/bids', url: (w) => `/api/projects/${w.tender}/bids`, owner: 'government', expect: only(['government'], 403, { supplier: 404, transport: 404, demoted: 404 }) },
  {
    method: 'post', path: '/api/projects/{id}/award', url: (w) => `/api/projects/${w.tender}/award`, owner: 'government', writes: true,
    body: (w) => ({ bid_id: w.tenderBid }),
    expect: only(['government'], 403),
  },
  {
    method: 'post', path: '/api/projects/{id}/close-bidding', url: (w) => `/api/projects/${w.project}/close-bidding`, owner: 'government', writes: true,
    expect: only(['government'], 403),
  },
  // The opening record: the owner, and once awarded its bidders and admins.
  { method: 'get', path: '/api/projects/{id}/opening', url: (w) => `/api/projects/${w.objected}/opening`, owner: 'government', expect: only(['government', 'contractor', 'admin'], 403, { supplier: 404, transport: 404, demoted: 404 }) },
  // Objections: whoever sees the project lists those they may see (maybe none).
  { method: 'get', path: '/api/projects/{id}/objections', url: (w) => `/api/projects/${w.objected}/objections`, owner: 'government', expect: only(['government', 'contractor', 'admin', 'stranger'], 404) },
  {
    method: 'post', path: '/api/projects/{id}/objections', url: (w) => `/api/projects/${w.awarded}/objections`, owner: 'contractor', writes: true,
    body: () => ({ reason: 'عرضنا أقل' }),
    expect: only(['contractor'], 403), // the stranger contractor is the awarded bidder
  },
  {
    method: 'post', path: '/api/objections/{id}/answer', url: (w) => `/api/objections/${w.objection}/answer`, owner: 'government', writes: true,
    body: () => ({ decision: 'rejected', answer: 'العرض الفائز مستوفٍ' }),
    expect: only(['government'], 403, { stranger: 404 }), // another government cannot see the objection
  },
  // Questions: whoever sees the project lists those they may see; contractors ask (the owner cannot); the owner answers.
  { method: 'get', path: '/api/projects/{id}/questions', url: (w) => `/api/projects/${w.asking}/questions`, owner: 'government', expect: only(['government', 'contractor', 'admin', 'stranger'], 404) },
  {
    method: 'post', path: '/api/projects/{id}/questions', url: (w) => `/api/projects/${w.asking}/questions`, owner: 'contractor', writes: true,
    body: () => ({ id: crypto.randomUUID(), text: 'هل الأثاث ضمن العقد؟' }),
    expect: only(['contractor', 'stranger'], 403),
  },
  {
    method: 'post', path: '/api/projects/{id}/questions/{qid}/answer', url: (w) => `/api/projects/${w.asking}/questions/${w.question}/answer`, owner: 'government', writes: true,
    body: () => ({ text: 'لا' }),
    expect: only(['government'], 403, { supplier: 404, transport: 404, demoted: 404 }),
  },
  // Documents: the owner attaches its own upload; whoever sees the project lists and downloads them.
  {
    method: 'post', path: '/api/projects/{id}/documents', url: (w) => `/api/projects/${w.asking}/documents`, owner: 'government', writes: true,
    body: (w) => ({ upload_id: w.docUpload, type: 'specification', title: 'كراسة الشروط' }),
    expect: only(['government'], 403, { supplier: 404, transport: 404, demoted: 404 }),
  },
  { method: 'get', path: '/api/projects/{id}/documents', url: (w) => `/api/projects/${w.asking}/documents`, owner: 'government', expect: only(['government', 'contractor', 'admin', 'stranger'], 404) },
  {
    method: 'get', path: '/api/projects/{id}/documents/{doc_id}', url: (w) => `/api/projects/${w.asking}/documents/${w.document}`, owner: 'government',
    expect: only(['government', 'contractor', 'admin', 'stranger'], 404),
  },
  // Two envelopes: a contractor attaches its bid documents; its file reaches its company, and the owner after the opening (404 to all others, sealed).
  {
    method: 'post', path: '/api/projects/{id}/bid-documents', url: (w) => `/api/projects/${w.envelopeOpen}/bid-documents`, owner: 'contractor', writes: true,
    body: (w) => ({ upload_id: w.envelopeUpload, title: 'العرض الفني' }),
    expect: only(['contractor'], 403, { stranger: 422 }), // another contractor holds no such upload
  },
  {
    method: 'get', path: '/api/projects/{id}/bid-documents/{doc_id}', url: (w) => `/api/projects/${w.envelopes}/bid-documents/${w.envelopeDoc}`, owner: 'contractor',
    expect: only(['contractor', 'government'], 404),
  },
  // The technical envelopes: the owner all of them after the opening, a contractor its own (none for the stranger's view here: its own only).
  {
    method: 'get', path: '/api/projects/{id}/technical-envelopes', url: (w) => `/api/projects/${w.envelopes}/technical-envelopes`, owner: 'government',
    expect: only(['government', 'contractor', 'admin', 'stranger'], 404),
  },
  {
    method: 'post', path: '/api/projects/{id}/technical-evaluation', url: (w) => `/api/projects/${w.envelopes}/technical-evaluation`, owner: 'government', writes: true,
    body: (w) => ({ results: w.envelopeBids.split(',').map((bid_id) => ({ bid_id, pass: true })) }),
    expect: only(['government'], 403),
  },
  {
    method: 'post', path: '/api/projects/{id}/open-financial', url: (w) => `/api/projects/${w.envelopes}/open-financial`, owner: 'government', writes: true,
    expect: only([], 403, { government: 409 }), // the owner, but only after the technical evaluation
  },
  {
    method: 'get', path: '/api/bids/{id}/receipts', url: (w) => `/api/bids/${w.bid}/receipts`, owner: 'contractor',
    expect: only(['contractor'], 403, { stranger: 404 }), // sealed: another contractor finds no bid
  },
  {
    method: 'post', path: '/api/projects/{id}/status', url: (w) => `/api/projects/${w.project}/status`, owner: 'government', writes: true,
    body: () => ({ status: 'cancelled' }),
    expect: only(['government'], 403),
  },
  {
    method: 'post', path: '/api/bids', url: () => '/api/bids', owner: 'contractor', writes: true,
    body: (w) => ({ project_id: w.project, amount: 1000, proposal: 'عرضنا' }),
    expect: only(['contractor', 'stranger'], 403),
  },
  { method: 'get', path: '/api/bids/my', url: () => '/api/bids/my', owner: 'contractor', expect: only(['contractor', 'stranger'], 403) },
  {
    method: 'post', path: '/api/bids/{id}/withdraw', url: (w) => `/api/bids/${w.bid}/withdraw`, owner: 'contractor', writes: true,
    expect: only(['contractor'], 403, { stranger: 404 }), // sealed: another contractor finds no bid
  },

  // Instant orders and offers.
  { method: 'get', path: '/api/instant-orders', url: () => '/api/instant-orders', owner: 'contractor', expect: only(['supplier', 'admin'], 403) },
  { method: 'get', path: '/api/instant-orders/my', url: () => '/api/instant-orders/my', owner: 'contractor', expect: only(['contractor', 'stranger'], 403) },
  { method: 'get', path: '/api/instant-orders/{id}', url: (w) => `/api/instant-orders/${w.order}`, owner: 'contractor', expect: only(['contractor', 'supplier', 'admin'], 404) },
  {
    method: 'post', path: '/api/instant-orders', url: () => '/api/instant-orders', owner: 'contractor', writes: true,
    body: () => ({ title: 'حديد', description: 'عاجل', quantity: 2, unit: 'طن', location: 'الدمام' }),
    expect: only(['contractor', 'stranger'], 403),
  },
  { method: 'get', path: '/api/instant-orders/{id}/responses', url: (w) => `/api/instant-orders/${w.order}/responses`, owner: 'contractor', expect: only(['contractor'], 403, { stranger: 404, government: 404, transport: 404, demoted: 404 }) },
  {
    method: 'post', path: '/api/instant-orders/{id}/accept', url: (w) => `/api/instant-orders/${w.order}/accept`, owner: 'contractor', writes: true,
    body: (w) => ({ response_id: w.response }),
    expect: only(['contractor'], 403, { stranger: 404 }),
  },
  {
    method: 'post', path: '/api/instant-orders/{id}/cancel', url: (w) => `/api/instant-orders/${w.order}/cancel`, owner: 'contractor', writes: true,
    expect: only(['contractor'], 403, { stranger: 404 }),
  },
  {
    method: 'post', path: '/api/instant-order-responses', url: () => '/api/instant-order-responses', owner: 'supplier', writes: true,
    body: (w) => ({ instant_order_id: w.order, offered_price: 900 }),
    expect: only(['supplier', 'stranger'], 403),
  },

  // Requests for quotation: the buyer's, seen by the suppliers it reached (here the supplier only); quotes seen by their supplier and the buyer.
  {
    method: 'post', path: '/api/rfqs', url: () => '/api/rfqs', owner: 'contractor', writes: true,
    body: () => ({ title: 'مواد', location: 'أبها', closes_at: new Date(Date.now() + 86_400_000).toISOString(), audience: 'market', lines: [{ id: crypto.randomUUID(), description: 'رمل', quantity: 5, unit: 'م³' }] }),
    expect: only(['contractor', 'stranger'], 403),
  },
  { method: 'get', path: '/api/rfqs/my', url: () => '/api/rfqs/my', owner: 'contractor', expect: only(['contractor', 'stranger'], 403) },
  { method: 'get', path: '/api/rfqs', url: () => '/api/rfqs', owner: 'supplier', expect: only(['supplier', 'stranger'], 403) },
  { method: 'get', path: '/api/rfqs/{id}', url: (w) => `/api/rfqs/${w.rfq}`, owner: 'contractor', expect: only(['contractor', 'supplier'], 404) },
  {
    method: 'post', path: '/api/rfqs/{id}/quotes', url: (w) => `/api/rfqs/${w.rfq}/quotes`, owner: 'supplier', writes: true,
    body: (w) => ({ delivery_days: 2, valid_until: '2027-01-31', lines: [{ rfq_line_id: w.rfqLine, unit_price: 10 }] }),
    expect: only(['supplier'], 403, { stranger: 404 }),
  },
  { method: 'get', path: '/api/rfqs/{id}/quotes', url: (w) => `/api/rfqs/${w.rfq}/quotes`, owner: 'contractor', expect: only(['contractor', 'supplier'], 404) },
  { method: 'get', path: '/api/rfqs/{id}/comparison', url: (w) => `/api/rfqs/${w.rfq}/comparison`, owner: 'contractor', expect: only(['contractor'], 404, { supplier: 403 }) },
  {
    method: 'post', path: '/api/rfqs/{id}/award', url: (w) => `/api/rfqs/${w.rfq}/award`, owner: 'contractor', writes: true,
    body: (w) => ({ awards: [{ rfq_line_id: w.rfqLine, quote_id: w.quote }] }),
    expect: only(['contractor'], 403, { stranger: 404 }),
  },
  {
    method: 'patch', path: '/api/rfqs/{id}', url: (w) => `/api/rfqs/${w.rfq}`, owner: 'contractor', writes: true,
    body: () => ({ title: 'مواد البناء', location: 'أبها', closes_at: new Date(Date.now() + 86_400_000).toISOString(), lines: [{ id: crypto.randomUUID(), description: 'رمل', quantity: 5, unit: 'م³' }] }),
    expect: only(['contractor'], 403, { stranger: 404 }),
  },
  { method: 'post', path: '/api/rfqs/{id}/cancel', url: (w) => `/api/rfqs/${w.rfq}/cancel`, owner: 'contractor', writes: true, expect: only(['contractor'], 403, { stranger: 404 }) },

  // Purchase orders: read by their buyer (the contractor) and seller (the supplier); each move by its side, from the statuses it allows.
  { method: 'get', path: '/api/purchase-orders', url: () => '/api/purchase-orders', owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/purchase-orders/{id}', url: (w) => `/api/purchase-orders/${w.po}`, owner: 'contractor', expect: only(['contractor', 'supplier'], 404) },
  { method: 'get', path: '/api/purchase-orders/{id}/pdf', url: (w) => `/api/purchase-orders/${w.po}/pdf`, owner: 'contractor', expect: only(['contractor', 'supplier'], 404) },
  { method: 'post', path: '/api/purchase-orders/{id}/accept', url: (w) => `/api/purchase-orders/${w.po}/accept`, owner: 'supplier', writes: true, expect: only(['supplier'], 404, { contractor: 403 }) },
  { method: 'post', path: '/api/purchase-orders/{id}/decline', url: (w) => `/api/purchase-orders/${w.po}/decline`, owner: 'supplier', writes: true, expect: only(['supplier'], 404, { contractor: 403 }) },
  { method: 'post', path: '/api/purchase-orders/{id}/cancel', url: (w) => `/api/purchase-orders/${w.po}/cancel`, owner: 'contractor', writes: true, expect: only(['contractor'], 404, { supplier: 403 }) },
  // An issued order is neither delivered nor closed yet: its own side is refused the move (409), the other side 403.
  { method: 'post', path: '/api/purchase-orders/{id}/deliver', url: (w) => `/api/purchase-orders/${w.po}/deliver`, owner: 'supplier', writes: true, expect: { ...signedIn(404), supplier: 409, contractor: 403 } },
  { method: 'post', path: '/api/purchase-orders/{id}/close', url: (w) => `/api/purchase-orders/${w.po}/close`, owner: 'contractor', writes: true, expect: { ...signedIn(404), contractor: 409, supplier: 403 } },
  // The issued order takes no receipt yet and has nothing to close short: its buyer is refused the move (409), its seller 403.
  { method: 'post', path: '/api/purchase-orders/{id}/close-short', url: (w) => `/api/purchase-orders/${w.po}/close-short`, owner: 'contractor', writes: true, expect: { ...signedIn(404), contractor: 409, supplier: 403 } },
  { method: 'get', path: '/api/purchase-orders/{id}/receipts', url: (w) => `/api/purchase-orders/${w.po}/receipts`, owner: 'contractor', expect: only(['contractor', 'supplier'], 404) },
  {
    method: 'post', path: '/api/purchase-orders/{id}/receipts', url: (w) => `/api/purchase-orders/${w.po}/receipts`, owner: 'contractor', writes: true,
    body: () => ({ id: crypto.randomUUID(), lines: [{ purchase_order_line_id: crypto.randomUUID(), received_quantity: 1 }] }),
    expect: { ...signedIn(404), contractor: 409, supplier: 403 },
  },
  // Sites: a contractor company's own; its owner creates them and sets their rules, anyone outside it finds nothing (404).
  { method: 'get', path: '/api/sites', url: () => '/api/sites', owner: null, expect: signedIn('ok') }, // each their own company's (maybe none)
  { method: 'get', path: '/api/sites/{id}', url: (w) => `/api/sites/${w.requestSite}`, owner: 'contractor', expect: only(['contractor'], 404) },
  { method: 'get', path: '/api/sites/{id}/budget', url: (w) => `/api/sites/${w.requestSite}/budget`, owner: 'contractor', expect: only(['contractor'], 404) },
  { method: 'get', path: '/api/sites/{id}/budget.xlsx', url: (w) => `/api/sites/${w.requestSite}/budget.xlsx`, owner: 'contractor', expect: only(['contractor'], 404) },
  {
    method: 'post', path: '/api/sites', url: () => '/api/sites', owner: 'contractor', writes: true,
    body: () => ({ id: crypto.randomUUID(), name: 'برج', location: 'الرياض', budget_lines: [{ id: crypto.randomUUID(), description: 'خرسانة', quantity: 10, unit: 'م3', budget_amount: 3000 }] }),
    expect: only(['contractor', 'stranger'], 403),
  },
  {
    method: 'put', path: '/api/sites/{id}/approval-rules', url: (w) => `/api/sites/${w.requestSite}/approval-rules`, owner: 'contractor', writes: true,
    body: () => ({ levels: [{ up_to_amount: 5000, approver_ids: [] }, { up_to_amount: null, approver_ids: [] }] }),
    expect: only(['contractor'], 404),
  },
  // Purchase requests: the company's people only; anyone outside it finds nothing (404), whatever their role.
  { method: 'get', path: '/api/purchase-requests', url: () => '/api/purchase-requests', owner: null, expect: signedIn('ok') }, // each their own company's (maybe none)
  { method: 'get', path: '/api/purchase-requests/{id}', url: (w) => `/api/purchase-requests/${w.purchaseRequest}`, owner: 'contractor', expect: only(['contractor'], 404) },
  {
    method: 'post', path: '/api/purchase-requests', url: () => '/api/purchase-requests', owner: 'contractor', writes: true,
    body: (w) => ({ id: crypto.randomUUID(), site_id: w.requestSite, lines: [{ id: crypto.randomUUID(), description: 'أسمنت', quantity: 10, unit: 'كيس', estimated_unit_price: 16 }] }),
    expect: only(['contractor'], 404),
  },
  { method: 'post', path: '/api/purchase-requests/{id}/approve', url: (w) => `/api/purchase-requests/${w.purchaseRequest}/approve`, owner: 'contractor', writes: true, expect: only(['contractor'], 404) },
  {
    method: 'post', path: '/api/purchase-requests/{id}/reject', url: (w) => `/api/purchase-requests/${w.purchaseRequest}/reject`, owner: 'contractor', writes: true,
    body: () => ({ reason: 'غير لازم' }),
    expect: only(['contractor'], 404),
  },
  // The request waits for the owner's approval: its own company is told approval_required, anyone else finds nothing.
  {
    method: 'post', path: '/api/purchase-requests/{id}/rfq', url: (w) => `/api/purchase-requests/${w.purchaseRequest}/rfq`, owner: 'contractor', writes: true,
    body: () => ({ id: crypto.randomUUID(), closes_at: new Date(Date.now() + 86_400_000).toISOString(), audience: 'market' }),
    expect: only(['contractor'], 404, { contractor: 409 }),
  },
  {
    method: 'post', path: '/api/purchase-requests/{id}/instant-order', url: (w) => `/api/purchase-requests/${w.purchaseRequest}/instant-order`, owner: 'contractor', writes: true,
    body: () => ({ id: crypto.randomUUID() }),
    expect: only(['contractor'], 404, { contractor: 409 }),
  },
  // No photo of that id: nobody gets one (photos.test.ts serves real ones to the order's parties).
  { method: 'get', path: '/api/purchase-orders/{id}/photos/{photoId}', url: (w) => `/api/purchase-orders/${w.po}/photos/${crypto.randomUUID()}?size=160`, owner: 'contractor', expect: signedIn(404) },

  // Transport.
  { method: 'get', path: '/api/transport-requests', url: () => '/api/transport-requests', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/transport-requests/my', url: () => '/api/transport-requests/my', owner: 'contractor', expect: signedIn('ok') }, // a transport company's own list is simply empty
  { method: 'get', path: '/api/transport-requests/{id}', url: (w) => `/api/transport-requests/${w.request}`, owner: 'contractor', expect: all('ok') },
  {
    method: 'post', path: '/api/transport-requests', url: () => '/api/transport-requests', owner: 'contractor', writes: true,
    body: () => ({ pickup_location: 'جدة', delivery_location: 'مكة', cargo_description: 'أسمنت' }),
    expect: only(['supplier', 'contractor', 'government', 'admin', 'stranger'], 403),
  },
  { method: 'get', path: '/api/transport-requests/{id}/offers', url: (w) => `/api/transport-requests/${w.request}/offers`, owner: 'contractor', expect: only(['contractor'], 403) },
  {
    method: 'post', path: '/api/transport-requests/{id}/accept', url: (w) => `/api/transport-requests/${w.request}/accept`, owner: 'contractor', writes: true,
    body: (w) => ({ offer_id: w.offer }),
    expect: only(['contractor'], 403),
  },
  {
    method: 'post', path: '/api/transport-requests/{id}/status', url: (w) => `/api/transport-requests/${w.request}/status`, owner: 'contractor', writes: true,
    body: () => ({ status: 'cancelled' }),
    expect: only(['contractor'], 403),
  },
  {
    method: 'post', path: '/api/transport-offers', url: () => '/api/transport-offers', owner: 'transport', writes: true,
    body: (w) => ({ transport_request_id: w.request, quoted_price: 700 }),
    expect: only(['transport', 'stranger'], 403), // any transport company may quote
  },

  // Deliveries: the transport company assigns its driver; the driver (no caller here) steps; the requester answers.
  {
    method: 'post', path: '/api/transport-requests/{id}/assign', url: (w) => `/api/transport-requests/${w.assignable}/assign`, owner: 'transport', writes: true,
    body: () => ({ driver_id: DRIVER.id, vehicle_plate: 'أ ب 12' }),
    expect: only(['transport'], 403), // only the company whose quote was accepted; a driver of another is not_a_driver
  },
  { method: 'get', path: '/api/deliveries', url: () => '/api/deliveries', owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/deliveries/{id}', url: (w) => `/api/deliveries/${w.delivery}`, owner: 'transport', expect: only(['transport', 'contractor'], 404) },
  {
    method: 'post', path: '/api/deliveries/{id}/steps', url: (w) => `/api/deliveries/${w.delivery}/steps`, owner: 'transport', writes: true,
    body: () => ({ event_id: crypto.randomUUID(), step: 'picked_up', at: new Date().toISOString() }),
    expect: { ...signedIn(403) }, // the driver's alone: anyone not a driver of a company is refused for who they are (not_company_driver), whatever the delivery
  },
  {
    method: 'post', path: '/api/deliveries/{id}/confirm', url: (w) => `/api/deliveries/${w.delivery}/confirm`, owner: 'contractor', writes: true,
    body: () => ({ event_id: crypto.randomUUID(), at: new Date().toISOString() }),
    expect: { ...signedIn(404), contractor: 'ok', transport: 403 },
  },
  {
    method: 'post', path: '/api/deliveries/{id}/problem', url: (w) => `/api/deliveries/${w.delivery}/problem`, owner: 'contractor', writes: true,
    body: () => ({ event_id: crypto.randomUUID(), at: new Date().toISOString(), kind: 'short' }),
    expect: { ...signedIn(404), contractor: 'ok', transport: 403 },
  },
  // No file of that id: nobody gets one (files.test.ts serves real ones to the parties).
  { method: 'get', path: '/api/deliveries/{id}/files/{file_id}', url: (w) => `/api/deliveries/${w.delivery}/files/${crypto.randomUUID()}?size=160`, owner: 'transport', expect: signedIn(404) },

  // Notifications: one's own only.
  { method: 'get', path: '/api/notifications', url: () => '/api/notifications', owner: null, expect: signedIn('ok') },
  {
    method: 'put', path: '/api/notifications/{id}/read', url: (w) => `/api/notifications/${w.notification}/read`, owner: 'contractor', writes: true,
    body: () => ({}),
    expect: only(['contractor'], 404),
  },
  { method: 'put', path: '/api/notifications/mark-all-read', url: () => '/api/notifications/mark-all-read', owner: null, body: () => ({}), expect: signedIn('ok'), writes: true },

  // Subscriptions.
  { method: 'get', path: '/api/subscription/plans', url: () => '/api/subscription/plans', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/subscription/my', url: () => '/api/subscription/my', owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/subscription/usage', url: () => '/api/subscription/usage', owner: null, expect: signedIn('ok') },
  // The trial is for the free plan only: the supplier and contractor here are on enterprise.
  { method: 'post', path: '/api/subscription/free-trial', url: () => '/api/subscription/free-trial', owner: null, body: () => ({}), expect: { ...signedIn('ok'), supplier: 409, contractor: 409 }, writes: true },
  { method: 'post', path: '/api/subscription/subscribe', url: () => '/api/subscription/subscribe', owner: null, body: () => ({ planId: 'basic', billingCycle: 'monthly' }), expect: signedIn('ok'), writes: true },
  // Nobody here has a paid period running (the enterprise rows have no end): nothing to cancel.
  { method: 'post', path: '/api/subscription/cancel', url: () => '/api/subscription/cancel', owner: null, body: () => ({}), expect: signedIn(409), writes: true },

  // Open data: public.
  { method: 'get', path: '/api/projects/{id}/ocds', url: (w) => `/api/projects/${w.project}/ocds`, owner: null, expect: all('ok') },
  { method: 'get', path: '/api/ocds/releases', url: () => '/api/ocds/releases?limit=5', owner: null, expect: all('ok') },
  { method: 'get', path: '/api/ocds/projects/{id}/documents/{doc_id}', url: (w) => `/api/ocds/projects/${w.asking}/documents/${w.document}`, owner: null, expect: all('ok') },

  // Quick signup: public.
  {
    method: 'post', path: '/api/quick-signup', url: () => '/api/quick-signup', owner: null, writes: true,
    body: () => ({ signupType: 'transport', company_name: 'نقل', contact_person: 'سعد', phone: '0551234567', email: 'a@b.sa', city: 'جدة', service_description: 'شاحنات' }),
    expect: all('ok'),
  },

  // Admin: admins only.
  ...(['users', 'products', 'projects', 'quick-signups', 'purchase-orders', 'invoices', 'payments'] as const).map(
    (what): Row => ({ method: 'get', path: `/api/admin/${what}`, url: () => `/api/admin/${what}`, owner: 'admin', expect: only(['admin', 'stranger'], 403) }),
  ),
  { method: 'delete', path: '/api/admin/products/{id}', url: (w) => `/api/admin/products/${w.product}`, owner: 'admin', writes: true, expect: only(['admin', 'stranger'], 403) },
  { method: 'delete', path: '/api/admin/projects/{id}', url: (w) => `/api/admin/projects/${w.project}`, owner: 'admin', writes: true, expect: only(['admin', 'stranger'], 403) },
  { method: 'delete', path: '/api/admin/users/{user_id}', url: (w) => `/api/admin/users/${w.victim}`, owner: 'admin', writes: true, expect: only(['admin', 'stranger'], 403) },
  {
    method: 'patch', path: '/api/admin/users/{user_id}', url: (w) => `/api/admin/users/${w.victim}`, owner: 'admin', writes: true,
    body: () => ({ is_admin: false }),
    expect: only(['admin', 'stranger'], 403),
  },

  // Sync: signed in.
  { method: 'get', path: '/api/sync/pull', url: () => '/api/sync/pull', owner: null, expect: signedIn('ok') },
  { method: 'post', path: '/api/sync/push', url: () => '/api/sync/push', owner: null, writes: true, body: () => ({ client_id: crypto.randomUUID(), mutations: [] }), expect: signedIn('ok') },

  // Live updates and push: each user their own stream, devices and choices.
  { method: 'get', path: '/api/live', url: () => '/api/live', owner: null, stream: true, expect: signedIn('ok') },
  { method: 'post', path: '/api/live/foreground', url: () => '/api/live/foreground', owner: null, body: () => ({ device_id: 'device-auth-test', path: '/projects' }), expect: signedIn('ok') },
  { method: 'get', path: '/api/push/key', url: () => '/api/push/key', owner: null, expect: all('ok') },
  {
    method: 'put',
    path: '/api/push/subscription',
    url: () => '/api/push/subscription',
    owner: null,
    writes: true,
    body: () => ({ device_id: 'device-auth-test', endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } }),
    expect: signedIn('ok'),
  },
  { method: 'delete', path: '/api/push/subscription', url: () => '/api/push/subscription?device_id=device-auth-test', owner: null, writes: true, expect: signedIn('ok') },
  { method: 'get', path: '/api/push/preferences', url: () => '/api/push/preferences', owner: null, expect: signedIn('ok') },
  { method: 'put', path: '/api/push/preferences', url: () => '/api/push/preferences', owner: null, writes: true, body: () => ({ offers: true, bids_awards: false, deliveries: true, account: true }), expect: signedIn('ok') },

  // Company teams: each company's owner runs its own team; an admin account has none.
  {
    method: 'post', path: '/api/company/invites', url: () => '/api/company/invites', owner: 'transport', writes: true,
    body: () => ({ role: 'member' }),
    expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403),
  },
  { method: 'get', path: '/api/company/invites', url: () => '/api/company/invites', owner: 'transport', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  {
    method: 'delete', path: '/api/company/invites/{id}', url: (w) => `/api/company/invites/${w.invite}`, owner: 'transport', writes: true,
    expect: only(['transport'], 404, { admin: 403, demoted: 403 }), // another company's invite is not there
  },
  { method: 'get', path: '/api/company/invites/{token}', url: (w) => `/api/company/invites/${w.inviteToken}`, owner: 'transport', expect: all('ok') }, // anyone holding the link
  {
    method: 'post', path: '/api/company/invites/{token}/accept', url: (w) => `/api/company/invites/${w.inviteToken}/accept`, owner: 'transport', writes: true,
    expect: signedIn(409), // everyone here already has a company
  },
  { method: 'get', path: '/api/company/members', url: () => '/api/company/members', owner: 'transport', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  {
    method: 'delete', path: '/api/company/members/{user_id}', url: (w) => `/api/company/members/${w.member}`, owner: 'transport', writes: true,
    expect: only(['transport'], 404, { admin: 403, demoted: 403 }),
  },
  // The tax profile: each company's owner saves its own, then reads it (the row above saved one for every company owner here).
  {
    method: 'put', path: '/api/company/tax-profile', url: () => '/api/company/tax-profile', owner: 'supplier', writes: true,
    body: (_w, who) => ({
      // Numbers of its own for each company (a VAT or CR number belongs to one company), the same at each save (ZATCA's onboarding locks the VAT number).
      legal_name: 'مؤسسة الاختبار', ...numbersOf(who),
      address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345' },
    }),
    expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403),
  },
  { method: 'get', path: '/api/company/tax-profile', url: () => '/api/company/tax-profile', owner: 'supplier', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  // The commercial register: each company's owner has its CR checked (the tax-profile row above gave each one), then reads the last check.
  { method: 'post', path: '/api/company/verify-cr', url: () => '/api/company/verify-cr', owner: 'supplier', writes: true, expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  { method: 'get', path: '/api/company/cr-verification', url: () => '/api/company/cr-verification', owner: 'supplier', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  // Each company reads its own tier progress (the rule applied to its own record).
  { method: 'get', path: '/api/company/tier', url: () => '/api/company/tier', owner: 'supplier', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  // The audit trail: each company's owner reads their company's rows; the admin reads all of them.
  { method: 'get', path: '/api/company/audit', url: () => '/api/company/audit', owner: 'supplier', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  { method: 'get', path: '/api/company/audit.csv', url: () => '/api/company/audit.csv', owner: 'supplier', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  { method: 'get', path: '/api/admin/audit', url: () => '/api/admin/audit', owner: 'admin', expect: only(['admin', 'stranger'], 403) },
  { method: 'get', path: '/api/admin/audit.csv', url: () => '/api/admin/audit.csv', owner: 'admin', expect: only(['admin', 'stranger'], 403) },
  // A company's suspension by an admin (admin/suspensions.ts): admins only; the victim's company is nobody's own.
  {
    method: 'post', path: '/api/admin/companies/{id}/suspension', url: (w) => `/api/admin/companies/${w.victim}/suspension`, owner: 'admin', writes: true,
    body: () => ({ reason: 'مستندات ناقصة' }),
    expect: only(['admin', 'stranger'], 403),
  },
  { method: 'delete', path: '/api/admin/companies/{id}/suspension', url: (w) => `/api/admin/companies/${w.victim}/suspension`, owner: 'admin', writes: true, expect: only(['admin', 'stranger'], 403) },
  { method: 'get', path: '/api/companies/{id}/suspension', url: (w) => `/api/companies/${w.victim}/suspension`, owner: null, expect: all('ok') }, // public, as the company's page: whether, never why
  // E-invoicing: a supplier company's owner onboards its unit (against the development ZATCA; the tax profile comes from the rows above); every company's people read its status.
  {
    method: 'post', path: '/api/e-invoicing/onboard', url: () => '/api/e-invoicing/onboard', owner: 'supplier', writes: true,
    body: () => ({ otp: '123456' }),
    expect: only(['supplier', 'stranger'], 403),
  },
  { method: 'get', path: '/api/e-invoicing/status', url: () => '/api/e-invoicing/status', owner: 'supplier', expect: only(['supplier', 'contractor', 'government', 'transport', 'stranger'], 403) },
  // Reviews of a received order: after the onboarding row, since the received order's world invoices it (and so onboards the supplier).
  {
    method: 'post', path: '/api/reviews', url: () => '/api/reviews', owner: 'contractor', writes: true,
    body: (w) => ({ purchase_order_id: w.receivedPo, rating: 4 }),
    // the order's buyer and seller, once each; anyone else does not see the order; a demoted admin has no role to review as
    expect: { ...only(['contractor', 'supplier'], 404), demoted: 403 },
  },
  { method: 'get', path: '/api/reviews/mine', url: (w) => `/api/reviews/mine?purchase_order_id=${w.receivedPo}`, owner: 'contractor', expect: signedIn('ok') }, // each their own company's (none: empty)
  // Invoices: the supplier invoices the order it accepted from the contractor; the seller reads every document, the buyer the cleared ones.
  {
    method: 'post', path: '/api/invoices', url: () => '/api/invoices', owner: 'supplier', writes: true,
    body: (w) => ({ purchase_order_id: w.acceptedPo }),
    expect: only(['supplier'], 404, { contractor: 403 }),
  },
  { method: 'get', path: '/api/invoices', url: () => '/api/invoices', owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/invoices/{id}', url: (w) => `/api/invoices/${w.invoice}`, owner: 'supplier', expect: only(['supplier', 'contractor'], 404) },
  { method: 'get', path: '/api/invoices/{id}/xml', url: (w) => `/api/invoices/${w.invoice}/xml`, owner: 'supplier', expect: only(['supplier', 'contractor'], 404) },
  { method: 'get', path: '/api/invoices/{id}/pdf', url: (w) => `/api/invoices/${w.invoice}/pdf`, owner: 'supplier', expect: only(['supplier', 'contractor'], 404) },
  {
    method: 'post', path: '/api/invoices/{id}/credit-notes', url: (w) => `/api/invoices/${w.invoice}/credit-notes`, owner: 'supplier', writes: true,
    body: () => ({ reason: 'بضاعة مرتجعة' }),
    expect: only(['supplier'], 404, { contractor: 403 }),
  },
  {
    method: 'post', path: '/api/invoices/{id}/debit-notes', url: (w) => `/api/invoices/${w.invoice}/debit-notes`, owner: 'supplier', writes: true,
    body: (w) => ({ reason: 'فرق سعر', lines: [{ invoice_line_id: w.invoiceLine, unit_price: 1 }] }),
    expect: only(['supplier'], 404, { contractor: 403 }),
  },
  { method: 'get', path: '/api/invoices/{id}/match', url: (w) => `/api/invoices/${w.invoice}/match`, owner: 'supplier', expect: only(['supplier', 'contractor'], 404) },
  // Disputes (after the invoices: the disputed line is the invoiced order's, received in full): the buyer opens one on what it received; the seller answers it.
  {
    method: 'post', path: '/api/purchase-orders/{id}/disputes', url: (w) => `/api/purchase-orders/${w.acceptedPo}/disputes`, owner: 'contractor', writes: true,
    body: (w) => ({ id: crypto.randomUUID(), reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: w.poLine, quantity: 1 }] }),
    expect: only(['contractor'], 404, { supplier: 403 }),
  },
  { method: 'get', path: '/api/disputes', url: () => '/api/disputes', owner: null, expect: signedIn('ok') },
  {
    method: 'post', path: '/api/disputes/{id}/accept', url: (w) => `/api/disputes/${w.dispute}/accept`, owner: 'supplier', writes: true,
    body: () => ({ remedy: 'redeliver' }), expect: only(['supplier'], 404, { contractor: 403 }),
  },
  {
    method: 'post', path: '/api/disputes/{id}/reject', url: (w) => `/api/disputes/${w.dispute}/reject`, owner: 'supplier', writes: true,
    body: () => ({ reason: 'سليمة عند التسليم' }), expect: only(['supplier'], 404, { contractor: 403 }),
  },
  { method: 'get', path: '/api/admin/disputes', url: () => '/api/admin/disputes', owner: 'admin', expect: only(['admin', 'stranger'], 403) },
  {
    method: 'post', path: '/api/invoices/{id}/clearance', url: (w) => `/api/invoices/${w.invoice}/clearance`, owner: 'supplier', writes: true,
    expect: { ...signedIn(404), supplier: 409, contractor: 403 }, // cleared already: nothing waits for clearance
  },
  // Payments: the buyer records a transfer against the cleared invoice, the seller answers it; both read them; statements are the caller's own.
  { method: 'get', path: '/api/invoices/{id}/payments', url: (w) => `/api/invoices/${w.invoice}/payments`, owner: 'supplier', expect: only(['supplier', 'contractor'], 404) },
  {
    method: 'post', path: '/api/invoices/{id}/payments', url: (w) => `/api/invoices/${w.invoice}/payments`, owner: 'contractor', writes: true,
    body: () => ({ id: crypto.randomUUID(), amount: 1, paid_on: riyadhDay(new Date()), reference: 'TRX-1' }),
    expect: only(['contractor'], 404, { supplier: 403 }),
  },
  { method: 'post', path: '/api/payments/{id}/confirm', url: (w) => `/api/payments/${w.payment}/confirm`, owner: 'supplier', writes: true, expect: only(['supplier'], 404, { contractor: 403 }) },
  {
    method: 'post', path: '/api/payments/{id}/dispute', url: (w) => `/api/payments/${w.payment}/dispute`, owner: 'supplier', writes: true,
    body: () => ({ reason: 'لم يصل' }),
    expect: only(['supplier'], 404, { contractor: 403 }),
  },
  // The world's payment has no receipt photo: nobody gets one (receipts.test.ts shows the parties do once it is uploaded).
  { method: 'get', path: '/api/payments/{id}/receipt', url: (w) => `/api/payments/${w.payment}/receipt`, owner: 'supplier', expect: signedIn(404) },
  // A transfer across invoices: the buyer records it, the seller answers it as a whole.
  {
    method: 'post', path: '/api/payments/transfers', url: () => '/api/payments/transfers', owner: 'contractor', writes: true,
    body: (w) => ({ id: crypto.randomUUID(), paid_on: riyadhDay(new Date()), reference: 'TRX-2', allocations: [{ invoice_id: w.invoice, amount: 1 }] }),
    expect: only(['contractor'], 404, { supplier: 403 }),
  },
  { method: 'post', path: '/api/payments/transfers/{id}/confirm', url: (w) => `/api/payments/transfers/${w.transfer}/confirm`, owner: 'supplier', writes: true, expect: only(['supplier'], 404, { contractor: 403 }) },
  {
    method: 'post', path: '/api/payments/transfers/{id}/dispute', url: (w) => `/api/payments/transfers/${w.transfer}/dispute`, owner: 'supplier', writes: true,
    body: () => ({ reason: 'لم يصل' }),
    expect: only(['supplier'], 404, { contractor: 403 }),
  },
  { method: 'get', path: '/api/statements', url: () => `/api/statements?counterparty=${crypto.randomUUID()}`, owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/statements/counterparties', url: () => '/api/statements/counterparties', owner: null, expect: signedIn('ok') },
  { method: 'get', path: '/api/statements/overdue', url: () => '/api/statements/overdue', owner: null, expect: signedIn('ok') },
  // Card payments: the buyer pays what is left by card (the development gateway's page); the gateway's redirect is anyone's and believes only the gateway (an unknown payment goes back refused), its event needs the secret token.
  { method: 'post', path: '/api/invoices/{id}/pay', url: (w) => `/api/invoices/${w.invoice}/pay`, owner: 'contractor', writes: true, expect: only(['contractor'], 404, { supplier: 403 }) },
  { method: 'get', path: '/api/payments/callback', url: () => `/api/payments/callback?id=${crypto.randomUUID()}`, owner: null, expect: all(303) },
  {
    method: 'post', path: '/api/payments/webhook', url: () => '/api/payments/webhook', owner: null, writes: true,
    body: () => ({ type: 'payment_paid', data: { id: crypto.randomUUID() } }),
    expect: all(401),
  },
];

/** The world's objects `row` reads, found by calling its url and body on a recording stand-in. */
function keysOf(row: Row): Array<keyof World> {
  const read = new Set<keyof World>();
  const probe = new Proxy({} as World, {
    get: (_target, key) => {
      read.add(key as keyof World);
      return 'probe';
    },
  });
  row.url(probe);
  for (const who of CALLERS) row.body?.(probe, who);
  return [...read];
}

/** The transport company's driver (set in beforeAll), whom the assign row names. */
const DRIVER = { id: '' };

describe('authorization table', () => {
  let server: TestServer;
  let clients: Record<Exclude<Who, 'anon'>, TestClient & { user: { id: string } }>;
  let strangers: Record<string, TestClient & { user: { id: string } }>;
  let driver: TestClient & { user: { id: string } };

  beforeAll(async () => {
    server = await startTestServer({ limits: { quickSignupPerHour: 10_000 } });
    const make = (role: string, extra = {}) => signInAs(server, { role: role as never, ...extra });
    clients = {
      supplier: await make('supplier'),
      contractor: await make('contractor'),
      government: await make('government'),
      transport: await make('transport'),
      admin: await make('admin', { is_admin: true }),
      stranger: undefined as never,
      demoted: await make('admin', { is_admin: true }),
    };
    // Demoted the way an admin does it: the flag goes, the profile (role admin) stays.
    const demotion = await clients.admin.patch(`/api/admin/users/${clients.demoted.user.id}`, { is_admin: false });
    expect(demotion.status, demotion.text).toBe(200);
    strangers = {};
    for (const role of Object.values(ROLE_OF)) strangers[role] = await make(role, role === 'admin' ? { is_admin: true } : {});
    driver = await signInAs(server, { role: null });
    await server.db.knex('company_members').insert({ user_id: driver.user.id, company_id: clients.transport.user.id, role: 'driver' });
    DRIVER.id = driver.user.id;
  }, 120_000);
  afterAll(() => server.close());

  /**
   * A world's objects, each made by the first row that reads it, with what it needs made
   * first (a bid needs its project): every object takes several calls, and a row reads
   * one or two of them. Each object is owned by the first user of its role.
   */
  type Key = keyof World;
  type Made = Map<Key, Promise<string>>;
  const MAKE: Record<Key, (get: (k: Key) => Promise<string>) => Promise<string>> = {
    product: async () => (await clients.supplier.post('/api/products', { name: 'بلوك', price: 3, unit: 'حبة' })).body.id,
    project: async () => (await clients.government.post('/api/projects', { title: 'طريق', description: 'سفلتة', location: 'أبها' })).body.id,
    bid: async (get) => (await clients.contractor.post('/api/bids', { project_id: await get('project'), amount: 5000, proposal: 'جاهزون' })).body.id,
    order: async () => (await clients.contractor.post('/api/instant-orders', { title: 'رمل', description: 'مغسول', quantity: 3, unit: 'م³', location: 'الخبر' })).body.id,
    response: async (get) => (await clients.supplier.post('/api/instant-order-responses', { instant_order_id: await get('order'), offered_price: 300 })).body.id,
    request: async () => (await clients.contractor.post('/api/transport-requests', { pickup_location: 'ينبع', delivery_location: 'تبوك', cargo_description: 'حديد' })).body.id,
    offer: async (get) => (await clients.transport.post('/api/transport-offers', { transport_request_id: await get('request'), quoted_price: 1500 })).body.id,
    // The contractor hears of the supplier's offer: the newest of their notifications.
    notification: async (get) => {
      await get('response');
      return (await server.db.knex('notifications').where({ user_id: clients.contractor.user.id }).orderBy('created_at', 'desc').first('id')).id;
    },
    victim: async () => (await signInAs(server, { role: 'contractor' })).user.id,
    // Tenders past their opening: one to award, one awarded, one awarded and objected to.
    tender: async () => tenderOf('none'),
    // The contractor's bid on that tender.
    tenderBid: async (get) =>
      (await server.db.knex('bids').where({ project_id: await get('tender'), contractor_id: clients.contractor.user.id }).first('id')).id,
    awarded: async () => tenderOf('rival'),
    objected: async () => tenderOf('contractor'),
    objection: async (get) => (await strangers.contractor.post(`/api/projects/${await get('objected')}/objections`, { reason: 'عرضنا أقل' })).body.id,
    asking: async () =>
      (
        await clients.government.post('/api/projects', {
          title: 'مدرسة', description: 'مبنى', location: 'جدة',
          deadline_date: riyadhDay(new Date(Date.now() + 3 * 86_400_000)), questions_until: new Date(Date.now() + 86_400_000).toISOString(),
        })
      ).body.id,
    question: async (get) => (await clients.contractor.post(`/api/projects/${await get('asking')}/questions`, { id: crypto.randomUUID(), text: 'هل الأثاث ضمن العقد؟' })).body.id,
    docUpload: async (get) => (await uploadDocument(clients.government, await get('asking'), tinyPdf())).body.upload_id,
    document: async (get) => (await attachDocument(clients.government, await get('asking'), tinyPdf('world'))).body.id,
    envelopes: async () => {
      const { government, contractor } = clients;
      const id = (await government.post('/api/projects', { title: 'مدرسة', description: 'مبنى', location: 'تبوك', envelopes: 2 })).body.id;
      for (const c of [contractor, strangers.contractor]) {
        const doc = (await attachBidDocument(c, id, tinyPdf(`envelope ${c.user.id}`))).body.id;
        await c.post('/api/bids', { project_id: id, amount: 7000, proposal: 'عرضنا', technical: { text: 'منهجية', document_ids: [doc] } });
      }
      await government.post(`/api/projects/${id}/close-bidding`, {});
      return id;
    },
    envelopeBids: async (get) => (await server.db.knex('bids').where({ project_id: await get('envelopes') }).pluck('id')).join(','),
    envelopeDoc: async (get) => (await server.db.knex('bid_documents').where({ project_id: await get('envelopes'), contractor_id: clients.contractor.user.id }).first('id')).id,
    envelopeOpen: async () => (await clients.government.post('/api/projects', { title: 'مستشفى', description: 'مبنى', location: 'نجران', envelopes: 2 })).body.id,
    envelopeUpload: async (get) => (await uploadDocument(clients.contractor, await get('envelopeOpen'), tinyPdf(), { kind: 'bid_document' })).body.upload_id,
    invite: async () => (await clients.transport.post('/api/company/invites', { role: 'driver' })).body.id,
    inviteToken: async () => (await clients.transport.post('/api/company/invites', { role: 'member' })).body.token,
    member: async () => {
      const joining = await signInAs(server, { role: null });
      await joining.post(`/api/company/invites/${(await clients.transport.post('/api/company/invites', { role: 'member' })).body.token}/accept`, {});
      return joining.user.id;
    },
    rfq: async () =>
      (
        await clients.contractor.post('/api/rfqs', {
          title: 'مواد', location: 'أبها', closes_at: new Date(Date.now() + 86_400_000).toISOString(), audience: 'invited', supplier_ids: [clients.supplier.user.id],
          lines: [{ id: crypto.randomUUID(), description: 'أسمنت', quantity: 10, unit: 'كيس' }],
        })
      ).body.id,
    rfqLine: async (get) => (await server.db.knex('rfq_lines').where({ rfq_id: await get('rfq') }).first('id')).id,
    quote: async (get) =>
      (await clients.supplier.post(`/api/rfqs/${await get('rfq')}/quotes`, { delivery_days: 2, valid_until: '2027-01-31', lines: [{ rfq_line_id: await get('rfqLine'), unit_price: 10 }] })).body.id,
    po: async (get) => {
      const awards = [{ rfq_line_id: await get('rfqLine'), quote_id: await get('quote') }];
      return (await clients.contractor.post(`/api/rfqs/${await get('rfq')}/award`, { awards })).body[0].id;
    },
    acceptedPo: async (get) => {
      const po = await get('po');
      await clients.supplier.post(`/api/purchase-orders/${po}/accept`, {});
      return po;
    },
    invoice: async (get) => {
      const po = await get('acceptedPo');
      await readyToInvoice();
      // Its goods received in full first, so its match reads matched and the contractor pays it without accept_exception.
      await insertReceipt(server.db.knex, po);
      const id = (await clients.supplier.post('/api/invoices', { purchase_order_id: po })).body.id;
      // Issued pending: cleared once the clearance queue has sent it.
      await server.drainClearance();
      return id;
    },
    receivedPo: async (get) => {
      await get('invoice');
      return get('acceptedPo');
    },
    invoiceLine: async (get) => (await server.db.knex('invoice_lines').where({ invoice_id: await get('invoice') }).first('id')).id,
    poLine: async (get) => {
      const po = await get('acceptedPo');
      await get('invoice');
      return (await server.db.knex('purchase_order_lines').where({ purchase_order_id: po }).first('id')).id;
    },
    dispute: async (get) => {
      const body = { id: crypto.randomUUID(), reason: 'أكياس ممزقة', lines: [{ purchase_order_line_id: await get('poLine'), quantity: 1 }] };
      return (await clients.contractor.post(`/api/purchase-orders/${await get('acceptedPo')}/disputes`, body)).body.id;
    },
    payment: async (get) => {
      const invoice = await get('invoice');
      const body = { id: crypto.randomUUID(), amount: 1, paid_on: riyadhDay(new Date()), reference: 'TRX-1' };
      return (await clients.contractor.post(`/api/invoices/${invoice}/payments`, body)).body.id;
    },
    transfer: async (get) => {
      const invoice = await get('invoice');
      const body = { id: crypto.randomUUID(), paid_on: riyadhDay(new Date()), reference: 'TRX-2', allocations: [{ invoice_id: invoice, amount: 1 }] };
      return (await clients.contractor.post('/api/payments/transfers', body)).body.id;
    },
    requestSite: async () => (await clients.contractor.post('/api/sites', { id: crypto.randomUUID(), name: 'برج', location: 'الرياض' })).body.id,
    purchaseRequest: async (get) => {
      const body = { id: crypto.randomUUID(), site_id: await get('requestSite'), lines: [{ id: crypto.randomUUID(), description: 'حديد', quantity: 10, unit: 'طن', estimated_unit_price: 1000 }] };
      return (await clients.contractor.post('/api/purchase-requests', body)).body.id;
    },
    // A request of the contractor assigned to the transport company, and one delivered by its driver.
    assignable: () => assignedRequest(),
    delivery: async () => {
      const delivery = (await clients.transport.post(`/api/transport-requests/${await assignedRequest()}/assign`, { driver_id: driver.user.id, vehicle_plate: 'أ ب 12' })).body.id;
      for (const step of ['picked_up', 'on_the_way', 'delivered']) {
        const proof = step === 'delivered' ? { proof: { recipient_name: 'سالم', signature_id: crypto.randomUUID() } } : {};
        await driver.post(`/api/deliveries/${delivery}/steps`, { event_id: crypto.randomUUID(), step, at: new Date().toISOString(), ...proof });
      }
      return delivery;
    },
  };

  /** A tender of the government with the contractor's bid and a rival's, past its opening, awarded as asked. */
  async function tenderOf(award: 'none' | 'rival' | 'contractor'): Promise<string> {
    const { government, contractor } = clients;
    const id = (await government.post('/api/projects', { title: 'مناقصة', description: 'إنشاء', location: 'حائل' })).body.id;
    const mine = (await contractor.post('/api/bids', { project_id: id, amount: 6000, proposal: 'عرضنا' })).body.id;
    const theirs = (await strangers.contractor.post('/api/bids', { project_id: id, amount: 4000, proposal: 'عرضهم' })).body.id;
    await government.post(`/api/projects/${id}/close-bidding`, {});
    if (award !== 'none') await government.post(`/api/projects/${id}/award`, { bid_id: award === 'rival' ? theirs : mine });
    return id;
  }

  /**
   * Tax profiles for the supplier (seller) and the contractor (buyer), saved again each time
   * with each company's own numbers (numbersOf, as the tax-profile row saves them), and the
   * supplier's unit onboarded, once.
   */
  async function readyToInvoice() {
    const address = { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345' };
    for (const who of ['supplier', 'contractor'] as const) {
      expect((await clients[who].put('/api/company/tax-profile', { legal_name: 'مؤسسة الاختبار', ...numbersOf(who), address })).status).toBe(200);
    }
    if ((await clients.supplier.get('/api/e-invoicing/status')).body.status !== 'ready') await clients.supplier.post('/api/e-invoicing/onboard', { otp: '123456' });
  }

  async function assignedRequest() {
    const { contractor, transport } = clients;
    const request = (await contractor.post('/api/transport-requests', { pickup_location: 'ينبع', delivery_location: 'تبوك', cargo_description: 'حديد' })).body.id;
    const offer = (await transport.post('/api/transport-offers', { transport_request_id: request, quoted_price: 1500 })).body.id;
    await contractor.post(`/api/transport-requests/${request}/accept`, { offer_id: offer });
    return request;
  }

  /** The objects of the world `made` that `row` reads, made now where missing (one at a time: PGlite has one connection). */
  async function world(made: Made, row: Row): Promise<World> {
    const get = (k: Key): Promise<string> => {
      let value = made.get(k);
      if (!value) {
        value = MAKE[k](get).then((v) => {
          if (typeof v !== 'string' || !v) throw new Error(`world: no ${k}`);
          return v;
        });
        made.set(k, value);
      }
      return value;
    };
    const w = {} as World;
    for (const k of keysOf(row)) w[k] = await get(k);
    return w;
  }

  /** Fresh objects for a row that writes; the plan's room is topped up first. */
  async function freshWorld(row: Row): Promise<World> {
    // The free plan's limits would end the fresh worlds (and a row subscribes them to basic).
    for (const c of [clients.supplier, clients.contractor]) {
      await server.db
        .knex('subscriptions')
        .insert({ user_id: c.user.id, plan_id: 'enterprise', status: 'active', billing_cycle: 'yearly', current_period_end: null })
        .onConflict('user_id')
        .merge();
    }
    return world(new Map(), row);
  }

  it('covers every route the API declares', () => {
    const declared = registry.map((r) => `${r.method} ${r.path}`).sort();
    const tabled = TABLE.map((r) => `${r.method} ${r.path}`).sort();
    expect(tabled).toEqual(declared);
  });

  /**
   * One test per row, in the table's order. A row that writes gets a world of its own, and
   * a new one after each call that may have changed it (any answer below 400): a refused
   * call changes nothing, so the callers refused in a row share one world. A refusal that
   * did change something shows as the next caller's mismatch, never as a pass.
   */
  let shared: Made = new Map();
  for (const row of TABLE) {
    it(`${row.method.toUpperCase()} ${row.path} answers each caller as the table says`, async () => {
      const mismatches: string[] = [];
      let fresh: World | null = null;
      let changed = false;
      for (const who of CALLERS) {
        if (row.writes && !fresh) fresh = await freshWorld(row);
        const w = fresh ?? (await world(shared, row));
        const client =
          who === 'anon'
            ? new TestClient(server.url)
            : row.path === '/api/logout'
              ? await signInAs(server, { role: 'contractor' }) // logging out must not end a shared session
              : who === 'stranger'
                ? strangers[ROLE_OF[row.owner ?? 'contractor']]
                : clients[who];
        const res = row.stream
          ? await openStream(client, row.url(w)).then((r) => (r.close(), { status: r.status, body: { error: 'stream', code: 'stream' } }))
          : row.method === 'get' || row.method === 'delete'
            ? await client.request(row.method.toUpperCase(), row.url(w))
            : await client.request(row.method.toUpperCase(), row.url(w), { json: row.body?.(w, who) ?? {} });
        const want = row.expect[who];
        const fine = want === 'ok' ? res.status >= 200 && res.status < 300 : res.status === want;
        if (!fine) mismatches.push(`${row.method.toUpperCase()} ${row.path} as ${who}: expected ${want}, got ${res.status} ${JSON.stringify(res.body)?.slice(0, 120)}`);
        if (res.status >= 400 && res.status !== 401) expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
        if (row.writes && res.status < 400) {
          fresh = null;
          changed = true;
        }
      }
      // A call that changed something may have changed the shared world's objects: later rows
      // get new ones. The deal objects are read only by rows that never change them.
      if (changed) shared = new Map([...shared].filter(([k]) => k === 'assignable' || k === 'delivery'));
      expect(mismatches).toEqual([]);
    }, 300_000);
  }
});
