/**
 * Tax profiles (shared/schemas/tax-profile.ts), by company key: the demo supplier's, so it
 * can onboard for e-invoicing and invoice without typing one first, and the demo
 * contractor's, so a tax invoice to it names its buyer; and the platform's (Binaa Market,
 * a supplier company: e-invoicing units are suppliers'), the seller of the plans' tax invoices once its unit is onboarded.
 * Their VAT and CR numbers are their profiles'.
 */
export const DEMO_TAX_PROFILES = {
  supplier: {
    legal_name: 'شركة الركن المتين لمواد البناء',
    legal_name_en: 'Al Rukn Al Mateen Building Materials Co.',
    vat_number: '310245871200003',
    cr_number: '1010245871',
    iban: 'SA0380000000608010167519',
    address: { building_number: '2714', street: 'طريق الخرج', district: 'المنطقة الصناعية الثانية', city: 'الرياض', postal_code: '14332', additional_number: '7831' },
  },
  contractor: {
    legal_name: 'مؤسسة البنيان الحديث للمقاولات',
    legal_name_en: 'Al Bunyan Modern Contracting Est.',
    vat_number: '310567234100003',
    cr_number: '1010567234',
    address: { building_number: '3158', street: 'طريق أنس بن مالك', district: 'الملقا', city: 'الرياض', postal_code: '13524', additional_number: '6612' },
  },
  // The platform itself (config.platformSellerEmail names its account outside production): the seller of every plan's tax invoice.
  platform: {
    legal_name: 'شركة سوق بناء لتقنية المعلومات',
    legal_name_en: 'Binaa Market Information Technology Co.',
    vat_number: '311204567800003',
    cr_number: '1010845120',
    address: { building_number: '7421', street: 'طريق العليا العام', district: 'العليا', city: 'الرياض', postal_code: '12211', additional_number: '3390' },
  },
} as const;
