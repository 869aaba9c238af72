/**
 * The transport writes a client may queue offline (DESIGN section 10). Each runs the same
 * service function as its REST route; args are the route's body, plus the request's id
 * for the actions whose route takes it from the path.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import {
  transportRequestAcceptArgsSchema,
  transportRequestCreateSchema,
  transportRequestStatusArgsSchema,
} from '../../../shared/schemas/transport-request';
import { transportOfferCreateSchema } from '../../../shared/schemas/transport-offer';
import { createTransportRequest } from './requests';
import { createTransportOffer } from './offers';
import { acceptTransportOffer, changeTransportStatus } from './transitions';

export const mutations: MutationTable = {
  'transport_request.create': defineMutation({
    schema: transportRequestCreateSchema,
    run: async (trx, user, args) => (await createTransportRequest(trx, user, args)).row,
  }),
  'transport_request.accept': defineMutation({
    schema: transportRequestAcceptArgsSchema,
    run: (trx, user, { transport_request_id, offer_id }) => acceptTransportOffer(trx, user, transport_request_id, offer_id),
  }),
  'transport_request.status': defineMutation({
    schema: transportRequestStatusArgsSchema,
    run: (trx, user, { transport_request_id, status }) => changeTransportStatus(trx, user, transport_request_id, { status }),
  }),
  'transport_offer.create': defineMutation({
    schema: transportOfferCreateSchema,
    run: async (trx, user, args) => (await createTransportOffer(trx, user, args)).row,
  }),
};
