/**
 * The Saudi calendar the marketplace keeps: Riyadh is UTC+3 all year (no daylight saving),
 * so a day, a year or a local time of an instant is that instant moved three hours. Every
 * deadline day, invoice date, statement day, numbering year and document time is read
 * here, on the server, the device and in the documents alike, so they all agree which day
 * an instant belongs to whatever zone the machine runs in.
 */

/** The zone name, for Intl formatting and SQL `at time zone`. */
export const RIYADH_ZONE = 'Asia/Riyadh';

const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An instant as Riyadh's wall clock reads it, YYYY-MM-DDTHH:mm:ss.sss (no zone). */
const riyadhWallClock = (at: Date | string | number): string => new Date(new Date(at).getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 23);

/** The day in Riyadh of an instant, as YYYY-MM-DD. */
export const riyadhDay = (at: Date | string | number): string => riyadhWallClock(at).slice(0, 10);

/** The year in Riyadh of an instant (what yearly numbering counts by). */
export const riyadhYear = (at: Date | string | number): number => Number(riyadhWallClock(at).slice(0, 4));

/** An instant's date and time of day in Riyadh, to the second: { date: 2026-11-28, time: 12:30:05 }. */
export function riyadhDateTime(at: Date | string | number): { date: string; time: string } {
  const wall = riyadhWallClock(at);
  return { date: wall.slice(0, 10), time: wall.slice(11, 19) };
}

/** The instant a Riyadh day (YYYY-MM-DD) ends: the next day at 00:00 in Riyadh. */
export const riyadhDayEnd = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) - RIYADH_OFFSET_MS + DAY_MS);

/** The instant Riyadh's wall clock reads `time` (HH:mm) on `day` (YYYY-MM-DD). */
export const riyadhMoment = (day: string, time: string): Date => new Date(Date.parse(`${day}T${time}:00.000Z`) - RIYADH_OFFSET_MS);

/**
 * The instant `days` working days after `at` in Riyadh, at the same time of day: Friday
 * and Saturday are the weekend, so they are skipped (a dispute opened on a Thursday is due
 * the next Tuesday at that hour). Opened on a weekend day, the count starts from it as
 * from any day: each following working day counts one.
 */
export function addWorkingDays(at: Date | string | number, days: number): Date {
  let t = new Date(at).getTime();
  let left = days;
  while (left > 0) {
    t += DAY_MS;
    const weekday = new Date(t + RIYADH_OFFSET_MS).getUTCDay();
    if (weekday !== 5 && weekday !== 6) left -= 1;
  }
  return new Date(t);
}
