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

  /**
   * An open project of the demo data (no test awards or closes those). Not simply the
   * first card: that is the newest, often one another test posted a moment ago and is
   * counting the bids of, in the other worker.
   */
  async demoProjectId(which = 0): Promise<string> {
    const titles = ['إنشاء مدرسة ابتدائية بسعة 600 طالب', 'صيانة وتأهيل شبكة تصريف مياه الأمطار'];
    const card = this.cards.filter({ hasText: titles[which] }).first();
    await expect(card).toBeVisible({ timeout: 20_000 });
    return (await card.getAttribute('data-project-id'))!;
  }

  /** `amount` as typed: a number, or text such as Arabic-Indic digits ('١٢٥٠٠٠'). */
  async openBid(projectId: string) {
    await this.card(projectId).getByTestId('bid-button').click();
    await expect(this.page.getByTestId('bid-dialog')).toBeVisible();
  }

  async bid(projectId: string, amount: number | string, proposal: string, days?: number) {
    await this.openBid(projectId);
    const dialog = this.page.getByTestId('bid-dialog');
    await dialog.locator('[name="amount"]').fill(String(amount));
    if (days) await dialog.locator('[name="days"]').fill(String(days));
    await dialog.locator('[name="proposal"]').fill(proposal);
    // A two-envelope tender (the demo school's among them) takes a technical envelope too; its bond is not required.
    const technical = dialog.locator('[name="technical_text"]');
    if (await technical.count()) await technical.fill('منهجية التنفيذ وفريق العمل وفق كراسة الشروط');
    await dialog.getByTestId('bid-submit').click();
    await expect(dialog).toBeHidden();
  }

  myBid(projectId: string) {
    return this.card(projectId).getByTestId('my-bid');
  }

  /** A government posts a project through the dialog; resolves to its id (the newest card). */
  async post(values: { title: string; description: string; location: string; budget?: number; deadline?: string; envelopes?: 1 | 2; bidBondPercent?: number | string }): Promise<string> {
    await this.page.getByTestId('post-project').click();
    const dialog = this.page.getByTestId('project-dialog');
    await dialog.locator('[name="title"]').fill(values.title);
    await dialog.locator('[name="description"]').fill(values.description);
    await dialog.locator('[name="location"]').fill(values.location);
    if (values.budget) await dialog.locator('[name="budget"]').fill(String(values.budget));
    if (values.deadline) await dialog.locator('[name="deadline_date"]').fill(values.deadline);
    // Fluent's Radio puts its props on the native input.
    if (values.envelopes) await dialog.getByTestId(`envelopes-${values.envelopes}`).check();
    if (values.bidBondPercent !== undefined) await dialog.locator('[name="bid_bond_percent"]').fill(String(values.bidBondPercent));
    await dialog.getByTestId('project-submit').click();
    await expect(dialog).toBeHidden();
    const card = this.cards.filter({ hasText: values.title });
    await expect(card).toHaveCount(1);
    return (await card.getAttribute('data-project-id'))!;
  }

  receivedBids(projectId: string) {
    return this.card(projectId).getByTestId('received-bid');
  }

  async showBids(projectId: string) {
    const toggle = this.card(projectId).getByTestId('toggle-bids');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  async award(projectId: string, company: string) {
    await this.receivedBids(projectId).filter({ hasText: company }).getByTestId('award-bid').click();
    await this.page.getByTestId('award-bid-confirm').click();
  }

  async openMyBids() {
    await this.page.getByTestId('tab-my-bids').click();
  }
}
