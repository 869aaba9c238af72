/** The lengths of time the demo's relative dates are written in (the seed dates everything from the moment it runs). */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
