/**
 * Advisory locks held until the transaction ends, taken once per transaction: a push of
 * ten product creations asks Postgres for the supplier's plan-limit lock once, not ten
 * times. Remembered per transaction object: a savepoint is an object of its own, and a
 * lock taken inside one is released if it rolls back, so what a savepoint took is never
 * assumed of its parent (nor the reverse, which would merely lock again).
 */
import type { Knex } from 'knex';

const held = new WeakMap<Knex.Transaction, Set<string>>();

export async function lockForTransaction(trx: Knex.Transaction, key: string): Promise<void> {
  let keys = held.get(trx);
  if (keys?.has(key)) return;
  await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [key]);
  if (!keys) held.set(trx, (keys = new Set()));
  keys.add(key);
}
