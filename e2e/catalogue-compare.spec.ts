/**
 * Catalogue comparison, in Arabic at phone width: a contractor sorts the catalogue by
 * price (the local copy, in the server's order), chooses products to compare (a fifth
 * beyond four is refused), and opens them side by side with the lowest price marked.
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { ProductsPage } from './page-models/ProductsPage';
import { signInDemo } from './page-models/Session';
import { seen } from './page-models/seen';

test.use({ viewport: { width: 412, height: 915 } });

/** The server's price of each product, by id (the cards show prices formatted for people). */
async function pricesOf(page: Page, ids: string[]): Promise<number[]> {
  return Promise.all(
    ids.map(async (id) => {
      const res = await page.request.get(`/api/products/${id}`);
      expect(res.status(), id).toBe(200);
      return ((await res.json()) as { price: number }).price;
    }),
  );
}

test('a contractor sorts by price and compares products side by side, the lowest price marked', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('binaa.language', 'ar'));
  await signInDemo(page, 'contractor@demo.binaa.sa');
  const products = new ProductsPage(page);
  await products.goto();
  await expect(products.cards.first()).toBeVisible();

  // Sorted by price, low to high: each card costs no less than the one before it.
  await page.getByTestId('catalogue-sort').click();
  await page.getByTestId('sort-price_asc').click();
  await expect(page.getByTestId('catalogue-sort')).toHaveText('السعر: من الأقل إلى الأعلى');
  const ids = async () => (await products.cards.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')!))).slice(0, 5);
  // The list follows the new order after an asynchronous read: retried until it has.
  let shown: string[] = [];
  let prices: number[] = [];
  await expect(async () => {
    shown = await ids();
    prices = await pricesOf(page, shown);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass({ timeout: 10_000 });

  // Four at most: the fifth is refused and says why; taking one back leaves three.
  const toggle = (i: number) => products.cards.nth(i).getByTestId('compare-toggle');
  await expect(toggle(0)).toHaveAccessibleName(/^مقارنة .+/);
  for (let i = 0; i < 5; i++) await toggle(i).click();
  await expect(page.getByTestId('compare-full')).toBeVisible();
  await expect(toggle(4)).toHaveAttribute('aria-pressed', 'false');
  await toggle(3).click();
  await expect(page.getByTestId('compare-full')).toBeHidden();
  await expect(page.getByTestId('compare-count')).toHaveText(seen('اخترت ٣ منتجات للمقارنة (حتى ٤)'));

  await page.getByTestId('compare-open').click();
  await expect(page).toHaveURL(/\/products\/compare\?ids=/);
  const columns = page.getByTestId('compare-product');
  await expect(columns).toHaveCount(3);
  expect(await columns.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-product-id')))).toEqual(shown.slice(0, 3));
  // The cheapest (the first, sorted by price) carries the mark; a dearer one does not.
  const lowest = page.getByTestId('lowest-price');
  await expect(lowest.first()).toHaveText('أقل سعر');
  const marked = await lowest.evaluateAll((badges) => badges.map((b) => b.closest('td')!.getAttribute('data-product-id')));
  expect(marked).toContain(shown[0]);
  if (prices[2] > prices[0]) expect(marked).not.toContain(shown[2]);
  await expect(page.getByTestId('compare-row-price').locator('th')).toHaveText('سعر الوحدة');

  // The table scrolls sideways inside its own box, never the page; axe finds nothing; a
  // screenshot for a person to look at (RTL, sticky labels, the mark).
  await checkPage(page, 'ar', 'catalogue-compare');
});
