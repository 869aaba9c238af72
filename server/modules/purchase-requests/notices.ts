/** What a request's approvers are told when it reaches their level. */
import type { Knex } from 'knex';
import { displayName } from '../../db/party-name';
import { notify } from '../notifications/notify';
import type { PurchaseRequestState } from './queries';

/** Tells the approvers of the request's next level that it waits for them (never the person who just acted). */
export async function tellWaiting(trx: Knex.Transaction, state: PurchaseRequestState, actor: string): Promise<void> {
  if (state.kind === 'order') {
    await notify(trx, {
      to: state.waiting_for,
      kind: 'purchase_request.order_waiting',
      params: { number: state.number, site: state.site_name, amount: state.amount ?? 0, purchase_request_id: state.id },
      except: actor,
    });
    return;
  }
  await notify(trx, {
    to: state.waiting_for,
    kind: 'purchase_request.waiting',
    params: { number: state.number, site: state.site_name, requester: await displayName(trx, state.requested_by), purchase_request_id: state.id },
    except: actor,
  });
}
