/**
 * A seller company's e-invoicing unit and its onboarding with ZATCA (Fatoora): the owner
 * enters the one-time code (OTP) the Fatoora portal shows; the server makes the unit's key
 * pair and CSR from the tax profile, gets the compliance certificate, passes ZATCA's
 * compliance checks with sample documents, and gets the production certificate.
 *
 * POST /api/e-invoicing/onboard {otp} -> einvoicingStatus (the company's owner; a supplier)
 * GET  /api/e-invoicing/status -> einvoicingStatus (owner and members)
 */
import { z } from 'zod';
import { digitsOnly, timestampSchema } from './common';
import { einvoicingUnitLifecycle } from '../lifecycles/accounts';

/** The OTP from the Fatoora portal: six digits (Arabic-Indic accepted). */
export const onboardSchema = z.strictObject({
  otp: digitsOnly(20).pipe(z.string().regex(/^\d{6}$/, 'invalid_otp')),
});
export type OnboardInput = z.input<typeof onboardSchema>;

/** One of ZATCA's validation messages, as its API gives them. */
export const zatcaMessageSchema = z.object({
  type: z.string(),
  code: z.string(),
  category: z.string().nullable(),
  message: z.string(),
});
export type ZatcaMessage = z.infer<typeof zatcaMessageSchema>;

export const einvoicingStatusSchema = z.object({
  status: z.enum(einvoicingUnitLifecycle.states),
  /** ZATCA's messages of the last failed attempt (empty otherwise) */
  messages: z.array(zatcaMessageSchema),
  /** when the production certificate was obtained */
  ready_at: timestampSchema.nullable(),
  /** when the production certificate expires */
  certificate_expires_at: timestampSchema.nullable(),
  /** whether the company has the tax profile onboarding needs */
  has_tax_profile: z.boolean(),
  /** ZATCA's environment this server speaks to: its developer portal (or this server's development ZATCA), simulation or production */
  environment: z.enum(['development', 'simulation', 'production']),
});
export type EinvoicingStatusView = z.infer<typeof einvoicingStatusSchema>;
