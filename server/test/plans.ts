/**
 * Paying for a plan as a browser does against the development gateway: the checkout
 * (POST /api/subscription/subscribe), the gateway's hosted page with a published test
 * card, and the gateway's redirect to our callback, which sends the payer back to /pricing.
 * The gateway sends its webhook before it redirects, as Moyasar does.
 */
import type { BillingCycle, PaidPlanId } from '../../shared/constants';
import type { TestClient } from './http-client';

/** Moyasar's test cards (server/modules/card-gateway/dev-moyasar/ TEST_CARDS). */
export const CARDS = { paid: '4111111111111111', declined: '4123120001090109', insufficientFunds: '4201320000311101' } as const;

export interface PlanPayment {
  /** the gateway's payment page */
  paymentUrl: string;
  /** the gateway's payment id */
  paymentId: string;
  /** our callback as the gateway redirected to it (path and query) */
  callback: string;
  /** where the callback sent the payer (/pricing?card=...) */
  back: string;
}

/** Fills the gateway's page at `paymentUrl` with `card`; answers the callback it redirects to (path and query). */
export async function payOnGateway(client: TestClient, paymentUrl: string, card: string = CARDS.paid): Promise<string> {
  const page = new URL(paymentUrl);
  const submit = await client.request('POST', page.pathname, {
    body: new URLSearchParams({ name: 'Test Payer', number: card, month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
  });
  const location = submit.headers.get('location');
  if (submit.status !== 303 || !location) throw new Error(`the gateway's page answered ${submit.status}: ${submit.text.slice(0, 300)}`);
  const callback = new URL(location);
  return `${callback.pathname}${callback.search}`;
}

/** Starts the plan's checkout and pays it with `card`, following the redirect back to our callback. */
export async function payForPlan(client: TestClient, planId: PaidPlanId, billingCycle: BillingCycle, card: string = CARDS.paid): Promise<PlanPayment> {
  const start = await client.post('/api/subscription/subscribe', { planId, billingCycle });
  if (start.status !== 200) throw new Error(`subscribe answered ${start.status}: ${start.text}`);
  const callback = await payOnGateway(client, start.body.payment_url, card);
  const back = await client.get(callback, { Accept: 'text/html' });
  return {
    paymentUrl: start.body.payment_url,
    paymentId: new URL(callback, client.base).searchParams.get('id')!,
    callback,
    back: back.headers.get('location') ?? '',
  };
}
