import { describe, expect, it } from 'vitest';
import { EMPTY_QUICK_SIGNUP, issuesToFieldErrors, toRequestBody, validateQuickSignup } from './quickSignupForm';

const valid = {
  ...EMPTY_QUICK_SIGNUP,
  company_name: 'مؤسسة الخليج للحديد',
  contact_person: 'سالم العتيبي',
  phone: '0501234567',
  email: 'salem@gulfsteel.sa',
  city: 'الرياض',
  service_description: 'حديد تسليح وأسمنت',
};

describe('quick signup form', () => {
  it('refuses an empty form, naming every required field', () => {
    expect(validateQuickSignup(EMPTY_QUICK_SIGNUP)).toEqual({
      company_name: 'required',
      contact_person: 'required',
      phone: 'required',
      email: 'required',
      city: 'required',
      service_description: 'required',
    });
  });

  it('accepts a complete form, with or without years of experience', () => {
    expect(validateQuickSignup(valid)).toEqual({});
    expect(validateQuickSignup({ ...valid, experience_years: '12' })).toEqual({});
  });

  it('explains a bad email, phone or number of years', () => {
    expect(validateQuickSignup({ ...valid, email: 'not-an-email', phone: '123', experience_years: '2.5' })).toEqual({
      email: 'email',
      phone: 'phone',
      experience_years: 'wholeNumber',
    });
  });

  it('sends experience_years as a number and leaves it out when empty', () => {
    expect(toRequestBody({ ...valid, experience_years: '7' }).experience_years).toBe(7);
    expect(toRequestBody({ ...valid, experience_years: '١٢' }).experience_years).toBe(12);
    expect('experience_years' in toRequestBody(valid)).toBe(false);
    expect(toRequestBody(valid).signupType).toBe('supplier');
  });

  it("maps the server's details onto the fields", () => {
    expect(issuesToFieldErrors([{ path: 'email' }, { path: 'city' }], { ...valid, city: '' })).toEqual({ email: 'email', city: 'required' });
  });
});
