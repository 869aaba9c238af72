/** The admin's view of the audit trail: every company's rows, filtered (audit/queries.ts). */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { AdminAuditQuery, AuditEntry } from '../../../shared/schemas/audit';
import type { Page } from '../../db/page';
import { auditCsv, listAudit } from '../audit/queries';
import { assertAdmin } from './lists';

export async function listAdminAudit(knex: Knex, user: SessionUser, query: AdminAuditQuery): Promise<Page<AuditEntry>> {
  assertAdmin(user);
  return listAudit(knex, query);
}

export async function adminAuditCsv(knex: Knex, user: SessionUser, query: AdminAuditQuery): Promise<string> {
  assertAdmin(user);
  return auditCsv(knex, query);
}
