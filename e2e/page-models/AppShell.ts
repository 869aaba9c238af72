import { expect, type Page } from '@playwright/test';

/** The signed-in shell: the navigation bar and its mobile menu. */
export class AppShell {
  constructor(readonly page: Page) {}

  get greeting() {
    return this.page.getByTestId('dashboard-greeting');
  }
  get mobileNav() {
    return this.page.getByTestId('mobile-nav');
  }

  /** The role guide opens on the first dashboard visit per role: close it when it is there. */
  async dismissGuide() {
    // The guide renders with the dashboard's greeting: wait for that before looking.
    if (new URL(this.page.url()).pathname === '/dashboard') await expect(this.greeting).toBeVisible({ timeout: 15_000 });
    const skip = this.page.getByTestId('guide-skip');
    if (await skip.isVisible().catch(() => false)) {
      await skip.click();
      await expect(this.page.getByTestId('guide')).toBeHidden();
      await expect(this.page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true'); // the dialog's closing has ended
    }
  }

  async openMenu() {
    await this.dismissGuide();
    await this.page.getByTestId('menu-button').click();
    await expect(this.mobileNav).toBeVisible();
  }

  /** The hrefs of the mobile menu's entries, in order. */
  async menuPaths() {
    return this.mobileNav.locator('a').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  }

  async logout() {
    await this.page.getByTestId('logout').click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}
