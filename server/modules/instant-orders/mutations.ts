/**
 * The instant order and offer writes a client may queue offline (DESIGN section 10). Each
 * runs the same service function as its REST route; the args are the route's body plus
 * the ids its path carries.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import {
  instantOrderAcceptArgsSchema,
  instantOrderCancelArgsSchema,
  instantOrderCreateSchema,
} from '../../../shared/schemas/instant-order';
import { instantOrderResponseCreateSchema } from '../../../shared/schemas/instant-order-response';
import { acceptOffer, cancelInstantOrder, createInstantOrder } from './service';
import { submitOffer } from './responses';

export const mutations: MutationTable = {
  'instant_order.create': defineMutation({
    schema: instantOrderCreateSchema,
    run: async (trx, user, args) => (await createInstantOrder(trx, user, args)).row,
  }),
  'instant_order.accept': defineMutation({ schema: instantOrderAcceptArgsSchema, run: acceptOffer }),
  'instant_order.cancel': defineMutation({ schema: instantOrderCancelArgsSchema, run: cancelInstantOrder }),
  'instant_order_response.create': defineMutation({
    schema: instantOrderResponseCreateSchema,
    run: async (trx, user, args) => (await submitOffer(trx, user, args)).row,
  }),
};
