import crypto from 'node:crypto';

/** A company tax profile ZATCA's rules accept, for the tests that need one (tests of a rule change one field of it). */
export const VALID_TAX_PROFILE = {
  legal_name: 'مؤسسة البناء الحديث للتجارة',
  legal_name_en: 'Modern Building Trading Est.',
  vat_number: '310122393500003',
  cr_number: '1010010000',
  iban: 'SA0380000000608010167519',
  address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' },
};

const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('');

/** A VAT number (15 digits, first and last 3) and a CR number of their own: a number belongs to one company. */
export const taxNumbers = () => ({ vat_number: `3${digits(13)}3`, cr_number: digits(10) });

/** VALID_TAX_PROFILE (with `over`) under numbers no other company holds: for a test whose companies each need a profile. */
export const taxProfile = (over: Record<string, unknown> = {}) => ({ ...VALID_TAX_PROFILE, ...taxNumbers(), ...over });
