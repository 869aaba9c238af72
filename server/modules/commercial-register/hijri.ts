/**
 * Dates of the commercial register, which writes them in the Umm al-Qura (Hijri) calendar
 * as yyyy/mm/dd. Converted with the calendar ICU carries (Intl's islamic-umalqura), not
 * an arithmetic approximation: a month of the Umm al-Qura calendar is 29 or 30 days as
 * its tables say.
 */
const DAY_MS = 86_400_000;

const umalqura = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });

/** The Hijri [year, month, day] of a UTC midnight. */
export function hijriOf(at: Date): [number, number, number] {
  const parts = Object.fromEntries(umalqura.formatToParts(at).map((p) => [p.type, p.value]));
  return [Number.parseInt(parts.year!, 10), Number(parts.month), Number(parts.day)];
}

/** The Gregorian yyyy-mm-dd of a Hijri yyyy/mm/dd (Arabic-Indic digits too), or null when it is no day of the calendar. */
export function hijriToGregorian(hijri: string): string | null {
  const match = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})$/.exec(hijri.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)));
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 30) return null;
  // Day 1 of the Hijri era is 622-07-19 (proleptic Gregorian); a Hijri year is about
  // 354.367 days. Start near the day and walk to it (the estimate is within a few days).
  const epoch = Date.UTC(622, 6, 19);
  const estimate = epoch + Math.round((year - 1) * 354.367 + (month - 1) * 29.5306 + (day - 1)) * DAY_MS;
  for (let offset = 0; offset <= 6; offset += 1) {
    for (const sign of offset === 0 ? [1] : [1, -1]) {
      const at = new Date(estimate + sign * offset * DAY_MS);
      const [y, m, d] = hijriOf(at);
      if (y === year && m === month && d === day) return at.toISOString().slice(0, 10);
    }
  }
  return null;
}
