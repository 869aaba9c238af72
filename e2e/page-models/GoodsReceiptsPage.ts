import { expect, type Locator, type Page } from '@playwright/test';
import type { RejectionReason } from '../../shared/schemas/goods-receipt';

export interface ReceiptLineInput {
  /** what was counted off the truck; left as prefilled (what is open) when absent */
  received?: number;
  rejected?: number;
  reason?: RejectionReason;
  photos?: Array<{ name: string; mimeType: string; buffer: Buffer }>;
}

/**
 * An order's receipts (on /purchase-orders/<id>) and the record-receipt form
 * (/purchase-orders/<id>?receive): the buyer's "Record receipt", each line's fields, and the
 * receipts as both sides see them.
 */
export class GoodsReceiptsPage {
  constructor(readonly page: Page) {}

  form(): Locator {
    return this.page.getByTestId('receipt-form');
  }

  formLines(): Locator {
    return this.page.getByTestId('receipt-form-line');
  }

  /** Opens the form from the open order ("Record receipt"). */
  async open() {
    await this.page.getByTestId('po-record-receipt').click();
    await expect(this.form()).toBeVisible();
  }

  /** Fills the lines given by their place in the form (0 = the first line), then saves; the order's page comes back. */
  async record(lines: Record<number, ReceiptLineInput>, note?: string) {
    for (const [index, input] of Object.entries(lines)) {
      const line = this.formLines().nth(Number(index));
      if (input.received !== undefined) {
        await line.getByTestId('receipt-received').fill(String(input.received));
        await line.getByTestId('receipt-received').blur();
      }
      if (input.rejected) {
        await line.getByTestId('receipt-rejecting').click();
        await line.getByTestId('receipt-rejected').fill(String(input.rejected));
        await line.getByTestId('receipt-rejected').blur();
        if (input.reason) await line.getByTestId('receipt-reason').selectOption(input.reason);
        if (input.photos?.length) await line.getByTestId('receipt-photos-input').setInputFiles(input.photos);
      }
    }
    if (note) await this.page.getByTestId('receipt-note-input').fill(note);
    await this.page.getByTestId('receipt-save').click();
    await expect(this.form()).toBeHidden();
    await expect(this.page.getByTestId('po-detail')).toBeVisible();
  }

  /** The receipts shown on the open order, newest first. */
  receipts(): Locator {
    return this.page.getByTestId('receipt');
  }

  /** One figure of an order line on the open order (ordered, received, rejected, open, invoiced): its number in data-value. */
  figure(lineIndex: number, key: 'ordered' | 'received' | 'rejected' | 'cancelled' | 'open' | 'invoiced'): Locator {
    return this.page.getByTestId('po-line').nth(lineIndex).getByTestId(`po-line-${key}`);
  }
}
