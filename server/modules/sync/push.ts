/**
 * The push: applies a client's queued mutations in order, each
 * exactly once. The whole push is ONE transaction: the client's row is locked, a replayed
 * id gets its stored result back, every new mutation runs (the same service function as
 * its REST route), and the results and the client's last mutation id are stored before
 * the commit. A refused mutation is answered `rejected` with the error code and does not
 * stop the ones behind it; a push's refusals tell their author in ONE notification (the
 * first refusal and how many there were), so a queue of 200 refused actions is one alert,
 * not 200.
 *
 * One commit per push, not per mutation: every commit that writes the change log waits
 * for the log's commit lock (migrations/functions.ts), so a crew's phones reconnecting
 * together queue on commits, and a push of N would pay N of them. Nothing of a push is
 * stored until all of it is, so a push cut off midway is simply sent again.
 *
 * Savepoints only when needed: a push runs first without them (most are refused nothing,
 * and each savepoint costs two round trips and a subtransaction); when a mutation's
 * service throws, that attempt is rolled back and the push runs again with a savepoint
 * around each mutation, so a refusal undoes only its own writes. In that first run, new
 * mutations of one name in a row go to their area's runMany when it has one (a supplier's
 * stock entered offline: one statement, not one per product).
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import { fromDatabaseError, isDatabaseUnavailable } from '../../db/errors';
import { prepared } from '../../db/prepared';
import { AppError, clientIdTaken, fromZodError, internalError, unknownMutation } from '../../../shared/errors';
import type { MutationResult, PushBody, PushResponse } from '../../../shared/sync';
import type { MutationDef, MutationDeps, MutationTable, Refusal, SyncRegistry } from './contracts';

type Mutation = PushBody['mutations'][number];

interface PushContext {
  knex: Knex;
  mutations: MutationTable;
  tellRefusals: SyncRegistry['tellRefusals'];
  deps: MutationDeps;
  user: SessionUser;
  clientId: string;
  logger?: Logger;
  /** false while a failed push runs one by one: its refusals are told once, at the end */
  tell: boolean;
}

/** What one transaction of the push did: the answer, and the refusals it made. */
interface Outcome extends PushResponse {
  refused: Refusal[];
}

/**
 * The definition of a mutation name, looked up among the table's own keys only: a name
 * such as `constructor`, `__proto__` or `toString` would otherwise find the object
 * prototype's members and fail as a bug instead of being the unknown mutation it is.
 */
const definitionOf = (table: MutationTable, name: string): MutationDef | undefined =>
  Object.hasOwn(table, name) ? table[name] : undefined;

/** How a batch runs its new mutations: without savepoints first, with them after a throw, or rejecting one that cannot commit. */
type Mode = { savepoints: boolean } | { rejectWith: unknown };

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const isRetryable = (err: unknown) => RETRYABLE.has((err as { code?: string }).code ?? '');
/** The push as a whole must run again or be sent again; no mutation is at fault. */
const isTransient = (err: unknown) => isRetryable(err) || isDatabaseUnavailable(err);
/**
 * A Postgres error about the data (a constraint checked at commit, say), not about the
 * database being unreachable: only then is a mutation at fault and rejected, instead of
 * the push failing and being sent again.
 */
const isDataError = (err: unknown) => /^[0-9A-Z]{5}$/.test(String((err as { code?: unknown }).code)) && !isTransient(err);

/** Thrown out of an attempt without savepoints when a mutation's service threw. */
class NeedsSavepoints extends Error {}

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

/**
 * The answer to a mutation that failed. Anything that is not a known refusal is our
 * fault, but re-throwing would make this mutation block every one behind it forever: it
 * is rejected (and logged), and its author can resend it.
 */
function reject(ctx: PushContext, m: Mutation, err: unknown): MutationResult {
  const refused = refusal(err) ?? internalError('The server could not apply this action');
  if (refused.status >= 500) ctx.logger?.error({ err, mutation: m.name }, 'mutation failed');
  const result: MutationResult = { id: m.id, status: 'rejected', code: refused.code, error: refused.message };
  if (refused.details?.length) result.details = refused.details.map(({ path, message }) => ({ path, message }));
  return result;
}

/** One notification for all of a push's refusals, if it made any. */
async function tellRefusals(trx: Knex.Transaction, ctx: PushContext, refused: Refusal[]): Promise<void> {
  if (refused.length) await ctx.tellRefusals(trx, ctx.user, refused);
}

/** Runs one new mutation (`parsed`: its args, when runOfMany already parsed them). */
async function runOne(trx: Knex.Transaction, ctx: PushContext, m: Mutation, mode: Mode, parsed?: { args: unknown }): Promise<MutationResult> {
  if ('rejectWith' in mode) return reject(ctx, m, mode.rejectWith);
  const def = definitionOf(ctx.mutations, m.name);
  let args: unknown;
  try {
    if (!def) throw unknownMutation(m.name);
    args = parsed ? parsed.args : def.schema.parse(m.args ?? {});
  } catch (err) {
    return reject(ctx, m, err); // nothing was written
  }
  try {
    if (mode.savepoints) await trx.transaction((sp) => def.run(sp, ctx.user, args as never, ctx.deps));
    else await def.run(trx, ctx.user, args as never, ctx.deps);
    return { id: m.id, status: 'applied' };
  } catch (err) {
    if (isTransient(err)) throw err;
    if (!mode.savepoints) throw new NeedsSavepoints(); // its writes so far cannot be undone alone
    return reject(ctx, m, err);
  }
}

/**
 * The new mutations from `from` on that their area can apply at once (runMany): of one
 * name, ids increasing, args valid. A mutation with invalid args ends the run; it is
 * rejected on its own.
 */
function runOfMany(ctx: PushContext, batch: Mutation[], from: number): Array<{ m: Mutation; args: unknown }> {
  const def = definitionOf(ctx.mutations, batch[from].name);
  const run: Array<{ m: Mutation; args: unknown }> = [];
  if (!def?.runMany) return run;
  for (const m of batch.slice(from)) {
    if (m.name !== batch[from].name || (run.length && m.id <= run[run.length - 1].m.id)) break;
    const parsed = def.schema.safeParse(m.args ?? {});
    if (!parsed.success) break;
    run.push({ m, args: parsed.data });
  }
  return run;
}

/** Applies a run of one mutation at once, all or none; when any is refused, the push runs again one by one. */
async function runMany(trx: Knex.Transaction, ctx: PushContext, run: Array<{ m: Mutation; args: unknown }>): Promise<MutationResult[]> {
  try {
    await definitionOf(ctx.mutations, run[0].m.name)!.runMany!(trx, ctx.user, run.map((r) => r.args) as never, ctx.deps);
  } catch (err) {
    if (isTransient(err)) throw err;
    throw new NeedsSavepoints();
  }
  return run.map(({ m }) => ({ id: m.id, status: 'applied' }));
}

/** Applies `batch` in one transaction; answers a result per mutation, the new last id and its refusals. */
async function applyBatch(ctx: PushContext, batch: Mutation[], mode: Mode): Promise<Outcome> {
  return ctx.knex.transaction(async (trx) => {
    // The client's row, made on its first push and locked (an upsert's update locks the
    // row it returns), in one statement. user_id is never overwritten: a client id that is
    // someone else's stays theirs and is refused below.
    // Both bookkeeping statements are prepared (planned once per connection): every push runs them.
    const [client] = await prepared<{ user_id: string; last_mutation_id: string }>(
      trx,
      trx('sync_clients').insert({ id: ctx.clientId, user_id: ctx.user.id }).onConflict('id').merge({ updated_at: trx.fn.now() }).returning(['user_id', 'last_mutation_id']),
    );
    if (client.user_id !== ctx.user.id) throw clientIdTaken();
    const lastBefore = Number(client.last_mutation_id);
    const replayedIds = batch.filter((m) => m.id <= lastBefore).map((m) => m.id);
    const stored = new Map<number, MutationResult>();
    if (replayedIds.length) {
      const rows = await trx('sync_mutations').where({ client_id: ctx.clientId }).whereIn('mutation_id', replayedIds).select('mutation_id', 'result');
      for (const r of rows) stored.set(Number(r.mutation_id), r.result as MutationResult);
    }

    let last = lastBefore;
    const results: MutationResult[] = [];
    const fresh: MutationResult[] = [];
    for (let i = 0; i < batch.length; ) {
      const m = batch[i];
      if (m.id <= last) {
        results.push(stored.get(m.id) ?? fresh.find((r) => r.id === m.id) ?? outOfOrder(m.id));
        i++;
        continue;
      }
      const run = !('rejectWith' in mode) && !mode.savepoints ? runOfMany(ctx, batch, i) : [];
      const applied = run.length > 1 ? await runMany(trx, ctx, run) : [await runOne(trx, ctx, m, mode, run[0])];
      results.push(...applied);
      fresh.push(...applied);
      i += applied.length;
      last = batch[i - 1].id;
    }
    const refused = fresh.filter((r) => r.status === 'rejected').map((result) => ({ name: batch.find((m) => m.id === result.id)!.name, result }));
    if (ctx.tell) await tellRefusals(trx, ctx, refused);
    if (fresh.length) {
      // The results and the client's last id, in one statement.
      await prepared(
        trx,
        trx
          .with('stored', trx('sync_mutations').insert(fresh.map((r) => ({ client_id: ctx.clientId, mutation_id: r.id, result: JSON.stringify(r) }))))
          .from('sync_clients')
          .where({ id: ctx.clientId })
          .update({ last_mutation_id: last, updated_at: trx.fn.now() }),
      );
    }
    return { results, last_mutation_id: last, refused };
  });
}

/** applyBatch, again after a deadlock or serialization failure, and with savepoints once a mutation threw. */
async function attempt(ctx: PushContext, batch: Mutation[], mode: Mode = { savepoints: false }): Promise<Outcome> {
  for (let tries = 1; ; tries++) {
    try {
      return await applyBatch(ctx, batch, mode);
    } catch (err) {
      if (err instanceof NeedsSavepoints) mode = { savepoints: true };
      else if (!(tries < 4 && isRetryable(err))) throw err;
    }
  }
}

export async function push(knex: Knex, registry: SyncRegistry, deps: MutationDeps, user: SessionUser, body: PushBody, logger?: Logger): Promise<PushResponse> {
  const ctx: PushContext = { knex, mutations: registry.mutations, tellRefusals: registry.tellRefusals, deps, user, clientId: body.client_id, logger, tell: true };
  try {
    const { results, last_mutation_id } = await attempt(ctx, body.mutations);
    return { results, last_mutation_id };
  } catch (err) {
    // The batch failed as a whole (at its commit, say), so nothing of it was stored. One
    // by one, only the mutation at fault fails, and the ones before it are kept; one that
    // cannot commit even alone is stored as rejected, so it does not block the rest.
    if (!isDataError(err)) throw err;
    logger?.warn({ err }, 'push batch failed; applying its mutations one by one');
    const oneByOne: PushContext = { ...ctx, tell: false };
    const results: MutationResult[] = [];
    const refused: Refusal[] = [];
    let last = 0;
    for (const m of body.mutations) {
      const res = await attempt(oneByOne, [m]).catch((cause) => {
        if (!isDataError(cause)) throw cause;
        return attempt(oneByOne, [m], { rejectWith: cause });
      });
      results.push(...res.results);
      refused.push(...res.refused);
      last = res.last_mutation_id;
    }
    // Told after the last one has committed: still one notification for the push.
    if (refused.length) await knex.transaction((trx) => tellRefusals(trx, ctx, refused));
    return { results, last_mutation_id: last };
  }
}
