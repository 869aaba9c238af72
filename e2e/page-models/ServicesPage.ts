import { expect, type Page } from '@playwright/test';

/** /services: the products and transport tabs, and the join dialog with the quick signup form. */
export class ServicesPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/services');
    await expect(this.productsTab).toBeVisible();
  }

  get productsTab() {
    return this.page.getByTestId('tab-products');
  }
  get transportTab() {
    return this.page.getByTestId('tab-transport');
  }
  get productCards() {
    return this.page.getByTestId('product-card');
  }
  get transportCards() {
    return this.page.getByTestId('transport-card');
  }
  get form() {
    return this.page.getByTestId('quick-signup-form');
  }
  get success() {
    return this.page.getByTestId('quick-signup-success');
  }
  get error() {
    return this.page.getByTestId('quick-signup-error');
  }
  field(name: string) {
    return this.form.locator(`[name="${name}"]`);
  }

  async openJoin() {
    await this.page.getByTestId('join-button').click();
    await expect(this.form).toBeVisible();
  }

  async fillValid(overrides: Record<string, string> = {}) {
    const values: Record<string, string> = {
      company_name: 'مؤسسة الخليج لمواد البناء',
      contact_person: 'سالم العتيبي',
      phone: '0501234567',
      email: `join-${Date.now()}@gulf.sa`,
      city: 'الرياض',
      service_description: 'توريد حديد التسليح والأسمنت للمشاريع',
      experience_years: '8',
      ...overrides,
    };
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
    return values;
  }

  async submit() {
    await this.page.getByTestId('quick-signup-submit').click();
  }
}
