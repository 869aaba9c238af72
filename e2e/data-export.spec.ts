/**
 * "Download my data" on the profile screen: started, its progress shown while the server
 * prepares it, then the link to the ZIP, which downloads (en).
 */
import { expect, test } from '@playwright/test';
import { ProfilePage } from './page-models/ScreensPages';
import { signUpAs } from './page-models/Session';

test('a person prepares and downloads their data from the profile screen (en)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('binaa.language', 'en'));
  await signUpAs(page, 'contractor', 'Export Contracting');
  const profile = new ProfilePage(page);
  await profile.goto();
  const card = page.getByTestId('data-export');
  await expect(card).toContainText('Download my data');
  await page.getByTestId('data-export-start').click();
  const link = page.getByTestId('data-export-download');
  await expect(link).toBeVisible({ timeout: 30_000 });
  // The size is interpolated inside bidi isolates, as every value is.
  await expect(link).toHaveText(/^Download the ZIP \(\u2068?\d+ kB\u2069?\)$/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^binaa-data-\d{4}-\d{2}-\d{2}\.zip$/);
});
