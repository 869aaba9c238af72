/**
 * Loads the session's user once per request into ctx.state.user (see auth/session-user.ts);
 * a session past its absolute lifetime, or of a deleted user, is ended on the server.
 */
import type { Context, Next } from 'koa';
import { ABSOLUTE_MS, loadSessionUser } from '../auth/session-user';

export function sessionUser() {
  return async function loadUser(ctx: Context, next: Next) {
    const session = ctx.session;
    const userId = session?.userId as string | undefined;
    if (userId) {
      const signedInAt = Number(session!.signedInAt ?? 0);
      const user =
        Date.now() - signedInAt < ABSOLUTE_MS ? await loadSessionUser(ctx.deps.knex, ctx.deps.config, userId) : undefined;
      if (user) ctx.state.user = user;
      else ctx.session = null; // expired or deleted user: end the session on the server
    }
    await next();
  };
}
