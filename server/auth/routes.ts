/**
 * Sign-in, sessions and the current user (SPEC section 7, DESIGN section 7).
 * grant runs the OIDC flow and leaves its result in the session; /api/auth/done turns it
 * into a user and a one-time login code; POST /api/sessions exchanges the code for a fresh
 * session. No token ever appears in a URL.
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { Context } from 'koa';
import type { Config } from '../config';
import { badRequest } from '../http/errors';
import { parse } from '../http/validate';
import { requireUser } from '../http/guards';
import { Limiter } from '../http/rate-limit';
import { consumeLoginCode, createLoginCode } from './login-codes';
import { findOrCreateUser } from './users';
import type { OidcProvider } from './oidc';

const sessionBody = z.strictObject({ code: z.string().trim().min(1).max(200) });

interface GrantResponse {
  error?: unknown;
  jwt?: { id_token?: { payload?: Record<string, unknown> } };
}

export function authRouter(config: Config, provider: OidcProvider): Router {
  const router = new Router();
  const failedLogins = new Limiter(config.limits.loginFailuresPer15Min, 15 * 60);

  router.get('/api/oauth/google/redirect_url', (ctx) => {
    ctx.body = { redirectUrl: `${config.publicUrl}/connect/${provider.name}` };
  });

  router.get('/api/auth/done', async (ctx: Context) => {
    const response = (ctx.session?.grant as { response?: GrantResponse } | undefined)?.response;
    if (ctx.session) ctx.session.grant = undefined;
    const claims = response?.jwt?.id_token?.payload;
    const fail = (reason: string) => {
      ctx.log.warn({ reason }, 'sign-in refused');
      ctx.redirect(`/?login_error=${encodeURIComponent(reason)}`);
    };
    if (!response || response.error || !claims) return fail('provider_error');
    if (!provider.issuers.includes(String(claims.iss))) return fail('bad_issuer');
    if (typeof claims.email !== 'string' || claims.email_verified === false || typeof claims.sub !== 'string') {
      return fail('email_not_verified');
    }
    const user = await findOrCreateUser(ctx.deps.knex, config, {
      provider: provider.name,
      subject: claims.sub,
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    });
    if (!user) return fail('account_removed');
    const code = await createLoginCode(ctx.deps.knex, user.id);
    ctx.redirect(`/auth/callback?code=${encodeURIComponent(code)}`);
  });

  router.post('/api/sessions', async (ctx) => {
    await failedLogins.check(ctx.ip);
    const { code } = parse(sessionBody, ctx.request.body);
    const userId = await consumeLoginCode(ctx.deps.knex, code);
    if (!userId) {
      await failedLogins.consume(ctx.ip);
      throw badRequest('The login code is invalid, used or expired', undefined, 'invalid_login_code');
    }
    // A new session id at sign-in, so an id planted before sign-in is worthless after it.
    ctx.session!.grant = undefined;
    ctx.session!.userId = userId;
    ctx.session!.signedInAt = Date.now();
    await ctx.session!.regenerate();
    ctx.body = { ok: true };
  });

  router.get('/api/users/me', (ctx) => {
    const { id, email, name, is_admin, is_owner } = requireUser(ctx);
    ctx.body = { id, email, name, is_admin, is_owner };
  });

  router.get('/api/logout', (ctx) => {
    ctx.session = null;
    ctx.body = { ok: true };
  });

  router.get('/api/admin/owner-status', (ctx) => {
    ctx.body = { isOwner: requireUser(ctx).is_owner };
  });

  return router;
}
