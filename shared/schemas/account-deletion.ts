/**
 * DELETE /api/account: a person deletes their own account. The confirmation is the
 * account's email typed again (compared without case or surrounding spaces), so a stray
 * tap or a forged request without it deletes nothing.
 */
import { z } from 'zod';

export const accountDeleteSchema = z.strictObject({
  confirm: z.string().max(320),
});
export type AccountDeleteBody = z.infer<typeof accountDeleteSchema>;

/** Whether `typed` confirms deleting the account of `email`. */
export const confirmsDeletion = (typed: string, email: string): boolean => typed.trim().toLowerCase() === email.trim().toLowerCase();

/** How long VAT law keeps a tax document or a payment after its day (ZATCA: six years). */
export const VAT_RETENTION_YEARS = 6;
