/**
 * A card payment of an invoice over HTTP: the buyer starts one on the gateway's page
 * (card.ts payInvoice); the gateway's redirect and event settle it at the card gateway's
 * own routes (card-gateway/routes.ts), through the invoice's settler.
 */
import Router from '@koa/router';
import { cardPayStartSchema, paymentUrlSchema } from '../../../shared/schemas/card';
import { routeThenCall } from '../../http/route';
import { payInvoice } from './card';

const tag = 'payments';

export function cardPaymentsRouter(): Router {
  const router = new Router();

  routeThenCall(
    router,
    { method: 'post', path: '/api/invoices/{id}/pay', summary: "The buyer pays what is left of an invoice by card (mada, Visa, Mastercard, Apple Pay) on the gateway's page", tag, access: 'user', body: cardPayStartSchema, response: paymentUrlSchema },
    ({ ctx, knex, user, params, body }) => payInvoice(knex, ctx.deps.config, user, params.id, body, ctx.deps.clock.now()),
  );

  return router;
}
