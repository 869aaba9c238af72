/**
 * Quick signup: a visitor asks to join as a supplier or
 * a transport company. The request is stored for admins to review (GET
 * /api/admin/quick-signups), with the IP it came from for abuse review.
 */
import type { Knex } from 'knex';
import type { QuickSignup, QuickSignupResult } from '../../../shared/schemas/quick-signup';

export async function createRegistrationRequest(knex: Knex, input: QuickSignup, ip: string | null): Promise<QuickSignupResult> {
  const { signupType, ...fields } = input;
  const [row] = await knex('registration_requests')
    .insert({ ...fields, signup_type: signupType, ip })
    .returning(['id', 'status']);
  return row;
}
