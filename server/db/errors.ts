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

const UNAVAILABLE_CLASSES = ['08', '53', '57', '58']; // connection, resources, shutdown, system
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * The database could not be reached or is going away (not the data's fault): a connection
 * refused or cut, Postgres shutting down or out of resources, or no pool connection in
 * time. Such a failure says nothing about the request, so nothing is rejected for it.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e) return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_NODE_CODES.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code)) return UNAVAILABLE_CLASSES.includes(e.code.slice(0, 2));
  }
  return typeof e.message === 'string' && /Connection terminated|Client has encountered a connection error/.test(e.message);
}
