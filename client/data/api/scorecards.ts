/**
 * Scorecards' reads. A supplier's scorecard reaches a buyer's device on its quotes (the
 * sync feed's rfq_quote rows carry it, so the comparison shows it offline); the rest are
 * online reads: a company's public scorecard (its card in the catalogue), and a company's
 * own with the orders behind lower figures, which the device does not keep.
 */
import { companyScorecardsSchema, ownScorecardSchema, type CompanyScorecards, type OwnScorecard } from '../../../shared/schemas/scorecard';
import { api } from './client';
import { useRemote } from '../useRemote';

/** A company's scorecards (both windows); nothing is asked for while `companyId` is null (or offline). */
export function useCompanyScorecards(companyId: string | null) {
  return useRemote<CompanyScorecards | null>(async () => {
    if (!companyId) return null;
    const { data } = await api.get<unknown>(`/api/companies/${companyId}/scorecard`);
    return companyScorecardsSchema.parse(data);
  }, [companyId]);
}

/** The signed-in company's scorecards and shortfalls; nothing is asked for while `enabled` is false. */
export function useOwnScorecard(enabled: boolean) {
  return useRemote<OwnScorecard | null>(async () => {
    if (!enabled) return null;
    const { data } = await api.get<unknown>('/api/company/scorecard');
    return ownScorecardSchema.parse(data);
  }, [enabled]);
}
