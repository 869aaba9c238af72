import { expect, type Page } from '@playwright/test';

/** /notifications */
export class NotificationsPage {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/notifications');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }
  get items() {
    return this.page.getByTestId('notification');
  }
  get unreadItems() {
    return this.page.locator('[data-testid="notification"][data-read="false"]');
  }
  async showUnread() {
    await this.page.getByTestId('filter-unread').click();
  }
  async showAll() {
    await this.page.getByTestId('filter-all').click();
  }
  /** One type only (its value, e.g. 'invoice'), or every type with ''. */
  async showType(type: string) {
    await this.page.getByTestId('filter-type').selectOption(type);
  }
  /** The type each shown notification is tagged with, top to bottom. */
  async types() {
    return this.items.getByTestId('notification-type').evaluateAll((tags) => tags.map((t) => t.getAttribute('data-type')));
  }
  async markFirstRead() {
    await this.unreadItems.first().getByTestId('mark-read').click();
  }
  async markAllRead() {
    await this.page.getByTestId('mark-all-read').click();
  }
}

/** /pricing */
export class PricingPage {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/pricing');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }
  plan(id: string) {
    return this.page.getByTestId(`plan-${id}`);
  }
  async yearly() {
    await this.page.getByTestId('cycle-yearly').click();
  }
  async monthly() {
    await this.page.getByTestId('cycle-monthly').click();
  }
  async startTrial() {
    await this.page.getByTestId('start-trial').click();
  }
  async subscribe(id: string) {
    await this.plan(id).getByTestId('subscribe').click();
    await this.page.getByTestId('confirm-subscribe').click();
  }
}

/** /profile */
export class ProfilePage {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/profile');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }
  get form() {
    return this.page.getByTestId('profile-form');
  }
  async edit() {
    await this.page.getByTestId('edit-profile').click();
    await expect(this.form).toBeVisible();
  }
  async fill(field: string, value: string) {
    await this.form.locator(`[name="${field}"]`).fill(value);
  }
  async save() {
    await this.page.getByTestId('profile-save').click();
  }
  value(field: string) {
    return this.page.getByTestId(`profile-${field}`);
  }
}

/** /admin */
export class AdminPage {
  constructor(readonly page: Page) {}
  async goto() {
    await this.page.goto('/admin');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }
  async tab(name: 'products' | 'projects' | 'users' | 'quickSignups' | 'audit') {
    await this.page.getByTestId(`admin-tab-${name}`).click();
  }
  async search(term: string) {
    await this.page.getByRole('searchbox').first().fill(term);
  }
  get rows() {
    return this.page.locator('[data-testid="admin-row"], [data-testid="admin-user"]');
  }
  async deleteFirst() {
    await this.rows.first().getByTestId('admin-delete').click();
    await this.page.getByTestId('confirm-delete').click();
  }
}
