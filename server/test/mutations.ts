/**
 * Calling an area's sync mutations directly, as the push does, in the tests that check
 * each mutation applies its REST route's rules.
 */
import type { Knex } from 'knex';
import { expect } from 'vitest';
import { AppError } from '../../shared/errors';
import type { SessionUser } from '../auth/session-user';
import type { MutationDeps, MutationTable } from '../modules/sync/contracts';

/** Runs mutation `name` of `table` for `user` in its own transaction with the app's `deps`, as the push would. */
export function runMutation(knex: Knex, deps: MutationDeps, table: MutationTable, name: string, user: SessionUser, args: unknown) {
  const m = table[name];
  if (!m) throw new Error(`no mutation ${name}`);
  return knex.transaction((trx) => m.run(trx, user, m.schema.parse(args), deps));
}

/** The status and code of the named error a refused call threw; fails if it was not refused. */
export async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { status: (err as AppError).status, code: (err as AppError).code };
}
