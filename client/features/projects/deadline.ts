/**
 * A project's deadline is a Saudi calendar day: bids are taken through the end of that day
 * in Riyadh (UTC+3, no daylight saving), as the server decides.
 */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;

/** Today's date in Riyadh, YYYY-MM-DD. */
export function riyadhToday(now = Date.now()): string {
  return new Date(now + RIYADH_OFFSET_MS).toISOString().slice(0, 10);
}

export function deadlinePassed(deadline: string | null, now = Date.now()): boolean {
  return deadline !== null && deadline < riyadhToday(now);
}
