/**
 * A comparable description of what the migrations build in one schema: tables with their
 * columns (sorted by name: order is not meaning), constraints, indexes, triggers,
 * functions, sequences and the reference rows the migrations ship. The squash test
 * (migrations.test.ts) compares a fresh database with the snapshot the old migration chain
 * produced (fixtures/). Definitions come from Postgres's own deparsers, with the schema
 * name taken out and whitespace collapsed, so formatting a function body changes nothing.
 */
import type { Knex } from 'knex';

export interface SchemaSnapshot {
  tables: Record<string, { columns: string[]; constraints: string[] }>;
  indexes: string[];
  triggers: string[];
  functions: string[];
  sequences: string[];
  data: Record<string, unknown[]>;
}

const REFERENCE_TABLES = ['categories', 'subscription_plans', 'catalogue_state', 'sync_state'];

export async function snapshotSchema(knex: Knex, schema: string): Promise<SchemaSnapshot> {
  const clean = (s: string) =>
    s
      .split(`${schema}.`)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
  const rows = async <T>(sql: string): Promise<T[]> => (await knex.raw(sql, [schema])).rows as T[];

  const columns = await rows<{ tbl: string; def: string }>(`
    select c.relname as tbl,
           a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
             || case when a.attnotnull then ' not null' else '' end
             || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
             || case a.attgenerated when 's' then ' stored' else '' end
             || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end as def
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = ? and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and c.relname not like 'knex_%'`);
  const constraints = await rows<{ tbl: string; def: string }>(`
    select c.relname as tbl, co.conname || ': ' || pg_get_constraintdef(co.oid) as def
      from pg_constraint co
      join pg_class c on c.oid = co.conrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ? and co.contype <> 'n' and c.relname not like 'knex_%'`);
  const tables: SchemaSnapshot['tables'] = {};
  for (const c of columns) (tables[c.tbl] ??= { columns: [], constraints: [] }).columns.push(clean(c.def));
  for (const c of constraints) tables[c.tbl]?.constraints.push(clean(c.def));
  for (const t of Object.values(tables)) {
    t.columns.sort();
    t.constraints.sort();
  }

  const indexes = await rows<{ def: string }>(`
    select pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ? and c.relname not like 'knex_%'`);
  const triggers = await rows<{ def: string }>(`
    select pg_get_triggerdef(t.oid) as def
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ? and not t.tgisinternal`);
  const functions = await rows<{ def: string }>(`
    select pg_get_functiondef(p.oid) as def
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = ?`);
  const sequences = await rows<{ name: string }>(`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ? and c.relkind = 'S' and c.relname not like 'knex_%'`);

  const data: SchemaSnapshot['data'] = {};
  for (const table of REFERENCE_TABLES) {
    if (!tables[table]) continue;
    const all: Array<Record<string, unknown>> = await knex.withSchema(schema).from(table).select('*');
    data[table] = all
      .map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !['created_at', 'updated_at'].includes(k)).sort()))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }

  return {
    tables: Object.fromEntries(Object.entries(tables).sort(([a], [b]) => a.localeCompare(b))),
    indexes: indexes.map((r) => clean(r.def)).sort(),
    triggers: triggers.map((r) => clean(r.def)).sort(),
    functions: functions.map((r) => clean(r.def)).sort(),
    sequences: sequences.map((r) => r.name).sort(),
    data,
  };
}
