import { describe, expect, it } from 'vitest';
import { GUIDE_STEPS, guideKey, guideSeen, markGuideSeen } from './guide';
import { QUICK_ACTIONS, nextSteps } from './nextSteps';

const facts = { products: 0, orders: 0, projects: 0, bidsToReview: 0, openRequests: 0, openProjects: 0, activeOrders: 0, plan: 'free' };

describe('dashboard next steps', () => {
  it('suggests at most two, the most useful first', () => {
    expect(nextSteps('supplier', { ...facts, activeOrders: 3 }, null).map((s) => s.key)).toEqual(['addProduct', 'answerOrders']);
    expect(nextSteps('supplier', { ...facts, products: 4, plan: 'premium' }, { phone: '+966501234567', city: 'Riyadh' })).toEqual([]);
    expect(nextSteps('government', { ...facts, projects: 2, bidsToReview: 5 }, { phone: '+966501234567', city: 'Riyadh' }).map((s) => s.key)).toEqual(['reviewBids', 'requestTransport']);
    for (const role of ['supplier', 'contractor', 'government', 'transport', 'admin'] as const) expect(nextSteps(role, facts, null).length).toBeLessThanOrEqual(2);
  });

  it('suggests nothing to a driver, whose home is their jobs', () => {
    expect(nextSteps('driver', facts, null)).toEqual([]);
    expect(QUICK_ACTIONS.driver).toEqual([]);
    expect(GUIDE_STEPS.driver).toEqual([]);
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
