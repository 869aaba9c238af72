/**
 * E-invoicing over HTTP: a supplier company's onboarding with ZATCA and its unit's status.
 * Each route calls one service function (onboarding.ts); it checks who asks.
 */
import Router from '@koa/router';
import { route, routeThenCall } from '../../http/route';
import { einvoicingStatusSchema, onboardSchema } from '../../../shared/schemas/einvoicing';
import { einvoicingStatus, onboard } from './onboarding';

const TAG = 'e-invoicing';

export function einvoicingRouter(): Router {
  const router = new Router();

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/e-invoicing/onboard',
      summary:
        "Onboard my company's e-invoicing unit with ZATCA (owner of a supplier company with a tax profile): the OTP from the Fatoora portal; key pair, CSR, compliance certificate, compliance checks with sample documents, production certificate. 400 zatca_refused, 422 zatca_rejected (ZATCA's messages in details), 409 tax_profile_required or einvoicing_ready",
      tag: TAG,
      access: 'user',
      body: onboardSchema,
      response: einvoicingStatusSchema,
    },
    ({ ctx, knex, user, body }) => onboard(knex, ctx.deps.config, user, body.otp, ctx.deps.clock.now()),
  );

  route(
    router,
    { method: 'get', path: '/api/e-invoicing/status', summary: "My company's e-invoicing unit: none, compliance, ready or failed (with ZATCA's messages)", tag: TAG, access: 'user', response: einvoicingStatusSchema },
    ({ ctx, knex, user }) => einvoicingStatus(knex, ctx.deps.config, user),
  );

  return router;
}
