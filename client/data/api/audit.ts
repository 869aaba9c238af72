/**
 * The audit trail's reads: the admin's (every company) and a company owner's (their
 * company's part), the same rows and filters from two routes (shared/schemas/audit.ts).
 * Not in the offline store (an append-only log read rarely, by few, and the admin's spans
 * every company): online-only REST, and the screen says so when offline. The CSV is a
 * plain link to the route's .csv twin with the same filters (the session cookie goes with
 * it), so the browser downloads it.
 */
import { LIST_DEFAULT_LIMIT } from '../../../shared/constants';
import { riyadhDayEnd } from '../../../shared/riyadh';
import { auditEntrySchema, type AuditAction, type AuditEntry } from '../../../shared/schemas/audit';
import type { Page } from './catalogue';
import { api } from './client';
import { useRemote } from '../useRemote';

export type { AuditAction, AuditEntry };

/** Whose trail: the admin's whole one or the signed-in owner's company's. */
export type AuditSource = 'admin' | 'company';

/** What the screen filters by; days are Riyadh days (YYYY-MM-DD), as the person reads them. */
export interface AuditFilters {
  action?: AuditAction;
  actor_id?: string;
  /** The admin's only: the owner's route bounds the rows to their company itself. */
  company_id?: string;
  record_type?: string;
  record_id?: string;
  from?: string;
  to?: string;
}

const PATHS: Record<AuditSource, string> = { admin: '/api/admin/audit', company: '/api/company/audit' };

export const AUDIT_PAGE_SIZE = LIST_DEFAULT_LIMIT;

const DAY_MS = 86_400_000;

/**
 * The filters as the route's query: a Riyadh day becomes the instants it starts and ends
 * at (the route reads a bare day in UTC), and the owner's route gets no company.
 */
export function auditQuery(source: AuditSource, filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['action', 'actor_id', 'company_id', 'record_type', 'record_id'] as const) {
    const value = filters[key];
    if (value && (key !== 'company_id' || source === 'admin')) query[key] = value;
  }
  if (filters.from) query.from = new Date(riyadhDayEnd(filters.from).getTime() - DAY_MS).toISOString();
  if (filters.to) query.to = riyadhDayEnd(filters.to).toISOString();
  return query;
}

/** The CSV of every row matching the filters (the route ignores paging). */
export function auditCsvUrl(source: AuditSource, filters: AuditFilters): string {
  const search = new URLSearchParams(auditQuery(source, filters)).toString();
  return `${PATHS[source]}.csv${search ? `?${search}` : ''}`;
}

/** One page of the trail, newest first; nothing is asked for while `enabled` is false (offline, or not allowed). */
export function useAuditTrail(source: AuditSource, filters: AuditFilters, page: number, enabled: boolean) {
  const key = JSON.stringify(filters);
  return useRemote<Page<AuditEntry> | null>(async () => {
    if (!enabled) return null;
    const { data, total } = await api.get<unknown>(PATHS[source], { ...auditQuery(source, filters), limit: AUDIT_PAGE_SIZE, offset: page * AUDIT_PAGE_SIZE });
    const items = auditEntrySchema.array().parse(data);
    return { items, total: total ?? items.length };
  }, [source, key, page, enabled]);
}
