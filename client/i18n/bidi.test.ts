/**
 * Every value in a translated sentence is one first-strong isolate (bidi.ts), through the
 * app's own i18next setup and its real sentences, in both directions.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from './index';
import { PLAIN_TEXT } from './bidi';

const FSI = '\u2068';
const PDI = '\u2069';
const wrapped = (text: string) => `${FSI}${text}${PDI}`;
const count = (text: string, mark: string) => text.split(mark).length - 1;

beforeAll(async () => {
  await i18nReady;
  await i18n.loadLanguages(['ar', 'en']);
  await i18n.loadNamespaces(['common', 'transport', 'deliveries']);
});

describe('an English sentence around Arabic places', () => {
  const from = 'الرياض - حي الملقا';
  const to = 'الدمام - المدينة الصناعية الثانية';

  it('isolates each place, so "to" stays between them', () => {
    expect(i18n.t('transport:card.route', { lng: 'en', from, to })).toBe(`${wrapped(from)} to ${wrapped(to)}`);
  });

  it('wraps a sentence given as a value once around it, each place still once', () => {
    const route = i18n.t('transport:card.route', { lng: 'en', from, to });
    const title = i18n.t('deliveries:assignTitle', { lng: 'en', route });
    expect(title).toBe(`Assign a driver: ${wrapped(`${wrapped(from)} to ${wrapped(to)}`)}`);
    // A value that already is one isolate is not wrapped again.
    expect(i18n.t('transport:card.route', { lng: 'en', from: wrapped(from), to })).toBe(`${wrapped(from)} to ${wrapped(to)}`);
  });

  it('keeps the plural form of the count and isolates the formatted number once', () => {
    expect(i18n.t('common:nav.unread', { lng: 'en', count: 1 })).toBe(`${wrapped('1')} unread notification`);
    expect(i18n.t('common:nav.unread', { lng: 'en', count: 1250 })).toBe(`${wrapped('1,250')} unread notifications`);
  });
});

describe('an Arabic sentence around an English name', () => {
  it('isolates the name as it is, with no HTML escaping shown as text', () => {
    const name = 'Al-Noor Trading & Sons <KSA>';
    expect(i18n.t('common:status.submittedBy', { lng: 'ar', name })).toBe(`قدّمه ${wrapped(name)}`);
  });

  it('picks the Arabic plural form by the count, writes it in Arabic digits and isolates rating and count once each', () => {
    const text = i18n.t('common:rating.summary', { lng: 'ar', count: 3, rating: '4.5' });
    expect(text).toBe(`${wrapped('4.5')} (${wrapped('٣')} تقييمات)`);
    expect(i18n.t('common:rating.summary', { lng: 'ar', count: 11, rating: '4.5' })).toBe(`${wrapped('4.5')} (${wrapped('١١')} تقييمًا)`);
    expect(i18n.t('common:rating.summary', { lng: 'ar', count: 2, rating: '4.5' })).toBe(`${wrapped('4.5')} (تقييمان)`);
    expect([count(text, FSI), count(text, PDI)]).toEqual([2, 2]);
  });

  it('leaves values bare in text that leaves the page', () => {
    expect(i18n.t('common:status.submittedBy', { lng: 'ar', name: 'Sami', ...PLAIN_TEXT })).toBe('قدّمه Sami');
  });
});
