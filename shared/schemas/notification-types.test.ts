/**
 * A notification's type (its tag on the notifications screen, what the screen filters by)
 * names the thing its event happens to: every kind the server sends has the type of its
 * own area, every type is some kind's, and every type has a tag of its own in every
 * language. A kind that borrows a neighbouring feature's type (an RFQ tagged as an instant
 * order, an invoice as a quote) fails here.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NOTIFICATION_TYPES } from '../constants';
import { NOTIFICATION_KINDS, notificationTypeOf } from './notification';

/**
 * The type each area of kinds is about (the part of a kind before its dot), as the reader
 * would name it; an area not listed must be given its type here before its kinds are sent.
 */
const TYPE_OF_AREA: Record<string, string> = {
  bid: 'tender',
  project: 'tender',
  tender: 'tender',
  instant_order: 'instant_order',
  order_response: 'instant_order',
  // A request from the site is the buyer's own, before any RFQ or order: a type of its own.
  purchase_request: 'purchase_request',
  // A site's budget passing a threshold is the company's own buying, as its requests are.
  site_budget: 'purchase_request',
  rfq: 'rfq',
  rfq_quote: 'quote',
  purchase_order: 'purchase_order',
  // A company's suspension and its lifting are about the company itself, as its reviews are.
  company: 'system',
  invoice: 'invoice',
  credit_note: 'invoice',
  debit_note: 'invoice',
  // What arrives at the site and the claims on it are the order's news: its screen shows them.
  goods_receipt: 'purchase_order',
  dispute: 'purchase_order',
  payment: 'payment',
  transport_offer: 'logistics',
  transport_request: 'logistics',
  delivery: 'logistics',
  subscription: 'subscription',
  // A review is about the company itself, not one deal's screen: the system's news to it.
  review: 'system',
  // A company's tier is about the company itself, as its reviews are.
  tier: 'system',
  sync: 'system',
};
/** Kinds whose event makes another thing: an RFQ's award is the supplier's new purchase order. */
const TYPE_OF_KIND: Record<string, string> = { 'rfq.awarded': 'purchase_order' };

const root = path.join(__dirname, '../..');

/** The kinds the server's code names (kind: 'area.verb'), from its sources. */
function kindsInServer(): string[] {
  const dir = path.join(root, 'server/modules');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const kinds = files.flatMap((f) => [...readFileSync(path.join(dir, f), 'utf8').matchAll(/\bkind(?: ===|:) '([a-z_]+\.[a-z_]+)'/g)].map((m) => m[1]));
  return [...new Set(kinds)].sort();
}

const tags = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, 'client/i18n/locales', lang, 'notifications.json'), 'utf8')).types;

describe('notification types', () => {
  it('knows every kind the server sends', () => {
    const sent = kindsInServer();
    expect(sent.length).toBeGreaterThan(30);
    for (const kind of sent) expect(NOTIFICATION_KINDS, kind).toContain(kind);
  });

  it("gives every kind the type of the thing it is about, not a neighbour's", () => {
    for (const kind of NOTIFICATION_KINDS) {
      const area = kind.split('.')[0];
      expect(TYPE_OF_AREA[area], `${kind}: which type is its area about?`).toBeDefined();
      expect(notificationTypeOf(kind), kind).toBe(TYPE_OF_KIND[kind] ?? TYPE_OF_AREA[area]);
    }
  });

  it('tags the events people met under the wrong tag with their own', () => {
    expect(notificationTypeOf('rfq.new')).toBe('rfq');
    expect(notificationTypeOf('invoice.issued')).toBe('invoice');
    expect(notificationTypeOf('payment.confirmed')).toBe('payment');
    expect(notificationTypeOf('purchase_order.accepted')).toBe('purchase_order');
    expect(notificationTypeOf('payment.card_paid')).toBe('payment');
    expect(notificationTypeOf('payment.recorded')).toBe('payment');
    expect(notificationTypeOf('subscription.subscribed')).toBe('subscription');
  });

  it('uses every type for some kind', () => {
    const used = new Set(NOTIFICATION_KINDS.map((k) => notificationTypeOf(k)));
    expect([...NOTIFICATION_TYPES].sort()).toEqual([...used].sort());
  });

  it('has a tag of its own for every type in every language', () => {
    for (const lang of LANGUAGES) {
      const t = tags(lang);
      expect(Object.keys(t).sort(), lang).toEqual([...NOTIFICATION_TYPES].sort());
      for (const type of NOTIFICATION_TYPES) expect(t[type]?.trim(), `${lang} ${type}`).toBeTruthy();
      // Two types under one word would mislabel one of them as the other.
      expect(new Set(Object.values(t)).size, lang).toBe(NOTIFICATION_TYPES.length);
    }
  });

  it('keeps the type a newer server stored for a kind this code does not know', () => {
    expect(notificationTypeOf('contract.signed', 'contract')).toBe('contract');
    expect(notificationTypeOf('rfq.new', 'instant_order')).toBe('rfq');
  });
});
