import { expect, type Locator, type Page } from '@playwright/test';

export interface OrderInput {
  title: string;
  description: string;
  quantity: string;
  unit: string;
  location: string;
  urgency?: 'low' | 'normal' | 'high' | 'urgent';
  budgetMin?: string;
  budgetMax?: string;
  /** datetime-local value, in the browser's time zone */
  deadline?: string;
}

/** /instant-orders for a contractor (post, accept, cancel) or a supplier (offer). */
export class InstantOrdersPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/instant-orders');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }

  /** The card of the order with this title. */
  order(title: string): Locator {
    return this.page.getByTestId('order-card').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  status(card: Locator) {
    return card.getByTestId('order-status');
  }

  async create(order: OrderInput) {
    await this.page.getByTestId('new-order').click();
    const form = this.page.getByTestId('order-form');
    await form.locator('[name="title"]').fill(order.title);
    await form.locator('[name="description"]').fill(order.description);
    await form.locator('[name="quantity"]').fill(order.quantity);
    await form.locator('[name="unit"]').fill(order.unit);
    await form.locator('[name="location"]').fill(order.location);
    if (order.urgency) await form.locator('[name="urgency_level"]').selectOption(order.urgency);
    if (order.budgetMin) await form.locator('[name="budget_range_min"]').fill(order.budgetMin);
    if (order.budgetMax) await form.locator('[name="budget_range_max"]').fill(order.budgetMax);
    if (order.deadline) await form.locator('[name="delivery_deadline"]').fill(order.deadline);
    await this.page.getByTestId('order-submit').click();
    await expect(form).toBeHidden();
  }

  async offer(title: string, price: string, hours: string, notes = '') {
    await this.order(title).getByTestId('send-offer').click();
    const form = this.page.getByTestId('offer-form');
    await form.locator('[name="offered_price"]').fill(price);
    await form.locator('[name="delivery_time_hours"]').fill(hours);
    if (notes) await form.locator('[name="notes"]').fill(notes);
    await this.page.getByTestId('offer-submit').click();
    await expect(form).toBeHidden();
  }

  async acceptOffer(title: string, supplier: string) {
    await this.order(title).getByTestId('offer-row').filter({ hasText: supplier }).getByTestId('accept-offer').click();
    await this.page.getByTestId('confirm-yes').click();
  }

  async cancel(title: string) {
    await this.order(title).getByTestId('cancel-order').click();
    await this.page.getByTestId('confirm-yes').click();
  }

  async tab(name: 'open' | 'mine') {
    await this.page.getByTestId(`tab-${name}`).click();
  }
}
