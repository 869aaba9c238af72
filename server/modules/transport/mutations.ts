/**
 * The transport writes a client may queue offline. Each runs the same
 * service function as its REST route; the args (shared/mutations.ts) are the route's body,
 * plus the request's id as `id` for the actions whose route takes it from the path.
 */
import { areaMutations } from '../sync/contracts';
import { createTransportRequest } from './requests';
import { createTransportOffer } from './offers';
import { acceptTransportOffer, changeTransportStatus, type OnRequestCancelled } from './transitions';

/** `onCancelled`: what a cancellation takes with it outside this area, as the REST route is given it. */
export const transportMutations = (onCancelled: OnRequestCancelled) =>
  areaMutations({
    'transport_request.create': async (trx, user, args) => (await createTransportRequest(trx, user, args)).row,
    'transport_request.accept': (trx, user, { id, offer_id }) => acceptTransportOffer(trx, user, id, offer_id),
    'transport_request.status': (trx, user, { id, status }) => changeTransportStatus(trx, user, id, { status }, onCancelled),
    'transport_offer.create': async (trx, user, args) => (await createTransportOffer(trx, user, args)).row,
  });
