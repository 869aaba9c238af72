import { describe, expect, it } from 'vitest';
import { deadlinePassed, riyadhToday } from './deadline';

describe('project deadline (a Riyadh calendar day)', () => {
  it('takes bids through the end of the deadline day in Riyadh', () => {
    // 20:59 UTC on the 10th is 23:59 in Riyadh: still the 10th.
    expect(deadlinePassed('2026-12-10', Date.parse('2026-12-10T20:59:00Z'))).toBe(false);
    // 21:00 UTC is midnight in Riyadh: the 11th.
    expect(riyadhToday(Date.parse('2026-12-10T21:00:00Z'))).toBe('2026-12-11');
    expect(deadlinePassed('2026-12-10', Date.parse('2026-12-10T21:00:00Z'))).toBe(true);
    expect(deadlinePassed(null)).toBe(false);
  });
});

describe('contractor filters', async () => {
  const { filterProjects } = await import('./ContractorProjects');
  const project = (id: string, deadline_date: string | null, budget: number | null) => ({ id, deadline_date, budget }) as never;
  const rows = [project('a', '2026-11-25', 100), project('b', '2026-12-20', null), project('c', null, 5)];
  it('keeps the projects not bid on, closing within a week, or with a budget', () => {
    const ids = (filter: Parameters<typeof filterProjects>[1]) => filterProjects(rows, filter, new Set(['a']), '2026-11-23').map((p) => (p as { id: string }).id);
    expect(ids('all')).toEqual(['a', 'b', 'c']);
    expect(ids('notBid')).toEqual(['b', 'c']);
    expect(ids('closingSoon')).toEqual(['a']);
    expect(ids('withBudget')).toEqual(['a', 'c']);
  });
});
