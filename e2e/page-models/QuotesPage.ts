import { expect, type Locator, type Page } from '@playwright/test';

/** One line's answer in the quote form; the line is found by (part of) its description. */
export interface QuoteLineInput {
  /** the unit price as typed (Arabic-Indic digits too) */
  price?: string;
  /** the quantity available when less than asked */
  quantity?: string;
  note?: string;
  /** leave the line unquoted */
  skip?: boolean;
}

export interface QuoteInput {
  /** by line description (or a part of it that names one line) */
  lines?: Record<string, QuoteLineInput>;
  deliveryDays: string;
  /** yyyy-mm-dd; the form's default (30 days after closing) otherwise */
  validUntil?: string;
  notes?: string;
}

/** /quotes for a supplier: the RFQs addressed to them, and the quote form of one (/quotes/<rfqId>). */
export class QuotesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/quotes');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }

  /** The inbox card of the RFQ with this title. */
  rfq(title: string): Locator {
    return this.page.getByTestId('rfq-card').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  /** The RFQ's phase badge (data-status: open, closed, awarded, cancelled), on its card or, without a title, on the quote screen. */
  phase(title?: string): Locator {
    return (title ? this.rfq(title) : this.page.getByTestId('quote-screen')).getByTestId('rfq-phase');
  }

  /** The supplier's own quote badge (data-status: none, submitted, won, lost). */
  myQuote(title?: string): Locator {
    return (title ? this.rfq(title) : this.page.getByTestId('quote-screen')).getByTestId('rfq-my-quote');
  }

  /** Opens the quote screen of the RFQ with this title from the inbox. */
  async open(title: string) {
    await this.rfq(title).getByTestId('open-quote').click();
    await expect(this.page.getByTestId('quote-screen')).toBeVisible();
  }

  /** Opens the quote screen of an RFQ by id (as a notification does). */
  async openById(rfqId: string) {
    await this.page.goto(`/quotes/${rfqId}`);
    await expect(this.page.getByTestId('quote-screen')).toBeVisible();
  }

  /** The form's line whose description contains `description`. */
  line(description: string): Locator {
    return this.page.getByTestId('quote-line').filter({ hasText: description });
  }

  /** Whether the line is quoted (prefilled from the price list or ticked). */
  async isQuoted(description: string): Promise<boolean> {
    return (await this.line(description).getAttribute('data-quoted')) === 'true';
  }

  async setLine(description: string, input: QuoteLineInput) {
    const line = this.line(description);
    const box = line.getByRole('checkbox');
    if (input.skip) {
      await box.uncheck();
      return;
    }
    await box.check();
    if (input.price !== undefined) await line.locator('[name="unit_price"]').fill(input.price);
    if (input.quantity !== undefined) await line.locator('[name="quantity"]').fill(input.quantity);
    if (input.note !== undefined) await line.locator('[name="note"]').fill(input.note);
  }

  /** Fills the form on the open quote screen (lines not named stay as prefilled) and sends it; back on the inbox after. */
  async fill(input: QuoteInput) {
    const form = this.page.getByTestId('quote-form');
    for (const [description, line] of Object.entries(input.lines ?? {})) await this.setLine(description, line);
    await form.locator('[name="delivery_days"]').fill(input.deliveryDays);
    if (input.validUntil) await form.locator('[name="valid_until"]').fill(input.validUntil);
    if (input.notes !== undefined) await form.locator('[name="notes"]').fill(input.notes);
  }

  /** Sends the form; the quote is stored (and waits in the outbox when offline) and the inbox shows again. */
  async submit() {
    await this.page.getByTestId('quote-submit').click();
    await expect(this.page.getByTestId('quote-form')).toBeHidden();
    await expect(this.page.getByTestId('rfq-card').first()).toBeVisible();
  }

  /** Opens the RFQ from the inbox, fills the quote and sends it. */
  async quote(title: string, input: QuoteInput) {
    await this.open(title);
    await this.fill(input);
    await this.submit();
  }

  /** The form's totals: subtotal, VAT and total as shown. */
  totals() {
    return {
      subtotal: this.page.getByTestId('quote-subtotal'),
      vat: this.page.getByTestId('quote-vat'),
      total: this.page.getByTestId('quote-total'),
    };
  }
}
