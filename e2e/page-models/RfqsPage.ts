import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';

/** A file made in the test, as Playwright hands it to a file input. */
export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A contractor's /rfqs: the list, the builder (/rfqs/new), one request's comparison and award (/rfqs/{id}). */
export class RfqsPage {
  constructor(readonly page: Page) {}

  /** A device's first screen waits for its first sync, which three people starting at once can make slow. */
  async goto() {
    await this.page.goto('/rfqs');
    await expect(this.page.locator('#screen-title')).toBeVisible({ timeout: 30_000 });
  }

  /** The builder, from the list's button. */
  async startNew() {
    await this.page.getByTestId('new-rfq').click();
    await expect(this.page).toHaveURL(/\/rfqs\/new$/);
  }

  async fillHead(title: string, location: string) {
    await this.page.getByTestId('rfq-title').fill(title);
    await this.page.getByTestId('rfq-location').fill(location);
  }

  /** Imports a bill of quantities and adds its good rows; `summary` is what the preview says. */
  async importBoq(file: TestFile, expectedGood: number) {
    await this.page.getByTestId('boq-file').setInputFiles(file);
    await expect(this.page.getByTestId('import-preview')).toBeVisible();
    await expect(this.page.getByTestId('boq-add')).toBeEnabled();
    await expect(this.page.getByTestId('boq-import').locator('[data-ok="yes"]')).toHaveCount(expectedGood);
  }

  /** Picks the category of a preview row (by its line in the sheet) whose category the sheet names but the app does not know. */
  async pickImportCategory(line: number, category: string) {
    await this.page.getByTestId('boq-import').locator(`[data-line="${line}"]`).getByTestId('boq-category').selectOption({ label: category });
    await expect(this.page.getByTestId('boq-import').locator(`[data-line="${line}"]`)).toHaveAttribute('data-ok', 'yes');
  }

  /** Adds the good rows: they leave the preview; the problem rows, if any, stay in it to be fixed. */
  async addImportedLines() {
    await this.page.getByTestId('boq-add').click();
    await expect(this.page.getByTestId('boq-import').locator('[data-ok="yes"]')).toHaveCount(0);
  }

  /** On a request's page: edits its site and saves, back on its page. */
  async editLocation(location: string) {
    await this.page.getByTestId('edit-rfq').click();
    await expect(this.page).toHaveURL(/\?edit$/);
    await this.page.getByTestId('rfq-location').fill(location);
    await this.page.getByTestId('save-rfq').click();
    await expect(this.page).toHaveURL(/\/rfqs\/[0-9a-f-]{36}$/);
    await expect(this.page.getByText(location)).toBeVisible();
  }

  lines(): Locator {
    return this.page.getByTestId('draft-line');
  }

  /** Sends the request; answers its id (the page moves to it). */
  async send(): Promise<string> {
    await this.page.getByTestId('audience-market').check();
    await this.page.getByTestId('send-rfq').click();
    await expect(this.page).toHaveURL(/\/rfqs\/[0-9a-f-]{36}$/);
    return this.page.url().split('/').pop()!;
  }

  /** Sends the request to chosen suppliers only, ticked by company name; answers its id. */
  async sendTo(names: string[]): Promise<string> {
    await this.page.getByTestId('audience-invited').check();
    const picker = this.page.getByTestId('supplier-picker');
    for (const name of names) await picker.getByRole('checkbox', { name }).check();
    await this.page.getByTestId('send-rfq').click();
    await expect(this.page).toHaveURL(/\/rfqs\/[0-9a-f-]{36}$/);
    return this.page.url().split('/').pop()!;
  }

  async open(id: string) {
    await this.page.goto(`/rfqs/${id}`);
    await expect(this.page.locator('#screen-title')).toBeVisible();
  }

  comparisonLines(): Locator {
    return this.page.getByTestId('comparison-line');
  }

  /** The desk's full table: lines down, a column per supplier. */
  comparisonTable(): Locator {
    return this.page.getByTestId('comparison-table');
  }

  /** Exports the comparison; answers the downloaded file's bytes. */
  async exportComparison(): Promise<Buffer> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-comparison').click()]);
    return readFile(await download.path());
  }

  /** Awards every line to its lowest price (the award's first choice), confirmed. */
  async awardSplitToLowest() {
    await this.page.getByTestId('award-lowest').check();
    await this.page.getByTestId('award-open').click();
    await this.page.getByTestId('award-confirm').click();
    await expect(this.page.getByTestId('award-panel')).toBeHidden();
  }

  ordersMade(): Locator {
    return this.page.getByTestId('order-made');
  }
}
