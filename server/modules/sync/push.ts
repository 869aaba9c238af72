/**
 * The push (DESIGN section 10): applies a client's queued mutations in order, each
 * exactly once. The whole push is ONE transaction: the client's row is locked, a replayed
 * id gets its stored result back, every new mutation runs (the same service function as
 * its REST route) inside its own savepoint, and the results and the client's last
 * mutation id are stored before the commit. A refused mutation rolls back only its
 * savepoint, is answered `rejected` with the error code, tells its author in a
 * notification, and does not stop the ones behind it.
 *
 * One commit per push, not per mutation: every commit that writes the change log waits
 * for the log's commit lock (migrations/functions.ts), so a crew's phones reconnecting
 * together queue on commits, and a push of N would pay N of them. Nothing of a push is
 * stored until all of it is, so a push cut off midway is simply sent again.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import { fromDatabaseError, isDatabaseUnavailable } from '../../db/errors';
import { AppError, clientIdTaken, fromZodError, internalError, unknownMutation } from '../../../shared/errors';
import { notify } from '../notifications/notify';
import type { MutationResult, PushBody, PushResponse } from '../../../shared/sync';
import type { MutationTable } from './contracts';

type Mutation = PushBody['mutations'][number];

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const isRetryable = (err: unknown) => RETRYABLE.has((err as { code?: string }).code ?? '');
/**
 * A Postgres error about the data (a constraint checked at commit, say), not about the
 * database being unreachable: only then is a mutation at fault and rejected, instead of
 * the push failing and being sent again.
 */
const isDataError = (err: unknown) =>
  typeof (err as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((err as { code: string }).code) && !isRetryable(err) && !isDatabaseUnavailable(err);

function refusal(err: unknown): AppError | null {
  if (err instanceof AppError) return err.status < 500 ? err : null;
  if (err instanceof ZodError) return fromZodError(err);
  return fromDatabaseError(err);
}

const outOfOrder = (id: number): MutationResult => ({
  id,
  status: 'rejected',
  code: 'mutation_out_of_order',
  error: 'Mutation ids must increase; this one is older than the last applied',
});

/** Claims the client id for this user, or refuses when it belongs to someone else. */
async function claimClient(knex: Knex, clientId: string, userId: string): Promise<number> {
  await knex('sync_clients').insert({ id: clientId, user_id: userId }).onConflict('id').ignore();
  const row = await knex('sync_clients').where({ id: clientId }).first('user_id', 'last_mutation_id');
  if (row.user_id !== userId) throw clientIdTaken();
  return Number(row.last_mutation_id);
}

/** Runs one new mutation in a savepoint; a refusal rolls back only that savepoint. */
async function runOne(trx: Knex.Transaction, mutations: MutationTable, user: SessionUser, m: Mutation, logger?: Logger): Promise<MutationResult> {
  const def = mutations[m.name];
  try {
    if (!def) throw unknownMutation(m.name);
    const args = def.schema.parse(m.args ?? {});
    await trx.transaction((sp) => def.run(sp, user, args)); // a savepoint
    return { id: m.id, status: 'applied' };
  } catch (err) {
    if (isRetryable(err) || isDatabaseUnavailable(err)) throw err; // the whole push runs again, or is sent again
    return reject(trx, user, m, err, logger);
  }
}

/**
 * The answer to a mutation that failed, and its author's notification. Anything that is
 * not a known refusal is our fault, but re-throwing would make this mutation block every
 * one behind it forever: it is rejected (and logged), and its author can resend it.
 */
async function reject(trx: Knex.Transaction, user: SessionUser, m: Mutation, err: unknown, logger?: Logger): Promise<MutationResult> {
  const refused = refusal(err) ?? internalError('The server could not apply this action');
  if (refused.status >= 500) logger?.error({ err, mutation: m.name }, 'mutation failed');
  const result: MutationResult = { id: m.id, status: 'rejected', code: refused.code, error: refused.message };
  if (refused.details?.length) result.details = refused.details.map(({ path, message }) => ({ path, message }));
  await notify(trx, {
    to: [user.id],
    kind: 'sync.rejected',
    type: 'system',
    priority: 'high',
    params: { action: m.name, reason: refused.message, code: refused.code, mutation_id: m.id },
  });
  return result;
}

/** Applies `batch` in one transaction; answers a result per mutation and the new last id. */
async function applyBatch(
  knex: Knex,
  mutations: MutationTable,
  user: SessionUser,
  clientId: string,
  batch: Mutation[],
  logger?: Logger,
  run: typeof runOne = runOne,
): Promise<PushResponse> {
  return knex.transaction(async (trx) => {
    const client = await trx('sync_clients').where({ id: clientId }).forUpdate().first('last_mutation_id');
    const lastBefore = Number(client.last_mutation_id);
    const replayedIds = batch.filter((m) => m.id <= lastBefore).map((m) => m.id);
    const stored = new Map<number, MutationResult>();
    if (replayedIds.length) {
      const rows = await trx('sync_mutations').where({ client_id: clientId }).whereIn('mutation_id', replayedIds).select('mutation_id', 'result');
      for (const r of rows) stored.set(Number(r.mutation_id), r.result as MutationResult);
    }

    let last = lastBefore;
    const results: MutationResult[] = [];
    const fresh: MutationResult[] = [];
    for (const m of batch) {
      if (m.id <= last) {
        results.push(stored.get(m.id) ?? fresh.find((r) => r.id === m.id) ?? outOfOrder(m.id));
        continue;
      }
      const result = await run(trx, mutations, user, m, logger);
      results.push(result);
      fresh.push(result);
      last = m.id;
    }
    if (fresh.length) {
      await trx('sync_mutations').insert(fresh.map((r) => ({ client_id: clientId, mutation_id: r.id, result: JSON.stringify(r) })));
      await trx('sync_clients').where({ id: clientId }).update({ last_mutation_id: last, updated_at: trx.fn.now() });
    }
    return { results, last_mutation_id: last };
  });
}

async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt < 4 && isRetryable(err)) continue;
      throw err;
    }
  }
}

export async function push(knex: Knex, mutations: MutationTable, user: SessionUser, body: PushBody, logger?: Logger): Promise<PushResponse> {
  const lastClaimed = await claimClient(knex, body.client_id, user.id);
  if (!body.mutations.length) return { results: [], last_mutation_id: lastClaimed };
  try {
    return await withRetries(() => applyBatch(knex, mutations, user, body.client_id, body.mutations, logger));
  } catch (err) {
    // The batch failed as a whole (at its commit, say), so nothing of it was stored. One
    // by one, only the mutation at fault fails, and the ones before it are kept.
    if (!isDataError(err)) throw err;
    logger?.warn({ err }, 'push batch failed; applying its mutations one by one');
    const results: MutationResult[] = [];
    let last = lastClaimed;
    for (const m of body.mutations) {
      const one = (run?: typeof runOne) => withRetries(() => applyBatch(knex, mutations, user, body.client_id, [m], logger, run));
      // A mutation that cannot commit even alone is stored as rejected, so it does not
      // block the ones behind it.
      const res = await one().catch((cause) => {
        if (!isDataError(cause)) throw cause;
        return one((trx, _table, u, failed) => reject(trx, u, failed, cause, logger));
      });
      results.push(...res.results);
      last = res.last_mutation_id;
    }
    return { results, last_mutation_id: last };
  }
}
