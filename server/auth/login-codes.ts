/**
 * One-time login codes: the only thing that travels in a URL after sign-in. 256 random
 * bits, stored as a SHA-256 hash, valid for 60 seconds, consumed atomically.
 *
 * A code is bound to the browser that ran the sign-in: with the code goes a random
 * browser key, kept in that browser's HttpOnly cookie (loginCookieName) and stored hashed
 * beside the code's hash. POST /api/sessions exchanges a code only with its key. Without
 * the binding, anyone could stop their own sign-in at /auth/callback?code=… and get a
 * victim to open that link: the victim's browser would be signed into the attacker's
 * account (login CSRF) and file bids under the attacker's company.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

export const LOGIN_CODE_TTL_SECONDS = 60;

const hash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** The cookie holding the browser key; __Host- under https, as the session cookie. */
export const loginCookieName = (https: boolean) => (https ? '__Host-binaa.login' : 'binaa.login');

export interface LoginCode {
  /** goes in the /auth/callback URL */
  code: string;
  /** goes in the browser's cookie, never in a URL */
  browserKey: string;
}

export async function createLoginCode(knex: Knex, userId: string): Promise<LoginCode> {
  const code = crypto.randomBytes(32).toString('base64url');
  const browserKey = crypto.randomBytes(32).toString('base64url');
  await knex('login_codes').insert({
    code_hash: hash(code),
    browser_hash: hash(browserKey),
    user_id: userId,
    expires_at: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000),
  });
  return { code, browserKey };
}

/**
 * The user id the code was issued to, once; `other_browser` when the code is live but the
 * browser key is missing or not its own (the code stays unused: it is the attacker's);
 * `invalid` when it is unknown, used or expired.
 */
export async function consumeLoginCode(
  knex: Knex,
  code: string,
  browserKey: string | undefined,
): Promise<{ userId: string } | { refused: 'invalid' | 'other_browser' }> {
  const live = () => knex('login_codes').where({ code_hash: hash(code) }).whereNull('used_at').andWhere('expires_at', '>', knex.fn.now());
  if (browserKey) {
    const rows = await live().andWhere({ browser_hash: hash(browserKey) }).update({ used_at: knex.fn.now() }).returning('user_id');
    if (rows[0]) return { userId: rows[0].user_id };
  }
  return { refused: (await live().first('user_id')) ? 'other_browser' : 'invalid' };
}
