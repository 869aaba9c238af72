import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIDI_INTERPOLATION } from '../../i18n/bidi';
import { renderNotification } from './render';

const load = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(__dirname, '../../i18n/locales', lng, `${ns}.json`), 'utf8'));
const strip = (s: string) => s.replace(/[\u2068\u2069]/g, '');
const f = { sar: (v: number) => `SAR ${v}`, number: (v: number) => String(v), date: (v: string) => `D(${v})` };

describe('notifications in the reader language', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      interpolation: BIDI_INTERPOLATION,
      resources: Object.fromEntries(['ar', 'en'].map((l) => [l, { notifications: load(l, 'notifications'), sync: load(l, 'sync'), common: load(l, 'common'), errors: load(l, 'errors') }])),
    });
  });

  it('renders a kind from its params, with amounts in SAR and user text isolated', () => {
    const out = renderNotification(i18n.t, { kind: 'bid.new', params: { company: 'Alpha', amount: 1200, project_title: 'School' }, title: 'x', message: 'y' }, f);
    expect(out.title).toBe('New bid on your project');
    expect(out.message).toBe('\u2068Alpha\u2069 bid \u2068SAR 1200\u2069 on “\u2068School\u2069”.');
  });

  it('follows the reader, not the language the server stored', async () => {
    await i18n.changeLanguage('ar');
    const out = renderNotification(i18n.t, { kind: 'subscription.subscribed', params: { plan: 'Premium', plan_id: 'premium' }, title: 'Subscription active', message: 'You are now on the Premium plan.' }, f);
    expect(strip(out.message)).toBe('أنت الآن مشترك في الباقة المميزة.');
    await i18n.changeLanguage('en');
  });

  it('counts a trial in days with the plural form of the number', async () => {
    await i18n.changeLanguage('ar');
    const trial = (days: number) => strip(renderNotification(i18n.t, { kind: 'subscription.trial_started', params: { plan: 'Basic', plan_id: 'basic', days, date: '2026-12-15' }, title: '', message: '' }, f).message);
    expect(trial(14)).toMatch(/لمدة (14|١٤) يومًا/);
    expect(trial(2)).toContain('لمدة يومين');
    expect(trial(7)).toMatch(/لمدة (7|٧) أيام/);
    await i18n.changeLanguage('en');
  });

  it('translates the refusal reason of a sync.rejected from its code', () => {
    const out = renderNotification(i18n.t, { kind: 'sync.rejected', params: { action: 'product.create', code: 'plan_limit_reached', reason: 'limit', count: 1 }, title: '', message: '' }, f);
    expect(out.title).toBe('A saved action was refused');
    expect(out.message).toContain('limit of your current plan');
  });

  it("says how many actions a push's one sync.rejected stands for, in each language's plural", async () => {
    const n = { kind: 'sync.rejected', params: { action: 'product.create', code: 'forbidden', reason: 'no', count: 200 }, title: '', message: '' };
    expect(strip(renderNotification(i18n.t, n, f).title)).toBe('200 saved actions were refused');
    await i18n.changeLanguage('ar');
    expect(strip(renderNotification(i18n.t, n, f).title)).toBe('رفض الخادم 200 إجراء محفوظ');
    expect(strip(renderNotification(i18n.t, { ...n, params: { ...n.params, count: 2 } }, f).title)).toBe('رفض الخادم إجراءين محفوظين');
    await i18n.changeLanguage('en');
  });

  it('falls back to the stored title and message for an unknown kind', () => {
    expect(renderNotification(i18n.t, { kind: 'future.kind', params: {}, title: 'T', message: 'M' }, f)).toEqual({ title: 'T', message: 'M' });
  });
});
