import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../shared/schemas/audit';
import { auditCsvUrl, auditQuery } from '../../data/api/audit';
import { localeStrings } from '../../i18n/localeFiles';
import { changeLines, riyadhMoment, valueText } from './auditView';

describe('the audit trail screen', () => {
  it('has a label for every action the server records, in every language', () => {
    for (const lng of ['ar', 'en', 'zh']) {
      const strings = localeStrings(lng, 'audit');
      const missing = AUDIT_ACTIONS.filter((action) => !strings[`actions.${action}`]?.trim());
      expect(missing, lng).toEqual([]);
    }
  });

  it('asks for a Riyadh day from its midnight in Riyadh to the next (21:00 UTC the day before)', () => {
    expect(auditQuery('admin', { from: '2026-12-03', to: '2026-12-03' })).toEqual({ from: '2026-12-02T21:00:00.000Z', to: '2026-12-03T21:00:00.000Z' });
  });

  it('sends the company filter on the admin route only (the owner route bounds the rows itself)', () => {
    const filters = { company_id: '0f8b5a8e-2c1d-4b8a-9a77-3e2f1d0c9b8a', action: 'payment.record' as const };
    expect(auditQuery('admin', filters)).toEqual(filters);
    expect(auditQuery('company', filters)).toEqual({ action: 'payment.record' });
  });

  it('links the CSV with the same filters as the list', () => {
    expect(auditCsvUrl('company', {})).toBe('/api/company/audit.csv');
    expect(auditCsvUrl('admin', { action: 'invoice.issue', record_type: 'invoice', record_id: 'a b' })).toBe('/api/admin/audit.csv?action=invoice.issue&record_type=invoice&record_id=a+b');
  });

  it('shows each changed field as before and after, nothing as a dash', () => {
    expect(changeLines({ status: ['recorded', 'confirmed'], amount: [null, 50], lines: [[1], [1, 2]] }, 'en')).toEqual([
      { field: 'status', before: 'recorded', after: 'confirmed' },
      { field: 'amount', before: '—', after: '50' },
      { field: 'lines', before: '[1]', after: '[1,2]' },
    ]);
    expect(valueText(false, 'en')).toBe('false');
    // An instant (revoked_at, expires_at) reads in Riyadh's time like the row's own; a day stays a day.
    expect(valueText('2026-12-02T21:30:05.000Z', 'en')).toBe(riyadhMoment('2026-12-02T21:30:05Z', 'en'));
    expect(valueText('2026-12-02', 'en')).toBe('2026-12-02');
  });

  it('tells the time in Riyadh whatever the zone the device runs in', () => {
    // 21:30 UTC is 00:30 the next day in Riyadh.
    expect(riyadhMoment('2026-12-02T21:30:05Z', 'en')).toMatch(/Dec 3, 2026.*12:30:05/);
  });
});
