/** The quick registration request of /services (SPEC section 3, DESIGN section 7). */
import { api } from './client';

export async function submitQuickSignup(input: Record<string, unknown>): Promise<void> {
  await api.post('/api/quick-signup', input);
}
