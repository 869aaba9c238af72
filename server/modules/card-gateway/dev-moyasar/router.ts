/**
 * A development Moyasar served by the same server at /dev-moyasar (config.ts
 * DEV_MOYASAR_PREFIX), as the development identity provider stands in for Google and the
 * development ZATCA for ZATCA: Moyasar's paths and shapes (../moyasar.ts), so card payments
 * run end to end on a fresh machine with Moyasar's published test cards. It judges as
 * Moyasar's test environment does:
 * - the API under /v1, HTTP Basic with the secret key (the publishable key may only create
 *   a payment, as the payment form does): POST/GET /invoices, POST/GET /payments, GET
 *   /payments/{id}, POST /payments/{id}/refund; amounts a positive integer of the smallest
 *   unit, at least 100 (1.00 SAR), a known currency; errors in Moyasar's shape
 *   ({type, message, errors});
 * - the hosted invoice page (an invoice's url): a plain HTML form in Arabic and English
 *   taking a test card: Visa 4111111111111111 and Mastercard 5421080101000000 are paid,
 *   mada 4201320111111010 is paid after a 3-D Secure step (authenticate or fail), the
 *   declining cards fail with Moyasar's message (INSUFFICIENT FUNDS, DECLINED, ...), and
 *   any other number fails; its Apple Pay button follows Moyasar's test amounts (200.00 to
 *   300.00 SAR paid, the documented ranges declined, any other amount failed); the payer is then sent to the invoice's success_url with
 *   ?id=<payment id>&status=&message=, as Moyasar redirects;
 * - statuses move as Moyasar's: initiated -> paid | failed; paid -> refunded; a refund only
 *   of a paid payment and never beyond what was paid;
 * - each change is sent to our webhook (POST /api/payments/webhook) as Moyasar's event:
 *   {id, type: payment_paid | payment_failed | payment_refunded, created_at, secret_token,
 *   account_name, live: false, data: the payment}, before the payer is redirected.
 *
 * Invoices and payments are held in memory: a checkout cut by a restart is started again.
 * rules.ts decides as the test environment does, state.ts holds the invoices and payments
 * and sends the events, api.ts serves /v1 and hosted.ts the pages.
 * It cannot run in production: devMoyasarRouter refuses, and createApp mounts it only when
 * the MOYASAR_* keys are unset, which production refuses (config.ts).
 */
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import { DEV_MOYASAR_PREFIX, type Config } from '../../../config';
import { mountApi } from './api';
import { mountHostedPages } from './hosted';
import { createDevGateway } from './state';

export function devMoyasarRouter(config: Config): Router {
  if (config.production) throw new Error('The development Moyasar never runs in production');
  const gw = createDevGateway(config);
  const router = new Router({ prefix: DEV_MOYASAR_PREFIX });
  router.use(bodyParser({ enableTypes: ['json', 'form'], encoding: 'utf-8' }));
  mountApi(router, gw, config);
  mountHostedPages(router, gw);
  return router;
}
