/**
 * A local effect: how a queued mutation changes the local rows before the server has
 * answered (the optimistic state). `keys` runs once, at write time, and names every row
 * the mutation reads or writes; `apply` is a pure function of the args, those rows and
 * the writer's context, so the engine can replay it over the server's rows whenever they
 * change under a pending mutation.
 *
 * Effects read and write rows only through the typed helpers below: each row has its
 * entity's type, the row the pull sends (EntityRows), so an effect cannot set a field the
 * server does not send or give one another type. That the values agree with the server's
 * is held by contract.server.test.ts.
 */
import type { MutationArgs, MutationName } from '../../../shared/mutations';
import type { SyncEntity } from '../../../shared/sync';
import { rowKey, type AnyRow, type EffectContext, type EntityRows, type RowKey } from '../db/schema';

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

/** An entity's local row. */
export type Row<E extends SyncEntity> = EntityRows[E];

/** The row `id` of `entity` among the rows (null: there is none; undefined: not among the keys). */
export function getRow<E extends SyncEntity>(rows: RowMap, entity: E, id: string): Row<E> | null | undefined {
  return rows.get(rowKey(entity, id)) as Row<E> | null | undefined;
}

/** `T` with no field `Row<E>` lacks: also where it is built from spreads, which TypeScript's own check of literals skips. */
type OnlyFieldsOf<E extends SyncEntity, T> = T & { [K in Exclude<keyof T, keyof Row<E>>]: never };

/** Writes a whole row of `entity`. */
export function setRow<E extends SyncEntity, R extends Row<E>>(rows: RowMap, entity: E, row: OnlyFieldsOf<E, R>): void {
  rows.set(rowKey(entity, row.id), row as unknown as AnyRow);
}

/** Removes the row `id` of `entity`. */
export function dropRow(rows: RowMap, entity: SyncEntity, id: string): void {
  rows.set(rowKey(entity, id), null);
}

/** The rows of `entity` among the rows. */
export function rowsOf<E extends SyncEntity>(rows: RowMap, entity: E): Array<Row<E>> {
  const prefix = `${entity}:`;
  return [...rows].flatMap(([key, row]) => (row && key.startsWith(prefix) ? [row as unknown as Row<E>] : []));
}

/** Whether the entity's row has an updated_at (checked against the row types: a change of a schema fails here). */
const STAMPED: { [E in SyncEntity]: 'updated_at' extends keyof Row<E> ? true : false } = {
  product: true,
  category: false,
  plan: false,
  project: true,
  bid: true,
  instant_order: true,
  instant_order_response: true,
  transport_request: true,
  transport_offer: true,
  notification: false,
  profile: false,
  subscription: false,
  tender_opening: false,
  objection: true,
  delivery: true,
  rfq: true,
  rfq_quote: true,
  purchase_order: true,
  invoice: true,
  goods_receipt: true,
  dispute: true,
  site: true,
  purchase_request: true,
  project_document: true,
  technical_envelope: true,
};

/**
 * Merges `patch` over the row `id` of `entity` (nothing when the row is missing), and
 * stamps its updated_at with the write's time where the entity's row has one.
 */
export function patchRow<E extends SyncEntity, P extends Partial<Row<E>>>(rows: RowMap, entity: E, id: string, patch: OnlyFieldsOf<E, P>, ctx: EffectContext): void {
  const current = getRow(rows, entity, id);
  if (!current) return;
  rows.set(rowKey(entity, id), { ...current, ...patch, ...(STAMPED[entity] ? { updated_at: ctx.now } : {}) } as unknown as AnyRow);
}

/** Keys of one entity's rows found by an index. */
export async function keysWhere(read: EffectReader, entity: SyncEntity, index: string, value: string): Promise<RowKey[]> {
  return (await read.where(entity, index, value)).map((row) => rowKey(entity, row.id));
}

/** Drops undefined so optional args do not overwrite fields with undefined. */
export function defined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
