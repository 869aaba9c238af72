/** The company's own tier progress (GET /api/company/tier): read from its record when asked, online only. */
import { tierProgressSchema, type TierProgress } from '../../../shared/schemas/tier-progress';
import { api } from './client';
import { useRemote } from '../useRemote';

/** Nothing is asked for while `enabled` is false. */
export function useTierProgress(enabled: boolean) {
  return useRemote<TierProgress | null>(async () => {
    if (!enabled) return null;
    return tierProgressSchema.parse((await api.get<unknown>('/api/company/tier')).data);
  }, [enabled]);
}
