/** The quick registration request of /services. */
import { quickSignupResultSchema, type QuickSignupResult } from '../../../shared/schemas/quick-signup';
import { api } from './client';

export async function submitQuickSignup(input: Record<string, unknown>): Promise<QuickSignupResult> {
  return quickSignupResultSchema.parse((await api.post<unknown>('/api/quick-signup', input)).data);
}
