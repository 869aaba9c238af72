/**
 * The development gateway's hosted payment page (server/modules/payments/gateway/dev-moyasar.ts),
 * on Moyasar's paths: a card form taking Moyasar's published test cards. Paying sends the
 * browser to our callback, which sends it back to the page the payment began on.
 */
import { expect, type Page } from '@playwright/test';

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
