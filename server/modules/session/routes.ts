/**
 * Sign-in, sessions and the current user.
 * grant runs the OIDC flow and leaves its result in the session; /api/auth/done turns it
 * into a user and a one-time login code; POST /api/sessions exchanges the code for a fresh
 * session. No token ever appears in a URL.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../../config';
import { forbidden, invalidLoginCode, loginCodeOtherBrowser } from '../../../shared/errors';
import { route } from '../../http/route';
import { guideSeenSchema, meSchema, sessionCreateSchema, sessionStateSchema } from '../../../shared/schemas/user';
import { PROFILE_COLUMNS } from '../profiles/service';
import { ownerStatusSchema } from '../../../shared/schemas/admin';
import { Limiter } from '../../http/rate-limit';
import { LOGIN_CODE_TTL_SECONDS, consumeLoginCode, createLoginCode, loginCookieName } from '../../auth/login-codes';
import { findOrCreateUser } from '../../auth/users';
import { guideSeenAt, markGuideSeen } from '../../auth/guide';
import { AUTH_DONE_PATH, type OidcProvider } from '../../auth/oidc';

interface GrantResponse {
  error?: unknown;
  jwt?: { id_token?: { payload?: Record<string, unknown> } };
}

export function authRouter(config: Config, provider: OidcProvider): Router {
  const router = new Router();
  const failedLogins = new Limiter('failed-login', config.limits.loginFailuresPer15Min, 15 * 60);
  const loginCookie = loginCookieName(config.https);
  // Unsigned: the key is random and checked against its stored hash, a signature adds nothing.
  const loginCookieOptions = { httpOnly: true, sameSite: 'lax', secure: config.https, path: '/', overwrite: true, signed: false } as const;

  route(
    router,
    { method: 'get', path: '/api/oauth/google/redirect_url', summary: 'Where the browser goes to sign in', tag: 'session', access: 'public' },
    () => ({ redirectUrl: `${config.publicUrl}/connect/${provider.name}` }),
  );

  // The end of grant's flow: a browser redirect, not a JSON call.
  router.get(AUTH_DONE_PATH, async (ctx: Context) => {
    const response = (ctx.session?.grant as { response?: GrantResponse } | undefined)?.response;
    if (ctx.session) ctx.session.grant = undefined;
    const claims = response?.jwt?.id_token?.payload;
    const fail = (reason: string) => {
      ctx.log.warn({ reason }, 'sign-in refused');
      ctx.redirect(`/?login_error=${encodeURIComponent(reason)}`);
    };
    if (!response || response.error || !claims) return fail('provider_error');
    if (!provider.issuers.includes(String(claims.iss))) return fail('bad_issuer');
    if (typeof claims.email !== 'string' || claims.email_verified !== true || typeof claims.sub !== 'string') {
      return fail('email_not_verified');
    }
    const user = await findOrCreateUser(ctx.deps.knex, config, {
      provider: provider.name,
      subject: claims.sub,
      email: claims.email,
      name: typeof claims.name === 'string' ? claims.name : undefined,
    });
    if (!user) return fail('account_removed');
    // The code goes in the URL, its browser key in this browser's cookie: only the browser
    // that ran the sign-in (grant's state proved it is the one that started it) can use it.
    const { code, browserKey } = await createLoginCode(ctx.deps.knex, user.id);
    ctx.cookies.set(loginCookie, browserKey, { ...loginCookieOptions, maxAge: LOGIN_CODE_TTL_SECONDS * 1000 });
    ctx.redirect(`/auth/callback?code=${encodeURIComponent(code)}`);
  });

  route(
    router,
    { method: 'post', path: '/api/sessions', summary: 'Exchange a one-time login code for a session', tag: 'session', access: 'public', body: sessionCreateSchema },
    async ({ ctx, knex, body: { code } }) => {
      await failedLogins.check(ctx, ctx.ip);
      const used = await consumeLoginCode(knex, code, ctx.cookies.get(loginCookie, { signed: false }));
      if ('refused' in used) {
        await failedLogins.consume(ctx, ctx.ip);
        throw used.refused === 'other_browser' ? loginCodeOtherBrowser() : invalidLoginCode();
      }
      const { userId } = used;
      ctx.cookies.set(loginCookie, null, loginCookieOptions);
      // A new session id at sign-in, so an id planted before sign-in is worthless after it.
      ctx.session!.grant = undefined;
      ctx.session!.userId = userId;
      ctx.session!.signedInAt = Date.now();
      await ctx.session!.regenerate();
      return { ok: true };
    },
  );

  route(
    router,
    { method: 'get', path: '/api/users/me', summary: 'The signed-in user', tag: 'session', access: 'user', response: meSchema },
    async ({ knex, user: { id, email, name, is_admin, is_owner, company_id, member_role } }) => ({
      id,
      email,
      name,
      is_admin,
      is_owner,
      company_id,
      member_role,
      guide_seen_at: await guideSeenAt(knex, id),
    }),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/users/me/guide-seen',
      summary: 'I closed the role guide: it stays closed on every device I sign in on (the first time is kept)',
      tag: 'session',
      access: 'user',
      response: guideSeenSchema,
    },
    async ({ ctx, knex, user }) => ({ guide_seen_at: await markGuideSeen(knex, user.id, ctx.deps.clock.now()) }),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/session',
      summary: 'Who is signed in, with their profile; {user: null} when no one is (200 either way)',
      tag: 'session',
      access: 'public',
      response: sessionStateSchema,
    },
    async ({ ctx, knex, user }) => {
      ctx.set('Cache-Control', 'no-store');
      if (!user) return ctx.state.accountDeleted ? { user: null, profile: null, account_deleted: true as const } : { user: null, profile: null };
      const { id, email, name, is_admin, is_owner, company_id, member_role } = user;
      const row = company_id ? ((await knex('profiles').where({ user_id: company_id }).first(PROFILE_COLUMNS)) ?? null) : null;
      const profile = row && member_role === 'driver' ? { ...row, role: 'driver' } : row;
      return { user: { id, email, name, is_admin, is_owner, company_id, member_role, guide_seen_at: await guideSeenAt(knex, id) }, profile };
    },
  );

  // POST is the one the client uses: the Origin check refuses it from another site. GET
  // stays, as the published API has it, but not from another site's link or image
  // (browsers say where a request comes from in Sec-Fetch-Site).
  for (const method of ['post', 'get'] as const) {
    route(router, { method, path: '/api/logout', summary: 'End the session on the server', tag: 'session', access: 'public' }, ({ ctx }) => {
      const site = ctx.get('Sec-Fetch-Site');
      if (method === 'get' && site && site !== 'same-origin' && site !== 'none') {
        throw forbidden('Sign out from the app itself');
      }
      ctx.session = null;
      return { ok: true };
    });
  }

  route(
    router,
    { method: 'get', path: '/api/admin/owner-status', summary: 'Whether I am the site owner', tag: 'admin', access: 'user', response: ownerStatusSchema },
    ({ user }) => ({ isOwner: user.is_owner }),
  );

  return router;
}
