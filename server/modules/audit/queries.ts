/**
 * Reading the audit trail: one company's rows (its owner's view, company/routes.ts) or
 * anyone's (the admin's, admin/routes.ts), filtered, newest first, paged like the admin's
 * other lists; and the same filter as CSV, every matching row up to AUDIT_CSV_MAX_ROWS.
 * Who may read is the caller's check (assertCompanyOwner, assertAdmin); here `companyId`
 * bounds the rows.
 */
import type { Knex } from 'knex';
import Papa from 'papaparse';
import type { AdminAuditQuery, AuditEntry } from '../../../shared/schemas/audit';
import { page, type Page } from '../../db/page';

/** An export bigger than this is asked for in parts (by from/to). */
const AUDIT_CSV_MAX_ROWS = 100_000;

type Filters = Omit<AdminAuditQuery, 'limit' | 'offset'>;

const DAY_MS = 86_400_000;
const isDay = (bound: string) => /^\d{4}-\d{2}-\d{2}$/.test(bound);
/** A day starts at its midnight (UTC); `to` a day runs to its end. */
const fromInstant = (bound: string) => new Date(isDay(bound) ? `${bound}T00:00:00Z` : bound);
const toInstant = (bound: string) => (isDay(bound) ? new Date(new Date(`${bound}T00:00:00Z`).getTime() + DAY_MS) : new Date(bound));

function auditQuery(db: Knex, filters: Filters): Knex.QueryBuilder {
  const q = db('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    // A company's id is its owner's user id; its name is on the owner's profile.
    .leftJoin('profiles as cp', 'cp.user_id', 'a.company_id')
    .select('a.id', 'a.at', 'a.actor_id', 'u.name as actor_name', 'a.company_id', 'cp.company_name', 'a.action', 'a.record_type', 'a.record_id', 'a.changes', 'a.ip', 'a.prev_hash', 'a.hash');
  if (filters.company_id) q.where('a.company_id', filters.company_id);
  if (filters.actor_id) q.where('a.actor_id', filters.actor_id);
  if (filters.action) q.where('a.action', filters.action);
  if (filters.record_type) q.where('a.record_type', filters.record_type);
  if (filters.record_id) q.where('a.record_id', filters.record_id);
  if (filters.from) q.where('a.at', '>=', fromInstant(filters.from));
  if (filters.to) q.where('a.at', '<', toInstant(filters.to));
  return q;
}

const NEWEST_FIRST = [{ column: 'a.id', order: 'desc' as const }];

const present = (row: AuditEntry & { at: Date | string }): AuditEntry => ({ ...row, id: Number(row.id), at: new Date(row.at).toISOString() });

export async function listAudit(db: Knex, query: AdminAuditQuery): Promise<Page<AuditEntry>> {
  const { items, total } = await page<AuditEntry>(auditQuery(db, query), { ...query, orderBy: NEWEST_FIRST });
  return { items: items.map(present), total };
}

const CSV_COLUMNS = ['id', 'at', 'actor_id', 'actor_name', 'company_id', 'company_name', 'action', 'record_type', 'record_id', 'changes', 'ip', 'prev_hash', 'hash'] as const;

/**
 * The rows as CSV (RFC 4180, a header row, changes as their JSON). A cell that a
 * spreadsheet would run as a formula (=, +, -, @ first) is quoted with a leading
 * apostrophe (papaparse's escapeFormulae): a name or a reason is someone's text.
 */
export async function auditCsv(db: Knex, filters: Filters): Promise<string> {
  const rows: AuditEntry[] = (await auditQuery(db, filters).orderBy(NEWEST_FIRST).limit(AUDIT_CSV_MAX_ROWS)).map(present);
  return Papa.unparse(
    { fields: [...CSV_COLUMNS], data: rows.map((r) => CSV_COLUMNS.map((c) => (c === 'changes' ? JSON.stringify(r.changes) : (r[c] ?? '')))) },
    { escapeFormulae: true, newline: '\r\n' },
  );
}
