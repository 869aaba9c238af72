/**
 * Error codes of the API (DESIGN section 6). The server sends one of these in `code`;
 * the client shows the translation of `errors.<code>` and falls back to `error`.
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'bad_origin',
  'internal_error',
  'invalid_login_code',
  'role_locked',
  'profile_required',
  'project_not_open',
  'deadline_passed',
  'order_not_active',
  'request_not_pending',
  'invalid_transition',
  'plan_limit_reached',
  'trial_not_available',
  'cannot_delete_self',
  'cannot_demote_self',
  'owner_protected',
  'cannot_review_self',
  'client_id_taken',
  'unknown_mutation',
  'mutation_out_of_order',
  'bid_not_found',
  'offer_not_found',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error body of every failure. */
export interface ErrorBody {
  error: string;
  code: ErrorCode | string;
  details?: Array<{ path: string; message: string; code?: string }>;
}
