/**
 * Small column and trigger helpers shared by the migrations. Not a migration itself
 * (migrations/index.ts lists the migrations). Keep these stable: a change here changes
 * what every earlier migration would create on a fresh database.
 */
import type { Knex } from 'knex';

/** A uuid primary key the database fills when the client did not choose one. */
export function uuidPrimaryKey(knex: Knex, t: Knex.CreateTableBuilder, name = 'id'): void {
  t.uuid(name).primary().defaultTo(knex.raw('gen_random_uuid()'));
}

/** created_at and updated_at, both timestamptz defaulting to now(). */
export function timestamps(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

/** deleted_at for soft-deleted entities: the change feed needs the row to send a tombstone. */
export function softDelete(t: Knex.CreateTableBuilder): void {
  t.timestamp('deleted_at', { useTz: true }).nullable();
}

const MONEY_MAX = 999_999_999_999.99;

/** Money in SAR: numeric(14,2), never negative. Returns the column to chain on. */
export function money(t: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return t.decimal(name, 14, 2).checkBetween([0, MONEY_MAX]);
}

/**
 * Keeps updated_at current on every update, so no service has to remember it
 * (set_updated_at() is created by the 20261122000002 migration, its body is in
 * functions.ts). Dropping the table drops the trigger, so downs need nothing.
 */
export async function touchUpdatedAt(knex: Knex, table: string): Promise<void> {
  await knex.raw('create trigger ?? before update on ?? for each row execute function set_updated_at()', [
    `${table}_touch_updated_at`,
    table,
  ]);
}
