import { describe, expect, it } from 'vitest';
import { initialTaxProfileValues, taxProfileIssuesToErrors, toTaxProfileBody, validateTaxProfile, type TaxProfileValues } from './taxProfileForm';

const VALID: TaxProfileValues = {
  ...initialTaxProfileValues(null),
  legal_name: 'مؤسسة الرياض للتجارة',
  vat_number: '٣١٠١٢٢٣٩٣٥٠٠٠٠٣',
  cr_number: '1010010000',
  building_number: '1234',
  street: 'طريق الملك فهد',
  district: 'العليا',
  city: 'الرياض',
  postal_code: '12345',
};

describe('tax profile form', () => {
  it('takes a complete profile typed with Arabic-Indic digits, the optional fields left empty', () => {
    expect(validateTaxProfile(VALID)).toEqual({});
    expect(toTaxProfileBody(VALID)).toMatchObject({ legal_name_en: null, iban: null, address: { additional_number: null } });
  });

  it('names each field with the rule it breaks, and required for an empty one', () => {
    const errors = validateTaxProfile({ ...VALID, vat_number: '310122393500004', iban: 'SA0380000000608010167518', building_number: '12', postal_code: '', legal_name: 'Riyadh Trading' });
    expect(errors).toEqual({
      vat_number: 'invalid_vat_number',
      iban: 'invalid_iban',
      building_number: 'invalid_building_number',
      postal_code: 'required',
      legal_name: 'arabic_required',
    });
  });

  it('reads the server’s 400 details (paths as text) the same way', () => {
    expect(taxProfileIssuesToErrors([{ path: 'address.additional_number', message: 'invalid_additional_number' }, { path: 'cr_number', message: 'invalid_cr_number' }], { ...VALID, additional_number: '56789' })).toEqual({
      additional_number: 'invalid_additional_number',
      cr_number: 'invalid_cr_number',
    });
  });
});
