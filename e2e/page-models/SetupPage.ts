import { expect, type Page } from '@playwright/test';

export type SetupRole = 'supplier' | 'contractor' | 'government' | 'transport';

/** /setup: the role radios and the profile form. */
export class SetupPage {
  constructor(readonly page: Page) {}

  get form() {
    return this.page.getByTestId('setup-form');
  }
  get roleAlert() {
    return this.page.getByTestId('setup-role-alert');
  }
  get serverError() {
    return this.page.getByTestId('setup-server-error');
  }

  async chooseRole(role: SetupRole) {
    await this.page.locator(`input[type="radio"][value="${role}"]`).check();
  }

  async fill(field: string, value: string) {
    await this.form.locator(`[name="${field}"]`).fill(value);
  }

  async submit() {
    await this.page.getByTestId('setup-submit').click();
  }

  async complete(role: SetupRole, companyName: string) {
    await expect(this.form).toBeVisible();
    await this.chooseRole(role);
    await this.fill('company_name', companyName);
    await this.submit();
  }
}
