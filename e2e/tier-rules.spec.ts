/**
 * The pricing page explains how tiers are earned from the rule table the server applies
 * (shared/tiers.ts): one row per tier, its bars as the table gives them, in Arabic on a
 * phone, without the page scrolling sideways; the company page says where the company stands.
 */
import { expect, test } from '@playwright/test';
import { TIER_RULES } from '../shared/tiers';
import { PricingPage } from './page-models/ScreensPages';
import { signUpAs } from './page-models/Session';
import { sidewaysScroll } from './page-models/checkPage';

test('the pricing page shows how tiers are earned, from the rule table (ar, phone)', async ({ page }) => {
  await signUpAs(page, 'contractor', 'مقاولات الفئات');
  await new PricingPage(page).goto();
  const rules = page.getByTestId('tier-rules');
  await rules.scrollIntoViewIfNeeded();
  await expect(rules.getByRole('heading', { name: 'كيف تُكتسب فئات التوثيق' })).toBeVisible();
  await expect(rules.locator('tbody tr')).toHaveCount(TIER_RULES.length);
  const silver = rules.getByTestId('tier-rule-silver');
  await expect(silver).toContainText('فضي');
  const digits = (n: number) => new Intl.NumberFormat('ar-SA').format(n);
  await expect(silver).toContainText(digits(TIER_RULES[0].deals));
  await expect(rules).toContainText('(المقاول والجهة الحكومية)');
  expect(await sidewaysScroll(page)).toBe(0);
  await page.screenshot({ path: '/tmp/tierwork/tier-rules.png', fullPage: true });

  // Its company page: unverified until the register checks its CR, and where to ask for it.
  await page.goto('/company');
  const progress = page.getByTestId('tier-progress');
  await expect(progress).toContainText('فئة شركتك الآن');
  await expect(progress).toContainText('غير موثّق');
  await expect(progress.getByTestId('tier-progress-register')).toBeVisible();
  expect(await sidewaysScroll(page)).toBe(0);
  await progress.screenshot({ path: '/tmp/tierwork/tier-progress.png' });
});
