/**
 * Request hygiene for every state-changing call: JSON only (415),
 * same origin only (403), plus the security headers of every response.
 */
import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';
import { badOrigin, httpsRequired, unsupportedMediaType } from '../../shared/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `scriptHashes`: the inline scripts allowed, by hash, as of now (static.ts, inlineScriptHashes). */
export function securityHeaders(production: boolean, scriptHashes: () => string[] = () => []) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", () => scriptHashes().join(' ')],
        // Fluent UI (Griffel) inserts its style rules at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Product photos may live on a supplier's own site.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * A site whose public URL is https answers plain http only with a way out. Its cookies are
 * Secure, and Koa refuses to set a Secure cookie on a request it does not know to be
 * https (no TLS, and no X-Forwarded-Proto: https from a trusted proxy), which would be a
 * 500 on the first write to the session. A page or sign-in step (GET or HEAD outside
 * /api/) is redirected to the same path on the public https origin; anything else, API
 * calls included, gets 403 https_required before the session is read.
 */
export function requireHttps(publicUrl: string) {
  return async function httpsOnly(ctx: Context, next: Next) {
    if (ctx.secure) return next();
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && !ctx.path.startsWith('/api/')) {
      ctx.status = 308;
      ctx.redirect(`${publicUrl}${ctx.originalUrl}`);
      return;
    }
    throw httpsRequired();
  };
}

/** Writes must come from our own origin: the CSRF half that SameSite=Lax leaves open. */
export function originCheck(publicUrl: string, exempt: string[] = []) {
  const allowed = new URL(publicUrl).origin;
  return async function checkOrigin(ctx: Context, next: Next) {
    if (!SAFE.has(ctx.method) && !exempt.includes(ctx.path)) {
      const origin = ctx.get('Origin') || refererOrigin(ctx.get('Referer'));
      if (origin !== allowed) {
        throw badOrigin();
      }
    }
    await next();
  };
}

function refererOrigin(referer: string): string {
  if (!referer) return '';
  try {
    return new URL(referer).origin;
  } catch {
    return '';
  }
}

/** API writes carry JSON or nothing at all. */
export function jsonOnly() {
  return async function requireJson(ctx: Context, next: Next) {
    if (!SAFE.has(ctx.method) && ctx.path.startsWith('/api/')) {
      // is() answers null when there is no body at all, false for any other type; an empty
      // body (Content-Length: 0, as fetch sends for a bodyless PUT) carries nothing to parse.
      if (ctx.request.length !== 0 && ctx.is('application/json') === false) {
        throw unsupportedMediaType();
      }
    }
    await next();
  };
}
