/**
 * The development gateway (server/modules/card-gateway/dev-moyasar/), on Moyasar's
 * paths: its hosted payment page, a card form taking Moyasar's published test cards
 * (paying sends the browser to our callback, which sends it back to the page the payment
 * began on); and what a person does in its dashboard rather than in the app, refunding a
 * payment, with the secret key the e2e server derives from its DATA_DIR (server/config.ts,
 * from the environment playwright.config.ts gives it).
 */
import { expect, type Page } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { moyasar, type GatewayPayment } from '../../server/modules/card-gateway/moyasar';

/** Moyasar's published test cards, as the development gateway judges them. */
export const TEST_CARDS = { approved: '4111111111111111', declined: '4123120001090109' } as const;

export class DevGateway {
  constructor(readonly page: Page) {}

  /** Fills the card form (any two-word name, a future expiry, any CVC) and pays. */
  async pay(card: string) {
    await expect(this.page).toHaveURL(/\/dev-moyasar\/checkout\/invoices\//, { timeout: 30_000 });
    await this.page.locator('#name').fill('Test Payer');
    await this.page.locator('#number').fill(card);
    await this.page.locator('#month').fill('12');
    await this.page.locator('#year').fill(String(new Date().getUTCFullYear() + 2));
    await this.page.locator('#cvc').fill('123');
    await this.page.locator('button[type="submit"]:not(#apple-pay)').click();
  }
}

/** Refunds `halalas` of the paid card payment of our invoice `invoiceId` on the gateway, as its dashboard would. */
export async function refundInDashboard(baseURL: string, invoiceId: string, halalas: number): Promise<void> {
  const config = loadConfig({ DATA_DIR: process.env.E2E_DATA_DIR, PUBLIC_URL: baseURL, NODE_ENV: 'development' });
  const res = await fetch(`${config.moyasar.apiUrl}/payments`, { headers: { Authorization: `Basic ${Buffer.from(`${config.moyasar.secretKey}:`).toString('base64')}` } });
  if (!res.ok) throw new Error(`the development gateway answered ${res.status} to its payments list`);
  const { payments } = (await res.json()) as { payments: GatewayPayment[] };
  const paid = payments.find((p) => p.status === 'paid' && p.metadata?.invoice_id === invoiceId);
  if (!paid) throw new Error(`no paid card payment of invoice ${invoiceId} on the development gateway`);
  await moyasar(config).refund(paid.id, halalas);
}
