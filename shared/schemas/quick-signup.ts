/**
 * Quick signup: a visitor's request to join as a supplier or transport company, stored as
 * a registration request for admins. The request body says signupType (camelCase, as the
 * published API names it); the stored row says signup_type.
 */
import { z } from 'zod';
import { SIGNUP_TYPES } from '../constants';
import { registrationLifecycle } from '../lifecycles/accounts';
import { MAX, emailSchema, requiredName, requiredText, saudiPhoneSchema, timestampSchema, uuidSchema } from './common';

const signupTypeSchema = z.enum(SIGNUP_TYPES);
const registrationStatusSchema = z.enum(registrationLifecycle.states);

/** POST /api/quick-signup. */
export const quickSignupSchema = z.strictObject({
  signupType: signupTypeSchema.default('supplier'),
  company_name: requiredName(MAX.name),
  contact_person: requiredName(MAX.name),
  phone: saudiPhoneSchema,
  email: emailSchema,
  city: requiredText(MAX.short),
  service_description: requiredText(MAX.text),
  experience_years: z.number().int().min(0).max(100).nullable().optional(),
});
export type QuickSignup = z.infer<typeof quickSignupSchema>;

/** GET /api/admin/quick-signups. */
export const registrationRequestSchema = z.object({
  id: uuidSchema,
  signup_type: signupTypeSchema,
  company_name: z.string(),
  contact_person: z.string(),
  phone: z.string(),
  email: z.string(),
  city: z.string(),
  service_description: z.string(),
  experience_years: z.number().int().nullable(),
  status: registrationStatusSchema,
  created_at: timestampSchema,
});
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

/** What POST /api/quick-signup answers: the stored request's id and its status. */
export const quickSignupResultSchema = z.object({ id: uuidSchema, status: registrationStatusSchema });
export type QuickSignupResult = z.infer<typeof quickSignupResultSchema>;
