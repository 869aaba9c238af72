import { expect, type Locator, type Page } from '@playwright/test';

type Action = 'accept' | 'decline' | 'cancel' | 'deliver' | 'close';

/** /purchase-orders for a buyer or a seller: the list, and one order (/purchase-orders/<id>) with its answers. */
export class PurchaseOrdersPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/purchase-orders');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }

  /** The list's cards holding this text (the RFQ's title, the other party's name or the PO number). */
  order(text: string): Locator {
    return this.page.getByTestId('po-card').filter({ hasText: text });
  }

  /** A card's status badge (data-status: issued, accepted, declined, delivered, closed, cancelled). */
  status(card: Locator): Locator {
    return card.getByTestId('po-status');
  }

  /** The PO number on a card (PO-2026-000042). */
  async numberOf(card: Locator): Promise<string> {
    return ((await card.getByTestId('po-number').textContent()) ?? '').trim();
  }

  /** Opens the first order whose card holds this text. */
  async open(text: string) {
    await this.order(text).first().getByTestId('open-po').click();
    await expect(this.detail()).toBeVisible();
  }

  async openById(id: string) {
    await this.page.goto(`/purchase-orders/${id}`);
    await expect(this.detail()).toBeVisible();
  }

  /** The open order (data-status holds its status). */
  detail(): Locator {
    return this.page.getByTestId('po-detail');
  }

  lines(): Locator {
    return this.page.getByTestId('po-line');
  }

  totals() {
    return { subtotal: this.page.getByTestId('po-subtotal'), vat: this.page.getByTestId('po-vat'), total: this.page.getByTestId('po-grand-total') };
  }

  /** Makes a move on the open order and confirms it; a decline or cancel may give a reason. */
  async act(action: Action, reason?: string) {
    await this.page.getByTestId(`po-${action}`).click();
    const form = this.page.getByTestId('po-confirm-form');
    if (reason) await form.locator('[name="reason"]').fill(reason);
    await this.page.getByTestId('po-confirm').click();
    await expect(form).toBeHidden();
  }

  accept() {
    return this.act('accept');
  }

  decline(reason?: string) {
    return this.act('decline', reason);
  }

  cancel(reason?: string) {
    return this.act('cancel', reason);
  }

  /** From the open accepted order (buyer): the transport request form opens filled in; `pickup` is typed when the form has none. */
  async requestTransport(pickup?: string) {
    await this.page.getByTestId('request-transport').click();
    const form = this.page.getByTestId('request-form');
    if (pickup) await form.locator('[name="pickup_location"]').fill(pickup);
    await this.page.getByTestId('request-submit').click();
    await expect(form).toBeHidden();
    await expect(this.page.getByTestId('deal-transport-status')).toBeVisible();
  }
}
