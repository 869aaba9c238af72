/** The quick registration request of /services. */
import { api } from './client';

export async function submitQuickSignup(input: Record<string, unknown>): Promise<void> {
  await api.post('/api/quick-signup', input);
}
