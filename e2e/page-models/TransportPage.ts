import { expect, type Locator, type Page } from '@playwright/test';

export interface RequestInput {
  pickup: string;
  delivery: string;
  cargo: string;
  weight?: string;
  volume?: string;
  vehicle?: string;
  budget?: string;
}

/** /transport for a requester (request, accept, cancel) or a transport company (quote, move the cargo). */
export class TransportPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/transport');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }

  /** The card of the request for this cargo. */
  request(cargo: string): Locator {
    return this.page.getByTestId('request-card').filter({ hasText: cargo });
  }

  status(card: Locator) {
    return card.getByTestId('request-status');
  }

  async create(r: RequestInput) {
    await this.page.getByTestId('new-request').click();
    const form = this.page.getByTestId('request-form');
    await form.locator('[name="pickup_location"]').fill(r.pickup);
    await form.locator('[name="delivery_location"]').fill(r.delivery);
    await form.locator('[name="cargo_description"]').fill(r.cargo);
    if (r.weight) await form.locator('[name="cargo_weight"]').fill(r.weight);
    if (r.volume) await form.locator('[name="cargo_volume"]').fill(r.volume);
    if (r.vehicle) await form.locator('[name="vehicle_type_required"]').selectOption(r.vehicle);
    if (r.budget) await form.locator('[name="budget"]').fill(r.budget);
    await this.page.getByTestId('request-submit').click();
    await expect(form).toBeHidden();
  }

  async quote(cargo: string, price: string, vehicle = '') {
    await this.request(cargo).getByTestId('send-quote').click();
    const form = this.page.getByTestId('quote-form');
    await form.locator('[name="quoted_price"]').fill(price);
    if (vehicle) await form.locator('[name="vehicle_details"]').fill(vehicle);
    await this.page.getByTestId('quote-submit').click();
    await expect(form).toBeHidden();
  }

  async acceptQuote(cargo: string, company: string) {
    await this.request(cargo).getByTestId('quote-row').filter({ hasText: company }).getByTestId('accept-quote').click();
    await this.page.getByTestId('confirm-yes').click();
  }

  async startTransit(cargo: string) {
    await this.request(cargo).getByTestId('start-transit').click();
  }

  async deliver(cargo: string) {
    await this.request(cargo).getByTestId('deliver').click();
    await this.page.getByTestId('confirm-yes').click();
    // Until the dialog has gone, the page behind it is hidden from assistive technology.
    await expect(this.page.getByTestId('confirm-yes')).toHaveCount(0);
  }

  async tab(name: 'open' | 'quotes' | 'jobs') {
    await this.page.getByTestId(`tab-${name}`).click();
  }
}
