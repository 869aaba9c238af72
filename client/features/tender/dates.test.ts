import { describe, expect, it } from 'vitest';
import { formatTenderMoment } from './dates';

// The opening of a project whose deadline is 15 January 2030: midnight at the end of that
// day in Riyadh, 21:00 UTC. 16 January 2030 is 12 Ramadan 1451 in the Umm al-Qura calendar.
const OPENING = '2030-01-15T21:00:00.000Z';

describe('tender moments (Gregorian and Hijri, Riyadh time)', () => {
  it('shows the Gregorian date and time in Riyadh and the Umm al-Qura date beside it', () => {
    const en = formatTenderMoment(OPENING, 'en')!;
    expect(en.gregorian).toMatch(/Jan 16, 2030/);
    expect(en.gregorian).toMatch(/12:00/);
    expect(en.hijri).toMatch(/Ramadan 12, 1451/);
  });

  it('writes Arabic with Arabic-Indic digits, the Gregorian date as a Gregorian one', () => {
    const ar = formatTenderMoment(OPENING, 'ar')!;
    expect(ar.gregorian).toContain('٢٠٣٠');
    expect(ar.gregorian).toContain('١٦');
    expect(ar.hijri).toContain('رمضان');
    expect(ar.hijri).toContain('١٤٥١');
  });

  it('writes Chinese', () => {
    const zh = formatTenderMoment(OPENING, 'zh')!;
    expect(zh.gregorian).toContain('2030年1月16日');
    expect(zh.hijri).toContain('1451');
  });

  it('reads the day in Riyadh, not on the device: 20:59 UTC is still the 15th there', () => {
    expect(formatTenderMoment('2030-01-15T20:59:00Z', 'en')!.gregorian).toMatch(/Jan 15, 2030, 11:59/);
    expect(formatTenderMoment('2030-01-15T20:59:00Z', 'en')!.hijri).toMatch(/Ramadan 11, 1451/);
  });

  it('gives nothing for a value that is not a time', () => {
    expect(formatTenderMoment('not a date', 'en')).toBeNull();
  });
});
