/**
 * Named errors and the one middleware that turns every failure into the error body of
 * DESIGN section 6. Services throw these; routes never build error bodies themselves.
 */
import type { Context, Next } from 'koa';
import { z } from 'zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorBody['details'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorBody['details'], code: ErrorCode = 'validation_failed') =>
  new AppError(400, code, message, details);
export const unauthenticated = (message = 'Sign in required') => new AppError(401, 'unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (code: ErrorCode, message: string) => new AppError(409, code, message);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', 'Too many requests, try again later', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

export function validationError(error: z.ZodError): AppError {
  const details = error.issues.map((i) => ({
    path: i.path.map(String).join('.') || (i.code === 'unrecognized_keys' ? i.keys.join(',') : ''),
    message: i.message,
    code: i.code,
  }));
  const fields = [...new Set(details.map((d) => d.path).filter(Boolean))];
  const message = fields.length ? `Invalid input: ${fields.join(', ')}` : 'Invalid input';
  return badRequest(message, details);
}

/**
 * A Postgres error that bad input can cause (a value out of range, a reference to nothing,
 * a duplicate) as the 4xx it is; null for anything else, which stays a 500.
 */
export function fromDatabaseError(err: unknown): AppError | null {
  const code = (err as { code?: unknown })?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  if (code === '23505') return new AppError(409, 'conflict', 'This was already done');
  if (code === '23503') return badRequest('It refers to something that does not exist');
  if (code === '23514' || code === '23502' || code.startsWith('22')) return badRequest('Invalid input');
  return null;
}

/** Maps errors thrown by libraries (body parser, koa) to our codes. */
function fromHttpError(err: { status?: number; expose?: boolean; message?: string; type?: string }): AppError {
  const status = err.status ?? 500;
  switch (status) {
    case 400:
      return badRequest(err.type === 'entity.parse.failed' ? 'Malformed JSON body' : 'Bad request');
    case 401:
      return unauthenticated();
    case 403:
      return forbidden();
    case 404:
      return notFound();
    case 413:
      return new AppError(413, 'payload_too_large', 'Request body is larger than 100 kB');
    case 415:
      return new AppError(415, 'unsupported_media_type', 'Send the body as application/json');
    default:
      return status < 500 && status >= 400
        ? new AppError(status, 'conflict', err.expose && err.message ? err.message : 'Request refused')
        : new AppError(500, 'internal_error', 'Something went wrong on our side');
  }
}

export function errorMiddleware() {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      // What the router answers by itself (no route: 404; a route without this method:
      // 405 from allowedMethods) still gets the error body under /api/.
      if (ctx.path.startsWith('/api/') && ctx.status >= 400 && (ctx.body === undefined || typeof ctx.body === 'string')) {
        if (ctx.status === 405) throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed here`, undefined, { Allow: ctx.response.get('Allow') });
        throw ctx.status === 404 ? notFound('Route') : fromHttpError({ status: ctx.status });
      }
    } catch (raw) {
      const err =
        raw instanceof AppError
          ? raw
          : raw instanceof z.ZodError
            ? validationError(raw)
            : (fromDatabaseError(raw) ?? fromHttpError(raw as never));
      if (err.status >= 500) ctx.log?.error({ err: raw }, 'request failed');
      ctx.status = err.status;
      if (err.headers) ctx.set(err.headers);
      const body: ErrorBody = { error: err.message, code: err.code };
      if (err.details?.length) body.details = err.details;
      ctx.body = body;
    }
  };
}
