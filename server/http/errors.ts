/**
 * The one middleware that turns every failure into the one error body (ErrorBody of
 * shared/errors.ts: `error`, `code`, optional `details`).
 * Services throw the named errors of shared/errors.ts; routes never build error bodies
 * themselves. Errors of libraries (koa, the body parser) and of the database are mapped
 * to the same codes here; the database not answering is a 503 database_unavailable, so a
 * client retries instead of taking it for a refusal or a bug.
 */
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  AppError,
  fromZodError,
  forbidden,
  internalError,
  methodNotAllowed,
  notFound,
  payloadTooLarge,
  unauthenticated,
  unsupportedMediaType,
  validationFailed,
  type ErrorBody,
} from '../../shared/errors';
import { fromDatabaseError, fromUnavailableDatabase } from '../db/errors';

/** Maps errors thrown by libraries (body parser, koa) to our codes. */
function fromHttpError(err: { status?: number; expose?: boolean; message?: string; type?: string; limit?: number }): AppError {
  const status = err.status ?? 500;
  switch (status) {
    case 400:
      return validationFailed(err.type === 'entity.parse.failed' ? 'Malformed JSON body' : 'Bad request');
    case 401:
      return unauthenticated();
    case 403:
      return forbidden();
    case 404:
      return notFound();
    case 413:
      return payloadTooLarge(err.limit);
    case 415:
      return unsupportedMediaType();
    default:
      // Another 4xx a library chose keeps its status; the code says only "refused".
      return status < 500 && status >= 400
        ? new AppError('conflict', err.expose && err.message ? err.message : 'Request refused', { status })
        : internalError();
  }
}

export function errorMiddleware() {
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      // What the router answers by itself (no route: 404; a route without this method:
      // 405 from allowedMethods) still gets the error body under /api/. A JSON answer a
      // route chose (already serialized by then, see json-body.ts) is left as it is.
      const routerText = ctx.body === undefined || (typeof ctx.body === 'string' && !ctx.response.is('json'));
      if (ctx.path.startsWith('/api/') && ctx.status >= 400 && routerText) {
        if (ctx.status === 405) throw methodNotAllowed(ctx.method, ctx.response.get('Allow'));
        throw ctx.status === 404 ? notFound('Route') : fromHttpError({ status: ctx.status });
      }
    } catch (raw) {
      const err =
        raw instanceof AppError
          ? raw
          : raw instanceof z.ZodError
            ? fromZodError(raw)
            : (fromDatabaseError(raw) ?? fromUnavailableDatabase(raw) ?? fromHttpError(raw as never));
      // An outage fails every request at once: one line each, without the stack.
      if (err.code === 'database_unavailable') ctx.log?.warn({ cause: (raw as Error)?.message }, 'database unavailable');
      else if (err.status >= 500) ctx.log?.error({ err: raw }, 'request failed');
      ctx.status = err.status;
      if (err.headers) ctx.set(err.headers);
      const body: ErrorBody = { error: err.message, code: err.code };
      if (err.details?.length) body.details = err.details;
      ctx.body = body;
    }
  };
}

/**
 * What a client that went away mid-response leaves behind: a phone that lost its one bar,
 * a tab closed while an asset streamed. Routine, not a failure of ours.
 */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);

/**
 * Koa's 'error' event: what fails after handleErrors, i.e. a response body streaming when
 * its client goes away or its file cannot be read. Into the request's log, a client that
 * went away at debug, anything else at error. Without a listener Koa prints every one,
 * aborts included, to stderr as a bare stack trace.
 */
export function logResponseErrors(logger: Logger) {
  return (err: Error & { code?: string }, ctx?: Context) => {
    const log = ctx?.log ?? logger;
    if (CLIENT_GONE.has(err?.code ?? '')) log.debug({ code: err.code }, 'client went away before the response ended');
    else log.error({ err }, 'response failed');
  };
}
