/**
 * The Riyadh calendar: an instant belongs to the day, year and local time three hours
 * ahead of UTC, whatever zone the machine runs in; and this is its only definition, so
 * no server, client or shared file can drift to a calendar of its own.
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
