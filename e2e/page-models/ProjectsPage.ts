import { expect, type Locator, type Page } from '@playwright/test';

/** /projects: a contractor's open projects and bids, a government's own projects. */
export class ProjectsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/projects');
    await expect(this.page.locator('#projects-title')).toBeVisible();
  }

  get cards() {
    return this.page.getByTestId('project-card');
  }

  card(projectId: string): Locator {
    return this.page.locator(`[data-testid="project-card"][data-project-id="${projectId}"]`);
  }

  async firstProjectId(): Promise<string> {
    await expect(this.cards.first()).toBeVisible();
    return (await this.cards.first().getAttribute('data-project-id'))!;
  }

  async bid(projectId: string, amount: number, proposal: string, days?: number) {
    await this.card(projectId).getByTestId('bid-button').click();
    const dialog = this.page.getByTestId('bid-dialog');
    await dialog.locator('[name="amount"]').fill(String(amount));
    if (days) await dialog.locator('[name="days"]').fill(String(days));
    await dialog.locator('[name="proposal"]').fill(proposal);
    await dialog.getByTestId('bid-submit').click();
    await expect(dialog).toBeHidden();
  }

  myBid(projectId: string) {
    return this.card(projectId).getByTestId('my-bid');
  }
}
