import { expect, type Page } from '@playwright/test';

/** The landing page `/`: header, hero, role cards, service tiles, browse, call to action, footer. */
export class LandingPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/');
    await expect(this.hero).toBeVisible();
  }

  get hero() {
    return this.page.locator('#hero-title');
  }
  get loginButton() {
    return this.page.getByTestId('login-button');
  }
  get languageSwitcher() {
    return this.page.getByTestId('language-switcher').first();
  }
  get roleCards() {
    return this.page.getByTestId('role-card');
  }
  get serviceTiles() {
    return this.page.getByTestId('service-tile');
  }
  get footerCounters() {
    return this.page.getByTestId('footer-counters');
  }

  async switchLanguage(code: 'ar' | 'en' | 'zh') {
    await this.languageSwitcher.selectOption(code);
    await expect(this.page.locator('html')).toHaveAttribute('lang', code);
  }

  async htmlLangDir() {
    return this.page.locator('html').evaluate((html: HTMLElement) => ({ lang: html.lang, dir: html.dir }));
  }

  /** The direction Fluent renders with (FluentProvider's dir attribute). */
  async fluentDir() {
    return this.page.locator('.fui-FluentProvider').first().getAttribute('dir');
  }
}
