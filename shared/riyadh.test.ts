/**
 * The Riyadh calendar: an instant belongs to the day, year and local time three hours
 * ahead of UTC, whatever zone the machine runs in.
 */
import { describe, expect, it } from 'vitest';
import { riyadhDateTime, riyadhDay, riyadhDayEnd, riyadhYear } from './riyadh';

describe('the Riyadh calendar', () => {
  it('turns the day at 21:00 UTC', () => {
    expect(riyadhDay('2026-05-01T20:59:59.999Z')).toBe('2026-05-01');
    expect(riyadhDay(new Date('2026-05-01T21:00:00.000Z'))).toBe('2026-05-02');
    expect(riyadhDay(Date.parse('2026-05-01T21:00:00.000Z'))).toBe('2026-05-02');
  });

  it('turns the year at 21:00 UTC on 31 December', () => {
    expect(riyadhYear(new Date('2026-12-31T20:59:59.999Z'))).toBe(2026);
    expect(riyadhYear(new Date('2026-12-31T21:00:00.000Z'))).toBe(2027);
  });

  it('reads the local date and time to the second', () => {
    expect(riyadhDateTime(new Date('2026-11-28T09:30:05.400Z'))).toEqual({ date: '2026-11-28', time: '12:30:05' });
  });

  it('ends a day at the next midnight in Riyadh, the first instant of the next day', () => {
    const end = riyadhDayEnd('2026-05-01');
    expect(end.toISOString()).toBe('2026-05-01T21:00:00.000Z');
    expect(riyadhDay(end)).toBe('2026-05-02');
    expect(riyadhDay(end.getTime() - 1)).toBe('2026-05-01');
  });
});
