import { expect, type Page } from '@playwright/test';

/** The company's tax profile and e-invoicing page, /company/tax. */
export class TaxProfilePage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/company/tax');
    await expect(this.page.getByTestId('tax-profile')).toBeVisible({ timeout: 15_000 });
  }

  input(field: string) {
    return this.page.getByTestId(`tax-profile-input-${field}`);
  }

  /** Opens the form (add or edit) and types `values` over what it holds. */
  async fill(values: Record<string, string>) {
    if (!(await this.page.getByTestId('tax-profile-form').isVisible())) await this.page.getByTestId('tax-profile-edit').click();
    for (const [field, value] of Object.entries(values)) await this.input(field).fill(value);
  }

  async save() {
    await this.page.getByTestId('tax-profile-save').click();
  }

  /** The field's validation message (Fluent links it to the input by aria-describedby). */
  async messageOf(field: string): Promise<string> {
    const input = this.input(field);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const ids = ((await input.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => this.page.locator(`[id="${id}"]`).innerText().catch(() => '')));
    return texts.join(' ');
  }

  value(field: string) {
    return this.page.getByTestId(`tax-profile-${field}`);
  }

  get einvoicingStatus() {
    return this.page.getByTestId('einvoicing-status');
  }

  async onboard(otp: string) {
    await this.page.getByTestId('einvoicing-otp').fill(otp);
    await this.page.getByTestId('einvoicing-onboard').click();
  }
}
