/**
 * How a sync push's refusals reach their author: ONE notification for the push (the
 * first refusal, and how many there were), however many of its mutations were refused,
 * so a phone that queued a day of work offline does not meet a pile of alerts.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { Refusal } from '../sync/contracts';
import { notify } from './notify';

export async function tellPushRefusals(trx: Knex.Transaction, user: SessionUser, refused: Refusal[]): Promise<void> {
  const [{ name, result }] = refused;
  await notify(trx, {
    to: [user.account_id],
    kind: 'sync.rejected',
    priority: 'high',
    params: { action: name, reason: result.error ?? '', code: result.code ?? 'internal_error', mutation_id: result.id, count: refused.length },
  });
}
