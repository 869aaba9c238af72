/**
 * The session's two calls: who is signed in (GET /api/session) and ending the server's
 * session (POST /api/logout). Typed, not parsed: the session is read on the landing page,
 * whose bundle carries no zod (scripts/check-size.mjs); the server checks this answer
 * against sessionStateSchema before it leaves.
 */
import type { SessionStateBody } from '../../../shared/schemas/user';
import { api } from './client';

export async function readSession(): Promise<SessionStateBody> {
  return (await api.get<SessionStateBody>('/api/session')).data;
}

export async function endServerSession(): Promise<void> {
  await api.post('/api/logout', {});
}
