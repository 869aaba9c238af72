/** A company owner's view of the audit trail: their company's rows only, filtered (audit/queries.ts). */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { AuditEntry, CompanyAuditQuery } from '../../../shared/schemas/audit';
import type { Page } from '../../db/page';
import { auditCsv, listAudit } from '../audit/queries';
import { assertCompanyOwner } from './service';

export async function listCompanyAudit(knex: Knex, user: SessionUser, query: CompanyAuditQuery): Promise<Page<AuditEntry>> {
  return listAudit(knex, { ...query, company_id: assertCompanyOwner(user) });
}

export async function companyAuditCsv(knex: Knex, user: SessionUser, query: CompanyAuditQuery): Promise<string> {
  return auditCsv(knex, { ...query, company_id: assertCompanyOwner(user) });
}
