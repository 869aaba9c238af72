/**
 * What each area gives the sync endpoints, so the change feed and the
 * push reuse the areas' own rules instead of repeating them:
 * - mutations: the writes a client may queue offline, each running the same service
 *   function as its REST route (one rule, two doors);
 * - loaders: the current rows of an entity by id, as the REST API presents them, limited
 *   to what this user may see now. An id a loader leaves out reaches the client as a delete.
 */
import type { Knex } from 'knex';
import type { z } from 'zod';
import type { SessionUser } from '../../auth/session-user';
import type { SyncedEntity } from '../../db/changes';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import { MUTATIONS, type MutationArgs, type MutationName } from '../../../shared/mutations';
import type { MutationResult } from '../../../shared/sync';

/** What a mutation reads of its app besides the database: the app's configuration and clock (createApp's deps), never a module's variable. */
export interface MutationDeps {
  config: Config;
  clock: Clock;
  /**
   * This process's scorecard worker, woken after the push commits an event that queued a
   * scorecard (db/after-commit.ts); absent where none runs (the bench), the queue then
   * waits for another process's worker or its tick.
   */
  scorecards?: { kick(): Promise<void> };
}

export interface MutationDef<S extends z.ZodType = z.ZodType> {
  schema: S;
  run(trx: Knex.Transaction, user: SessionUser, args: z.output<S>, deps: MutationDeps): Promise<unknown>;
  /**
   * Optional: several of this mutation in a row applied at once, all or none (it throws
   * if any one would be refused). The push uses it for a run of them when it needs no
   * savepoints; after a throw it applies them one by one with `run`.
   */
  runMany?(trx: Knex.Transaction, user: SessionUser, args: Array<z.output<S>>, deps: MutationDeps): Promise<unknown>;
}

/** How an area runs one mutation of the contract: its `run`, or `run` and `runMany`. */
interface MutationImpl<N extends MutationName> {
  // this: void: plain functions, taken off the object by areaMutations.
  run(this: void, trx: Knex.Transaction, user: SessionUser, args: MutationArgs<N>, deps: MutationDeps): Promise<unknown>;
  runMany?(this: void, trx: Knex.Transaction, user: SessionUser, args: Array<MutationArgs<N>>, deps: MutationDeps): Promise<unknown>;
}
type Run<N extends MutationName> = MutationImpl<N>['run'];
type Impls = { [N in MutationName]?: MutationImpl<N> | Run<N> };

/**
 * An area's share of the shared contract (shared/mutations.ts), keyed by the contract's
 * names: each key gets its args schema from there, and a name the contract does not know
 * fails the type check. The name is written once, as the key.
 */
export function areaMutations<T extends Impls>(impls: T & Record<Exclude<keyof T, MutationName>, never>): { [K in keyof T]: MutationDef } {
  const out: Record<string, MutationDef> = {};
  for (const [name, impl] of Object.entries(impls as Impls)) {
    const { run, runMany } = typeof impl === 'function' ? { run: impl, runMany: undefined } : impl!;
    out[name] = { schema: MUTATIONS[name as MutationName].schema, run, runMany } as MutationDef;
  }
  return out as { [K in keyof T]: MutationDef };
}

export type MutationTable = Record<string, MutationDef>;

/** `now`: the app's time, for what a row shows that depends on it (a tender's phase, an order's expiry, a plan's end). */
export type EntityLoader = (knex: Knex, user: SessionUser, ids: string[], now: Date) => Promise<Array<{ id: string } & Record<string, unknown>>>;

export type LoaderTable = Partial<Record<SyncedEntity, EntityLoader>>;

/** A mutation a push refused (not a replayed one), for the notification that tells its author. */
export interface Refusal {
  name: string;
  result: MutationResult;
}

/**
 * What the composition root gives the sync endpoints (server/registry/sync.ts): every
 * area's mutations and loaders, and how a push's refusals reach their author (a
 * notification, which is an area of its own that builds on this contract).
 */
export interface SyncRegistry {
  mutations: MutationTable;
  loaders: LoaderTable;
  /** one notification for all of a push's refusals (at least one): the first, and how many there were */
  tellRefusals: (trx: Knex.Transaction, user: SessionUser, refused: Refusal[]) => Promise<void>;
}
