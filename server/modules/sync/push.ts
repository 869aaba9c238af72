/**
 * The push (DESIGN section 10): applies a client's queued mutations in order, each
 * exactly once. For each one, in ONE transaction: the client's row is locked, a replayed
 * id gets its stored result back, otherwise the mutation runs (the same service function
 * as its REST route) inside a savepoint, and its result and the client's last mutation id
 * are stored. A refused mutation rolls back only itself, is answered `rejected` with the
 * error code, tells its author in a notification, and does not stop the ones behind it.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import { fromDatabaseError } from '../../db/errors';
import { AppError, clientIdTaken, fromZodError, internalError, unknownMutation } from '../../../shared/errors';
import { notify } from '../notifications/notify';
import type { MutationResult, PushBody, PushResponse } from '../../../shared/sync';
import type { MutationTable } from './contracts';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock

function refusal(err: unknown): AppError | null {
  if (err instanceof AppError) return err.status < 500 ? err : null;
  if (err instanceof ZodError) return fromZodError(err);
  return fromDatabaseError(err);
}

/** Claims the client id for this user, or refuses when it belongs to someone else. */
async function claimClient(knex: Knex, clientId: string, userId: string): Promise<number> {
  await knex('sync_clients').insert({ id: clientId, user_id: userId }).onConflict('id').ignore();
  const row = await knex('sync_clients').where({ id: clientId }).first('user_id', 'last_mutation_id');
  if (row.user_id !== userId) throw clientIdTaken();
  return Number(row.last_mutation_id);
}

async function applyOne(
  knex: Knex,
  mutations: MutationTable,
  user: SessionUser,
  clientId: string,
  m: PushBody['mutations'][number],
  logger?: Logger,
): Promise<MutationResult> {
  return knex.transaction(async (trx) => {
    const client = await trx('sync_clients').where({ id: clientId }).forUpdate().first('last_mutation_id');
    if (m.id <= Number(client.last_mutation_id)) {
      const stored = await trx('sync_mutations').where({ client_id: clientId, mutation_id: m.id }).first('result');
      return (
        (stored?.result as MutationResult | undefined) ?? {
          id: m.id,
          status: 'rejected',
          code: 'mutation_out_of_order',
          error: 'Mutation ids must increase; this one is older than the last applied',
        }
      );
    }

    let result: MutationResult = { id: m.id, status: 'applied' };
    const def = mutations[m.name];
    try {
      if (!def) throw unknownMutation(m.name);
      const args = def.schema.parse(m.args ?? {});
      await trx.transaction((sp) => def.run(sp, user, args)); // a savepoint
    } catch (err) {
      if (RETRYABLE.has((err as { code?: string }).code ?? '')) throw err;
      // Anything else that is not a known refusal is our fault, but re-throwing would
      // make this mutation block every one behind it forever: it is rejected (and logged),
      // and its author can resend it from the outbox.
      const refused = refusal(err) ?? internalError('The server could not apply this action');
      if (refused.status >= 500) logger?.error({ err, mutation: m.name }, 'mutation failed');
      result = { id: m.id, status: 'rejected', code: refused.code, error: refused.message };
      if (refused.details?.length) result.details = refused.details.map(({ path, message }) => ({ path, message }));
      await notify(trx, {
        to: [user.id],
        kind: 'sync.rejected',
        type: 'system',
        priority: 'high',
        params: { action: m.name, reason: refused.message, code: refused.code, mutation_id: m.id },
      });
    }
    await trx('sync_mutations').insert({ client_id: clientId, mutation_id: m.id, result: JSON.stringify(result) });
    await trx('sync_clients').where({ id: clientId }).update({ last_mutation_id: m.id, updated_at: trx.fn.now() });
    return result;
  });
}

export async function push(knex: Knex, mutations: MutationTable, user: SessionUser, body: PushBody, logger?: Logger): Promise<PushResponse> {
  let last = await claimClient(knex, body.client_id, user.id);
  const results: MutationResult[] = [];
  for (const m of body.mutations) {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await applyOne(knex, mutations, user, body.client_id, m, logger);
        results.push(result);
        last = Math.max(last, m.id);
        break;
      } catch (err) {
        if (attempt < 4 && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
        throw err;
      }
    }
  }
  return { results, last_mutation_id: last };
}
