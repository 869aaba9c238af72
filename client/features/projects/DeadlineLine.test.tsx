import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ar from '../../i18n/locales/ar/projects.json';
import en from '../../i18n/locales/en/projects.json';
import { DeadlineLine } from './DeadlineLine';

async function render(lng: 'ar' | 'en', project: { deadline_at: string | null; deadline_date: string | null }, now: string): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { ar: { projects: ar }, en: { projects: en } }, interpolation: { escapeValue: false } });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DeadlineLine project={project} />
    </I18nextProvider>,
  ).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
}

afterEach(() => vi.useRealTimers());

describe('the bidding deadline on a project', () => {
  const minute = { deadline_at: '2030-01-15T10:30:00.000Z', deadline_date: '2030-01-15' };

  it('shows a deadline to the minute with its Riyadh time and the Hijri date, and no countdown before its day', async () => {
    const text = await render('en', minute, '2030-01-10T08:00:00Z');
    expect(text).toMatch(/Bids until Jan 15, 2030, 1:30\sPM Riyadh time \(.*1451.*\)/);
    expect(text).not.toMatch(/closes in/);
  });

  it('counts down on the deadline day in Riyadh, in hours and minutes, then in minutes', async () => {
    expect(await render('en', minute, '2030-01-15T07:05:00Z')).toMatch(/Bidding closes in 3 hours 25 minutes/);
    expect(await render('en', minute, '2030-01-15T10:01:30Z')).toMatch(/Bidding closes in 29 minutes/);
    expect(await render('ar', minute, '2030-01-15T07:05:00Z')).toMatch(/يُغلق باب العطاءات بعد ٣ ساعات و٢٥ دقيقة/);
    expect(await render('en', minute, '2030-01-15T10:30:00Z')).not.toMatch(/closes in/);
  });

  it('shows a date-only deadline as its day, not the midnight it ends at', async () => {
    const text = await render('en', { deadline_at: '2030-01-15T21:00:00.000Z', deadline_date: '2030-01-15' }, '2030-01-10T08:00:00Z');
    expect(text).toMatch(/^Bids until Jan 15, 2030 \(/);
    expect(await render('en', { deadline_at: null, deadline_date: null }, '2030-01-10T08:00:00Z')).toBe('No deadline');
  });
});
