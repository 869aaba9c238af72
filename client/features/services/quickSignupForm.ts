/**
 * The quick registration form's values and validation. The rules are the shared zod
 * schema's (the same one the server applies); this module only turns form strings into
 * the request body and zod or server issues into translated field messages.
 */
import type { SignupType } from '../../../shared/constants';
import { quickSignupSchema } from '../../../shared/schemas/quick-signup';
import { parseNumber, type ValidationMessage } from '../../ui/formInput';

const QUICK_SIGNUP_FIELDS = [
  'company_name',
  'contact_person',
  'phone',
  'email',
  'city',
  'service_description',
  'experience_years',
] as const;
export type QuickSignupField = (typeof QUICK_SIGNUP_FIELDS)[number];

export const REQUIRED_FIELDS: readonly QuickSignupField[] = [
  'company_name',
  'contact_person',
  'phone',
  'email',
  'city',
  'service_description',
];

export type QuickSignupValues = { signupType: SignupType } & Record<QuickSignupField, string>;

export const EMPTY_QUICK_SIGNUP: QuickSignupValues = {
  signupType: 'supplier',
  company_name: '',
  contact_person: '',
  phone: '',
  email: '',
  city: '',
  service_description: '',
  experience_years: '',
};

/** Field → key under `validation.` in the common namespace. */
export type FieldErrors = Partial<Record<QuickSignupField, ValidationMessage>>;

export function toRequestBody(values: QuickSignupValues): Record<string, unknown> {
  const body: Record<string, unknown> = { signupType: values.signupType };
  for (const field of QUICK_SIGNUP_FIELDS) {
    const value = values[field].trim();
    if (field === 'experience_years') {
      if (value !== '') body[field] = parseNumber(value);
    } else {
      body[field] = value;
    }
  }
  return body;
}

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  code?: string;
  format?: string;
}

/** Maps issues (zod's, or the server's `details`) to one message key per field. */
export function issuesToFieldErrors(issues: ReadonlyArray<Issue | { path: string | PropertyKey[]; code?: string }>, values: QuickSignupValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const rawPath = issue.path;
    const first = Array.isArray(rawPath) ? rawPath[0] : String(rawPath).split('.')[0];
    const field = QUICK_SIGNUP_FIELDS.find((f) => f === first);
    if (!field || errors[field]) continue;
    if (values[field].trim() === '') errors[field] = 'required';
    else if (field === 'email') errors[field] = 'email';
    else if (field === 'phone') errors[field] = 'phone';
    else if (field === 'experience_years') errors[field] = 'wholeNumber';
    else errors[field] = 'invalid';
  }
  return errors;
}

export function validateQuickSignup(values: QuickSignupValues): FieldErrors {
  const result = quickSignupSchema.safeParse(toRequestBody(values));
  return result.success ? {} : issuesToFieldErrors(result.error.issues, values);
}
