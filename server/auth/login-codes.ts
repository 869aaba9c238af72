/**
 * One-time login codes: the only thing that travels in a URL after sign-in. 256 random
 * bits, stored as a SHA-256 hash, valid for 60 seconds, consumed atomically.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';

export const LOGIN_CODE_TTL_SECONDS = 60;

const hash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

export async function createLoginCode(knex: Knex, userId: string): Promise<string> {
  const code = crypto.randomBytes(32).toString('base64url');
  await knex('login_codes').insert({
    code_hash: hash(code),
    user_id: userId,
    expires_at: new Date(Date.now() + LOGIN_CODE_TTL_SECONDS * 1000),
  });
  return code;
}

/** Returns the user id the code was issued to, or null when it is unknown, used or expired. */
export async function consumeLoginCode(knex: Knex, code: string): Promise<string | null> {
  const rows = await knex('login_codes')
    .where({ code_hash: hash(code) })
    .whereNull('used_at')
    .andWhere('expires_at', '>', knex.fn.now())
    .update({ used_at: knex.fn.now() })
    .returning('user_id');
  return rows[0]?.user_id ?? null;
}
