/**
 * What a database error means to a caller, in two separate questions:
 * - fromDatabaseError: an error that bad input can cause (a value out of range, a
 *   reference to nothing, a duplicate) as the 4xx it is; null for anything else. Used by
 *   the error middleware and by the sync push, which answers a refused mutation the same
 *   way (so it must never say "refused" for an outage: a refused mutation is final).
 * - fromUnavailableDatabase: the database not answering (restarting, shutting down,
 *   unreachable, the connection cut, no pooled connection free in time) as the 503
 *   database_unavailable: nothing is wrong with the request, and the same request sent
 *   again once the database is back is answered normally. Used by the error middleware
 *   and the health check.
 * Anything else stays a 500.
 */
import { AppError, conflict, crNumberTaken, databaseUnavailable, pushEndpointTaken, skuTaken, validationFailed, vatNumberTaken } from '../../shared/errors';

export function fromDatabaseError(err: unknown): AppError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  // A supplier's SKU is unique among their live products (products_supplier_sku_idx).
  if (code === '23505' && (err as { constraint?: unknown }).constraint === 'products_supplier_sku_idx') return skuTaken();
  // Two users registering one push endpoint at once: the later one is refused as if it came second.
  if (code === '23505' && (err as { constraint?: unknown }).constraint === 'push_subscriptions_endpoint_key') return pushEndpointTaken();
  // Two companies saving one VAT or CR number at once: the later one is refused as if it came second.
  if (code === '23505' && (err as { constraint?: unknown }).constraint === 'company_tax_profiles_vat_number_key') return vatNumberTaken();
  if (code === '23505' && (err as { constraint?: unknown }).constraint === 'company_tax_profiles_cr_number_key') return crNumberTaken();
  if (code === '23505') return conflict('This was already done');
  if (code === '23503') return validationFailed('It refers to something that does not exist');
  if (code === '23514' || code === '23502' || code.startsWith('22')) return validationFailed('Invalid input');
  return null;
}

/**
 * SQLSTATEs of a server that cannot serve right now: class 08 (connection exception),
 * 57P01 admin_shutdown (a fast stop ends every session), 57P02 crash_shutdown (another
 * backend crashed), 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Socket errors of a connect or of a connection that was cut. */
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/**
 * pg reports a cut connection, or a query on a client that already lost its connection,
 * with a plain Error and one of these messages; it has no code. knex puts the statement
 * in front (`COMMIT; - Connection terminated unexpectedly`), so the message ends with one.
 */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout expired', // pg's connectionTimeoutMillis
];

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown };
  // knex's pool gave up waiting for a connection (acquireConnectionTimeout).
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
  // A connect to a name with several addresses fails with one error per address.
  if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable)) return true;
  const message = e.message;
  return typeof message === 'string' && e.code === undefined && PG_CONNECTION_MESSAGES.some((m) => message === m || message.endsWith(` - ${m}`));
}

export function fromUnavailableDatabase(err: unknown): AppError | null {
  return isDatabaseUnavailable(err) ? databaseUnavailable() : null;
}
