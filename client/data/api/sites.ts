/**
 * A site's budget over REST: where every riyal stands is summed by the server from
 * documents the device does not all hold (receipts, invoices' payments), so it is asked
 * for, and its last answer kept on the device (features/sites/budgetStanding.ts).
 */
import { siteBudgetSchema, type SiteBudget } from '../../../shared/schemas/site-budget';
import { api } from './client';

export async function getSiteBudget(siteId: string): Promise<SiteBudget> {
  return siteBudgetSchema.parse((await api.get<unknown>(`/api/sites/${encodeURIComponent(siteId)}/budget`)).data);
}

/** The same figures as an XLSX, headers in the reader's language. */
export const siteBudgetXlsxUrl = (siteId: string): string => `/api/sites/${encodeURIComponent(siteId)}/budget.xlsx`;
