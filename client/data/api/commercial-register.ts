/**
 * The company's CR against the commercial register (shared/schemas/cr-verification.ts).
 * Online-only REST: the check asks the register, so the screen says it needs the network
 * instead of queueing it.
 */
import { crVerificationSchema, crVerifyAnswerSchema, type CrVerification, type CrVerifyAnswer } from '../../../shared/schemas/cr-verification';
import { ApiError } from './index';
import { api } from './client';
import { useRemote } from '../useRemote';

/** The last check (null before one); not asked when not enabled. A change of `reload` fetches again. */
export function useCrVerification(enabled: boolean, reload: number) {
  return useRemote<CrVerification | null>(async () => {
    if (!enabled) return null;
    try {
      return crVerificationSchema.parse((await api.get<unknown>('/api/company/cr-verification')).data);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }, [enabled, reload]);
}

export async function verifyCr(): Promise<CrVerifyAnswer> {
  return crVerifyAnswerSchema.parse((await api.post<unknown>('/api/company/verify-cr', {})).data);
}
