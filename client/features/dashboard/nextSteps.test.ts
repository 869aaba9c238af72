import { describe, expect, it } from 'vitest';
import { GUIDE_STEPS, guideKey, guideSeen, markGuideSeen } from './guide';
import { QUICK_ACTIONS, nextSteps } from './nextSteps';
import ar from '../../i18n/locales/ar/dashboard.json';
import en from '../../i18n/locales/en/dashboard.json';
import zh from '../../i18n/locales/zh/dashboard.json';
import { usageRowsOf } from '../subscriptions/usage';

const facts = { products: 0, orders: 0, projects: 0, bidsToReview: 0, openRequests: 0, openProjects: 0, activeOrders: 0, plan: 'free' };

describe('dashboard next steps', () => {
  it('suggests at most two, the most useful first', () => {
    expect(nextSteps('supplier', { ...facts, activeOrders: 3 }, null).map((s) => s.key)).toEqual(['addProduct', 'answerOrders']);
    expect(nextSteps('supplier', { ...facts, products: 4, plan: 'premium' }, { phone: '+966501234567', city: 'Riyadh' })).toEqual([]);
    expect(nextSteps('government', { ...facts, projects: 2, bidsToReview: 5 }, { phone: '+966501234567', city: 'Riyadh' }).map((s) => s.key)).toEqual(['reviewBids', 'requestTransport']);
    for (const role of ['supplier', 'contractor', 'government', 'transport', 'admin'] as const) expect(nextSteps(role, facts, null).length).toBeLessThanOrEqual(2);
  });

  it("prompts a free plan by what that role does with one: a supplier's products, a transport company's services", () => {
    const done = { phone: '+966501234567', city: 'Riyadh' };
    expect(nextSteps('supplier', { ...facts, products: 3 }, done).map((s) => s.key)).toEqual(['upgradeProducts']);
    expect(nextSteps('transport', facts, done).map((s) => s.key)).toEqual(['upgradeTransport']);
    expect(en.next.upgradeTransport).not.toMatch(/product/i);
    expect(ar.next.upgradeTransport).not.toContain('منتج');
    expect(zh.next.upgradeTransport).not.toContain('产品');
    expect(usageRowsOf('supplier')).toEqual(['products']);
    expect(usageRowsOf('contractor')).toEqual(['instantOrders']);
    for (const role of ['transport', 'government', 'admin'] as const) expect(usageRowsOf(role)).toEqual([]);
  });

  it('suggests nothing to a driver, whose home is their jobs', () => {
    expect(nextSteps('driver', facts, null)).toEqual([]);
    expect(QUICK_ACTIONS.driver).toEqual([]);
    expect(GUIDE_STEPS.driver).toEqual([]);
  });

  it("puts requests for quotation, a contractor's main job, first in their next steps, quick actions and guide", () => {
    expect(nextSteps('contractor', facts, null).map((s) => s.key)).toEqual(['requestQuotes', 'postOrder']);
    expect(nextSteps('contractor', { ...facts, orders: 2 }, { phone: '+966501234567', city: 'Riyadh' }).map((s) => s.path)).toEqual(['/rfqs/new', '/products']);
    expect(QUICK_ACTIONS.contractor[0]).toEqual({ key: 'rfqs', path: '/rfqs' });
    expect(GUIDE_STEPS.contractor.slice(0, 2)).toEqual(['guide.contractor.welcome', 'guide.contractor.rfqs']);
    for (const locale of [ar, en, zh]) expect(locale.guide.contractor.rfqs.body.length).toBeGreaterThan(0);
  });

  it('gives every role quick actions', () => {
    for (const role of ['supplier', 'contractor', 'government', 'transport', 'admin'] as const) expect(QUICK_ACTIONS[role].length).toBeGreaterThan(0);
  });
});

describe('role guide flag', () => {
  it('is remembered per role', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(guideSeen('supplier', storage)).toBe(false);
    markGuideSeen('supplier', storage);
    expect(guideSeen('supplier', storage)).toBe(true);
    expect(guideSeen('contractor', storage)).toBe(false);
    expect([...store.keys()]).toEqual([guideKey('supplier')]);
    expect(GUIDE_STEPS.supplier.length).toBeGreaterThan(1);
  });
});
