import { describe, expect, it } from 'vitest';
import { inboxOrder, phaseAt } from './status';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const row = (id: string, status: 'open' | 'awarded' | 'cancelled', closes: string) => ({ id, rfq: { status, closes_at: closes, created_at: '2026-11-01T00:00:00Z' } });

describe('the supplier’s inbox', () => {
  it('shows an open RFQ past its closing time as closed, by the shared rule', () => {
    expect(phaseAt({ status: 'open', closes_at: '2026-11-28T11:59:59Z' }, NOW)).toBe('closed');
    expect(phaseAt({ status: 'open', closes_at: '2026-11-28T12:00:01Z' }, NOW)).toBe('open');
    expect(phaseAt({ status: 'awarded', closes_at: '2026-12-28T00:00:00Z' }, NOW)).toBe('awarded');
  });

  it('lists open RFQs first, soonest closing on top, then the others latest first', () => {
    const rows = [
      row('closed-early', 'open', '2026-11-20T00:00:00Z'),
      row('open-late', 'open', '2026-12-10T00:00:00Z'),
      row('awarded', 'awarded', '2026-11-25T00:00:00Z'),
      row('open-soon', 'open', '2026-11-29T00:00:00Z'),
    ];
    expect(inboxOrder(rows, NOW).map((r) => r.id)).toEqual(['open-soon', 'open-late', 'awarded', 'closed-early']);
  });
});
