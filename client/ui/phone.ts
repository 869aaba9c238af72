/**
 * Saudi phone numbers as people read them: +966 5X XXX XXXX (the server stores E.164,
 * +9665XXXXXXXX), through libphonenumber-js, which the shared schemas already use to
 * validate them. Arabic-Indic digits are read too. Anything it cannot read is shown as given.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

export function formatSaudiPhone(value: string | null | undefined): string {
  if (!value) return '';
  const ascii = value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const parsed = parsePhoneNumberFromString(ascii, 'SA');
  return parsed?.isValid() ? parsed.formatInternational() : value.trim();
}
