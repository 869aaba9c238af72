/**
 * Saudi IBANs: SA, two check digits, then 20 characters (a two-digit bank code and an
 * 18-character account), 24 in all, as the Saudi Central Bank issues them. An IBAN is
 * valid when its ISO 13616 checksum holds: the first four characters moved to the end,
 * letters as numbers (A = 10 ... Z = 35), the whole mod 97 is 1. Used by the tax profile's
 * schema on both sides, so a mistyped digit is caught before the bank or ZATCA sees it.
 */
import { asciiDigits } from './numbers';

/** Spaces and dashes dropped, digits made ASCII, letters upper case: how an IBAN is stored. */
export const normalizeIban = (raw: string): string => asciiDigits(raw).replace(/[\s-]/g, '').toUpperCase();

/** True for a normalised Saudi IBAN (SA + 22 characters) whose mod-97 checksum holds. */
export function isSaudiIban(iban: string): boolean {
  if (!/^SA\d{4}[0-9A-Z]{18}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
