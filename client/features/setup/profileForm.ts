/**
 * The setup form's values, request body and validation. Rules come from the shared
 * profile schema (the server applies the same one); messages are ours, per field.
 */
import type { Role } from '../../../shared/constants';
import { profileUpsertSchema } from '../../../shared/schemas/profile';
import type { Profile } from '../../data/types';
import type { ValidationMessage } from '../../ui/formInput';

const PROFILE_FIELDS = [
  'company_name',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
  'cr_number',
  'vat_number',
  'description',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** role: chosen at setup (one a user may choose); an admin's stays `admin` when they edit. */
export type ProfileValues = { role: Role | '' } & Record<ProfileField, string>;

export function initialProfileValues(profile: Profile | null): ProfileValues {
  const values = { role: '' } as ProfileValues;
  for (const field of PROFILE_FIELDS) values[field] = (profile?.[field] as string | null | undefined) ?? '';
  if (profile) values.role = profile.role;
  return values;
}

/** Empty optional fields are left out rather than sent as empty strings. */
export function toProfileBody(values: ProfileValues, language: string): Record<string, unknown> {
  const body: Record<string, unknown> = { role: values.role, language };
  for (const field of PROFILE_FIELDS) {
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  return body;
}

export type ProfileErrors = Partial<Record<ProfileField, ValidationMessage>>;

const FIELD_MESSAGE: Partial<Record<ProfileField, ValidationMessage>> = {
  website: 'url',
  phone: 'phone',
  cr_number: 'crNumber',
  vat_number: 'vatNumber',
};

export function profileIssuesToErrors(issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey> }>): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const field = PROFILE_FIELDS.find((f) => f === first);
    if (field && !errors[field]) errors[field] = FIELD_MESSAGE[field] ?? 'invalid';
  }
  return errors;
}

/** 'role' when no role is chosen (the alert), else field errors from the shared schema. */
export function validateProfile(values: ProfileValues, language: string): { missingRole: boolean; errors: ProfileErrors } {
  if (!values.role) return { missingRole: true, errors: {} };
  const result = profileUpsertSchema.safeParse(toProfileBody(values, language));
  return { missingRole: false, errors: result.success ? {} : profileIssuesToErrors(result.error.issues) };
}
