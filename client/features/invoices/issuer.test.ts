import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIDI_INTERPOLATION } from '../../i18n/bidi';
import { issuerLabel, planLabel } from './issuer';

const load = (lng: string, ns: string) => JSON.parse(readFileSync(path.join(__dirname, '../../i18n/locales', lng, `${ns}.json`), 'utf8'));
const strip = (s: string) => s.replace(/[\u2068\u2069]/g, '');
const plan = { id: 'basic' as const, name: 'Basic', billing_cycle: 'monthly' as const, period_start: '2026-11-01T00:00:00.000Z', period_end: '2026-12-01T00:00:00.000Z' };
const seller = { legal_name: 'شركة الإعمار' } as never;

describe('the invoice list beside a number', () => {
  const i18n = i18next.createInstance();
  const t = () => i18n.getFixedT(null, 'invoices');
  beforeAll(async () => {
    await i18n.init({
      lng: 'ar',
      interpolation: BIDI_INTERPOLATION,
      resources: Object.fromEntries(['ar', 'en', 'zh'].map((l) => [l, { invoices: load(l, 'invoices'), common: load(l, 'common') }])),
    });
  });

  it("names a plan invoice's issuer as the platform, Binaa Market, and any other by its seller", async () => {
    const said: Record<string, [string, string]> = {};
    for (const lng of ['ar', 'en', 'zh']) {
      await i18n.changeLanguage(lng);
      said[lng] = [strip(issuerLabel(t(), { plan, seller })), strip(issuerLabel(t(), { plan: null, seller }))];
    }
    expect(said).toEqual({
      ar: ['من المنصة، سوق بناء', 'من شركة الإعمار'],
      en: ['from the platform, Binaa Market', 'from شركة الإعمار'],
      zh: ['由平台 Binaa 建材市场 开具', '由 شركة الإعمار 开具'],
    });
  });

  it("names the plan in the reader's language, not the stored English name", async () => {
    const names: Record<string, string[]> = {};
    for (const lng of ['ar', 'en', 'zh']) {
      await i18n.changeLanguage(lng);
      names[lng] = (['basic', 'premium', 'enterprise'] as const).map((id) => planLabel(t(), { ...plan, id }));
    }
    expect(names).toEqual({ ar: ['الأساسية', 'المميزة', 'المؤسسات'], en: ['Basic', 'Premium', 'Enterprise'], zh: ['基础', '高级', '企业'] });
  });
});
