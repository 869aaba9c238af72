/**
 * Loads the session's user once per request into ctx.state.user (see auth/session-user.ts;
 * the session store reads them with the session, auth/session-store.ts);
 * a session past its absolute lifetime, or of a deleted user, is ended on the server; the
 * tombstone of an account its person deleted is marked (ctx.state.accountDeleted).
 */
import type { Context, Next } from 'koa';
import { ABSOLUTE_MS, loadSessionUser, toSessionUser, type SessionUser } from '../auth/session-user';

/** The user as the session store read them with the session, else from the database. */
async function currentUser(ctx: Context, userId: string): Promise<SessionUser | undefined> {
  const lookup = ctx.state.sessionUserLookup;
  if (lookup?.userId !== userId) return loadSessionUser(ctx.deps.knex, ctx.deps.config, userId);
  return lookup.row ? toSessionUser(lookup.row, ctx.deps.config) : undefined;
}

export function sessionUser() {
  return async function loadUser(ctx: Context, next: Next) {
    const session = ctx.session;
    const userId = session?.userId as string | undefined;
    // Whoever it was deleted their account: kept until it would have expired, so that each of
    // their devices hears it when it next connects (account/deletion.ts).
    if (session?.accountDeleted === true) ctx.state.accountDeleted = true;
    if (userId) {
      const signedInAt = Number(session!.signedInAt ?? 0);
      const user = Date.now() - signedInAt < ABSOLUTE_MS ? await currentUser(ctx, userId) : undefined;
      // The request's address rides with the user to the services, which put it on their audit rows.
      if (user) ctx.state.user = { ...user, ip: ctx.ip };
      else ctx.session = null; // expired or deleted user: end the session on the server
    }
    await next();
  };
}
