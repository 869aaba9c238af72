import { expect, type Page } from '@playwright/test';

/** /company: the members, the owner's invite panel and open invites. */
export class CompanyPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/company');
    await expect(this.page.getByTestId('company-members')).toBeVisible({ timeout: 15_000 });
    await expect(this.page.getByTestId('company-list')).toBeVisible();
  }

  get members() {
    return this.page.getByTestId('company-member');
  }

  member(email: string) {
    return this.members.filter({ hasText: email });
  }

  get openInvites() {
    return this.page.getByTestId('open-invite');
  }

  get notice() {
    return this.page.getByTestId('company-notice');
  }

  /** Creates an invite link; returns its path (/invite/{token}) and the invite's id. */
  async createInvite(role: 'member' | 'driver'): Promise<{ path: string; id: string }> {
    const roles = this.page.getByTestId('invite-role');
    if (await roles.isVisible()) await this.page.getByTestId(`invite-role-${role}`).check(); // Fluent puts the test id on the radio's input
    const created = this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/company/invites' && r.request().method() === 'POST');
    await this.page.getByTestId('invite-create').click();
    const { id, url } = (await (await created).json()) as { id: string; url: string };
    const link = this.page.getByTestId('invite-link');
    await expect(link).toHaveValue(url);
    await expect(this.openInvite(id)).toBeVisible();
    return { path: new URL(url, this.page.url()).pathname, id };
  }

  openInvite(id: string) {
    return this.page.locator(`[data-testid="open-invite"][data-id="${id}"]`);
  }

  async revoke(id: string) {
    await this.openInvite(id).getByTestId('invite-revoke').click();
    await expect(this.openInvite(id)).toHaveCount(0);
  }

  /** Removes the person with this email, answering yes to the question. */
  async remove(email: string) {
    await this.member(email).getByTestId('member-remove').click();
    await this.page.getByTestId('member-remove-confirm').click();
    await expect(this.member(email)).toHaveCount(0);
  }
}

/** /invite/{token}: what the page shows is in its data-view attribute. */
export class InvitePage {
  constructor(readonly page: Page) {}

  get root() {
    return this.page.getByTestId('invite-page');
  }

  async goto(path: string) {
    await this.page.goto(path);
    // The page is a lazy chunk, then the invite's preview, then the session.
    await expect(this.root).not.toHaveAttribute('data-view', 'loading', { timeout: 30_000 });
  }

  async expectView(view: 'signIn' | 'join' | 'inCompany' | 'expired' | 'used' | 'revoked' | 'notFound' | 'offline') {
    await expect(this.root).toHaveAttribute('data-view', view, { timeout: 15_000 });
  }
}

/** The audit trail (features/audit/AuditTrail.tsx): /company/audit for the owner, the admin panel's tab for the admin. */
export class AuditPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/company/audit');
    await expect(this.page.getByTestId('audit-list')).toBeVisible({ timeout: 15_000 });
  }

  get rows() {
    return this.page.getByTestId('audit-row');
  }

  /** The rows of one action on one record (its id is in the row's record line). */
  row(action: string, recordId: string) {
    return this.page.locator(`[data-testid="audit-row"][data-action="${action}"]`).filter({ has: this.page.getByTestId('audit-record').filter({ hasText: recordId }) });
  }

  get csvLink() {
    return this.page.getByTestId('audit-csv');
  }

  /** The CSV the link downloads now (the page's session goes with the request). */
  async csv() {
    const href = await this.csvLink.getAttribute('href');
    return this.page.request.get(href!);
  }
}
