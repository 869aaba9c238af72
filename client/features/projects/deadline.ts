/**
 * A project's deadline is a Saudi calendar day: bids are taken through the end of that day
 * in Riyadh (UTC+3, no daylight saving), as the server decides.
 */
import { riyadhDay } from '../../../shared/riyadh';

/** Today's date in Riyadh, YYYY-MM-DD. */
export function riyadhToday(now = Date.now()): string {
  return riyadhDay(now);
}

export function deadlinePassed(deadline: string | null, now = Date.now()): boolean {
  return deadline !== null && deadline < riyadhToday(now);
}
