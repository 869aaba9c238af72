import { expect, type Page } from '@playwright/test';

export interface NewProduct {
  name: string;
  price: string;
  unit: string;
  minQuantity?: string;
  description?: string;
  imageUrl?: string;
  specs?: Array<[string, string]>;
  /** Pick the first category of the picker. */
  category?: boolean;
}

/** /products: a supplier's own products, or the catalogue. */
export class ProductsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/products');
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }

  get cards() {
    return this.page.getByTestId('product-card');
  }
  card(name: string) {
    return this.cards.filter({ has: this.page.getByTestId('product-name').getByText(name, { exact: true }) });
  }
  get form() {
    return this.page.getByTestId('product-form');
  }
  get limit() {
    return this.page.getByTestId('product-limit');
  }

  async fillForm(p: Partial<NewProduct>) {
    const f = this.form;
    if (p.name !== undefined) await f.locator('[name="name"]').fill(p.name);
    if (p.description !== undefined) await f.locator('[name="description"]').fill(p.description);
    if (p.price !== undefined) await f.locator('[name="price"]').fill(p.price);
    if (p.unit !== undefined) await f.locator('[name="unit"]').fill(p.unit);
    if (p.minQuantity !== undefined) await f.locator('[name="min_quantity"]').fill(p.minQuantity);
    if (p.category) {
      await f.getByTestId('category-picker').click();
      await this.page.getByRole('listbox').getByRole('option').nth(1).click();
    }
    if (p.imageUrl !== undefined) await f.locator('[name="image_url"]').fill(p.imageUrl);
    for (const [key, value] of p.specs ?? []) {
      await f.getByTestId('add-spec').click();
      const inputs = f.getByTestId('specs').locator('input');
      const count = await inputs.count();
      await inputs.nth(count - 2).fill(key);
      await inputs.nth(count - 1).fill(value);
    }
  }

  async add(p: NewProduct) {
    await this.page.getByTestId('add-product').first().click();
    await expect(this.form).toBeVisible();
    await this.fillForm(p);
    await this.form.getByTestId('product-save').click();
    await expect(this.form).toBeHidden();
    await expect(this.card(p.name)).toBeVisible();
  }

  async edit(name: string, changes: Partial<NewProduct>) {
    await this.card(name).getByTestId('edit-product').click();
    await expect(this.form).toBeVisible();
    await this.fillForm(changes);
    await this.form.getByTestId('product-save').click();
    await expect(this.form).toBeHidden();
  }

  async toggleAvailability(name: string) {
    await this.card(name).getByTestId('availability-toggle').click();
  }

  async remove(name: string) {
    await this.card(name).getByTestId('delete-product').click();
    await this.page.getByTestId('confirm-delete').click();
    await expect(this.card(name)).toHaveCount(0);
  }

  // --- catalogue
  async search(term: string) {
    await this.page.getByRole('searchbox').first().fill(term);
  }
  async filterCategory(index: number) {
    await this.page.getByTestId('category-filter').click();
    await this.page.getByRole('listbox').getByRole('option').nth(index).click();
  }
}
