import type { Context } from 'koa';

/** The session cookie's name (koa-session keeps the id of the `sessions` row in it). */
export const sessionCookieName = (https: boolean) => (https ? '__Host-binaa.sid' : 'binaa.sid');

/** The id of the request's session row, from its signed cookie. */
export function sessionIdOf(ctx: Context): string | undefined {
  return ctx.cookies.get(sessionCookieName(ctx.deps.config.https), { signed: true }) || undefined;
}
