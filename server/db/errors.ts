/**
 * A Postgres error that bad input can cause (a value out of range, a reference to nothing,
 * a duplicate) as the 4xx it is; null for anything else, which stays a 500. Used by the
 * error middleware and by the sync push, which answers a refused mutation the same way.
 */
import { AppError, conflict, validationFailed } from '../../shared/errors';

export function fromDatabaseError(err: unknown): AppError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return conflict('This was already done');
  if (code === '23503') return validationFailed('It refers to something that does not exist');
  if (code === '23514' || code === '23502' || code.startsWith('22')) return validationFailed('Invalid input');
  return null;
}
