/** DELETE /api/account: the person deletes their own account, confirmed by its email typed again. Online only: it is not a change to queue. */
import type { AccountDeleteBody } from '../../../shared/schemas/account-deletion';
import { api } from './client';

export async function deleteMyAccount(body: AccountDeleteBody): Promise<void> {
  await api.request<null>('DELETE', '/api/account', body);
}
