import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Scorecard } from '../../shared/schemas/scorecard';
import { emptyScorecard } from '../../shared/scorecard';
import ar from '../i18n/locales/ar/scorecards.json';
import en from '../i18n/locales/en/scorecards.json';
import { ScorecardFigures } from './ScorecardFigures';

async function render(lng: 'ar' | 'en', card: Scorecard | null): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { ar: { scorecards: ar }, en: { scorecards: en } }, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ScorecardFigures card={card} window="12m" />
    </I18nextProvider>,
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

const measured: Scorecard = {
  window: '12m',
  deals: 3,
  on_time_rate: 0.9,
  fill_rate: 1,
  rejection_rate: 0.0167,
  price_vs_median_percent: 8,
  median_quote_hours: 4,
  disputes: { opened: 2, for_buyer: 1, for_seller: 1 },
};

describe('a scorecard', () => {
  it('shows each figure the server measured, a price above the market with its sign', async () => {
    expect(text(await render('en', measured))).toBe(
      'Last 12 months · From 3 deals On time 90% Delivered in full 100% Rejected at site 1.7% Price against the market +8% against the median Time to quote 4 h Disputes 2 opened: 1 for the buyer, 1 for the supplier',
    );
  });

  it('says "not enough deals yet" when it shows no figure, and before any deal was measured', async () => {
    expect(text(await render('en', { ...emptyScorecard('12m'), deals: 2 }))).toBe('Last 12 months · From 2 deals Not enough deals yet');
    expect(text(await render('ar', null))).toContain(ar.notEnough);
  });
});
