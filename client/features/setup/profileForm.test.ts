import { describe, expect, it } from 'vitest';
import { initialProfileValues, toProfileBody, validateProfile } from './profileForm';

describe('setup profile form', () => {
  it('asks for a role before anything else', () => {
    expect(validateProfile(initialProfileValues(null), 'ar')).toEqual({ missingRole: true, errors: {} });
  });

  it('accepts a role alone: every other field is optional', () => {
    expect(validateProfile({ ...initialProfileValues(null), role: 'contractor' }, 'ar')).toEqual({ missingRole: false, errors: {} });
  });

  it('checks the website, phone, CR and VAT formats', () => {
    const values = { ...initialProfileValues(null), role: 'supplier' as const, website: 'not a url', phone: '12', cr_number: '123', vat_number: '123' };
    expect(validateProfile(values, 'en').errors).toEqual({ website: 'url', phone: 'phone', cr_number: 'crNumber', vat_number: 'vatNumber' });
  });

  it('sends the chosen language and leaves empty fields out', () => {
    const body = toProfileBody({ ...initialProfileValues(null), role: 'government', company_name: ' أمانة الرياض ' }, 'zh');
    expect(body).toEqual({ role: 'government', language: 'zh', company_name: 'أمانة الرياض' });
  });
});
