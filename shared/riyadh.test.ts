/**
 * The Riyadh calendar: an instant belongs to the day, year and local time three hours
 * ahead of UTC, whatever zone the machine runs in; and this is its only definition, so
 * no server, client or shared file can drift to a calendar of its own.
 */
import { describe, expect, it } from 'vitest';
import { addWorkingDays, riyadhDateTime, riyadhDay, riyadhDayEnd, riyadhYear } from './riyadh';

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

describe('the one definition of the Riyadh offset', () => {
  it('is here: no other source file of the server, the client or shared keeps its own copy', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(__dirname, '..');
    const copy = /3 \* 60 \* 60|3 \* 3_?600_?000|10_?800_?000|\+03:00|Asia\/Riyadh|RIYADH_OFFSET/;
    const copies = ['server', 'shared', 'client'].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        .map((f) => `${dir}/${f.split(path.sep).join('/')}`)
        .filter((f) => f !== 'shared/riyadh.ts' && copy.test(fs.readFileSync(path.join(root, f), 'utf8'))),
    );
    expect(copies).toEqual([]);
  });
});

describe('working days in Riyadh (Friday and Saturday off)', () => {
  it('counts Sunday to Thursday only, at the same time of day', () => {
    // 2026-12-01 is a Tuesday: three working days is Sunday the 6th (Thu, Sun; Fri and Sat skipped).
    expect(addWorkingDays('2026-12-01T09:00:00.000Z', 3).toISOString()).toBe('2026-12-06T09:00:00.000Z');
    // Sunday the 6th: Monday, Tuesday, Wednesday.
    expect(addWorkingDays('2026-12-06T09:00:00.000Z', 3).toISOString()).toBe('2026-12-09T09:00:00.000Z');
  });
  it('reads the weekday in Riyadh, not UTC: Thursday 22:00 UTC is already Friday there', () => {
    // Thu 2026-12-03 22:00Z = Fri 01:00 in Riyadh: Sun, Mon, Tue (Tuesday 01:00 there).
    expect(addWorkingDays('2026-12-03T22:00:00.000Z', 3).toISOString()).toBe('2026-12-07T22:00:00.000Z');
    // Thu 2026-12-03 20:00Z = Thu 23:00 in Riyadh: Sun, Mon, Tue as well.
    expect(addWorkingDays('2026-12-03T20:00:00.000Z', 1).toISOString()).toBe('2026-12-06T20:00:00.000Z');
  });
});
