/** A company tax profile ZATCA's rules accept, for the tests that need one (tests of a rule change one field of it). */
export const VALID_TAX_PROFILE = {
  legal_name: 'مؤسسة البناء الحديث للتجارة',
  legal_name_en: 'Modern Building Trading Est.',
  vat_number: '310122393500003',
  cr_number: '1010010000',
  iban: 'SA0380000000608010167519',
  address: { building_number: '1234', street: 'طريق الملك فهد', district: 'العليا', city: 'الرياض', postal_code: '12345', additional_number: '5678' },
};
