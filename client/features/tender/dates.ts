/**
 * Tender moments (the opening, the end of the standstill) as a Saudi reader expects them:
 * the Gregorian date and time in Riyadh, and the Hijri (Umm al-Qura) date beside it. The
 * time zone is Riyadh's whatever the device's: the opening is a moment of the Saudi
 * calendar, and two bidders in different places must read the same day.
 */
import { dateTimeFormat } from '../../i18n/format';
import { intlLocaleOf } from '../../i18n/languages';
import { RIYADH_ZONE as ZONE } from '../../../shared/riyadh';

export interface TenderMoment {
  /** date and time of day, Gregorian calendar, Riyadh time */
  gregorian: string;
  /** the same day in the Umm al-Qura calendar */
  hijri: string;
}

export function formatTenderMoment(value: string | Date, lng: string): TenderMoment | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const locale = intlLocaleOf(lng);
  return {
    gregorian: dateTimeFormat(`${locale}-u-ca-gregory`, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(date),
    hijri: dateTimeFormat(`${locale}-u-ca-islamic-umalqura`, { dateStyle: 'long', timeZone: ZONE }).format(date),
  };
}
