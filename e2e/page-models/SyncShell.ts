import { expect, type Page } from '@playwright/test';

/** The sync status in the navigation bar, the first-sync progress and the sync centre. */
export class SyncShell {
  constructor(readonly page: Page) {}

  get status() {
    return this.page.getByTestId('sync-status');
  }

  /** The first sync finished and nothing waits to be sent. */
  async expectSynced() {
    await expect(this.page.getByTestId('first-sync')).toHaveCount(0, { timeout: 30_000 });
    await expect(this.status).toHaveAttribute('data-state', 'synced', { timeout: 30_000 });
  }

  async expectWaiting(count: number) {
    await expect(this.status).toHaveAttribute('data-waiting', String(count));
  }

  async openCentre() {
    await this.page.goto('/sync');
    await expect(this.page.locator('#sync-title')).toBeVisible();
  }

  get rejections() {
    return this.page.getByTestId('rejection');
  }
}
