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
import { MUTATIONS, type MutationArgs, type MutationName } from '../../../shared/mutations';

export interface MutationDef<S extends z.ZodType = z.ZodType> {
  schema: S;
  run(trx: Knex.Transaction, user: SessionUser, args: z.output<S>): Promise<unknown>;
  /**
   * Optional: several of this mutation in a row applied at once, all or none (it throws
   * if any one would be refused). The push uses it for a run of them when it needs no
   * savepoints; after a throw it applies them one by one with `run`.
   */
  runMany?(trx: Knex.Transaction, user: SessionUser, args: Array<z.output<S>>): Promise<unknown>;
}

/** A mutation of the shared contract (shared/mutations.ts): its args schema comes from there. */
export function defineMutation<N extends MutationName>(
  name: N,
  run: (trx: Knex.Transaction, user: SessionUser, args: MutationArgs<N>) => Promise<unknown>,
  runMany?: (trx: Knex.Transaction, user: SessionUser, args: Array<MutationArgs<N>>) => Promise<unknown>,
): MutationDef {
  return { schema: MUTATIONS[name].schema, run, runMany } as MutationDef;
}

export type MutationTable = Record<string, MutationDef>;
/** An area's share of the contract: only names the contract knows. */
export type AreaMutations<N extends MutationName = MutationName> = { [K in N]: MutationDef };

export type EntityLoader = (knex: Knex, user: SessionUser, ids: string[]) => Promise<Array<{ id: string } & Record<string, unknown>>>;

export type LoaderTable = Partial<Record<SyncedEntity, EntityLoader>>;
