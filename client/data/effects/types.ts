/**
 * A local effect: how a queued mutation changes the local rows before the server has
 * answered (the optimistic state). `keys` runs once, at write time, and names every row
 * the mutation reads or writes; `apply` is a pure function of the args, those rows and
 * the writer's context, so the engine can replay it over the server's rows whenever they
 * change under a pending mutation.
 */
import type { MutationArgs, MutationName } from '../../../shared/mutations';
import type { SyncEntity } from '../../../shared/sync';
import type { AnyRow, EffectContext, RowKey } from '../db/schema';

export interface EffectReader {
  get(key: RowKey): Promise<AnyRow | undefined>;
  /** Rows of `entity` whose indexed field equals value. */
  where(entity: SyncEntity, index: string, value: string): Promise<AnyRow[]>;
  all(entity: SyncEntity): Promise<AnyRow[]>;
}

/** The rows named by the keys: the current row, or null where there is none. */
export type RowMap = Map<RowKey, AnyRow | null>;

export interface LocalEffect<N extends MutationName> {
  keys(args: MutationArgs<N>, read: EffectReader, ctx: EffectContext): Promise<RowKey[]>;
  apply(args: MutationArgs<N>, rows: RowMap, ctx: EffectContext): void;
}

export type EffectTable = { [N in MutationName]: LocalEffect<N> };

/** Sets `key` to `row` merged over what is there (nothing when the row is missing and `create` is not given). */
export function patchRow(rows: RowMap, key: RowKey, patch: Record<string, unknown>, ctx: EffectContext): void {
  const current = rows.get(key);
  if (!current) return;
  rows.set(key, { ...current, ...patch, updated_at: ctx.now });
}

/** Keys of one entity's rows found by an index. */
export async function keysWhere(read: EffectReader, entity: SyncEntity, index: string, value: string): Promise<RowKey[]> {
  return (await read.where(entity, index, value)).map((row) => `${entity}:${row.id}` as RowKey);
}

/** Drops undefined so optional args do not overwrite fields with undefined. */
export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
