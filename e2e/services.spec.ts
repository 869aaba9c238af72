import { expect, test } from '@playwright/test';
import { withoutJavaScript } from './page-models/Network';
import { ServicesPage } from './page-models/ServicesPage';

test.describe('public catalogue', () => {
  test('shows products and transport requests in tabs with their counts', async ({ page }) => {
    const services = new ServicesPage(page);
    const products = page.waitForResponse((r) => r.url().includes('/api/products?') && r.ok());
    await services.goto();
    const answer = await products;
    const total = Number(answer.headers()['x-total-count']);
    expect(total).toBeGreaterThan(0);
    await expect(services.productCards.first()).toBeVisible();
    // The first cards come at once, the rest of the page a frame later: all of it in the end.
    const page1 = ((await answer.json()) as unknown[]).length;
    expect(page1).toBeLessThanOrEqual(20);
    await expect(services.productCards).toHaveCount(page1);
    const arabicTotal = new Intl.NumberFormat('ar-SA').format(total);
    await expect(services.productsTab).toContainText(`(${arabicTotal})`);
    await expect(services.productCards.first()).toContainText(/ر\.س|﷼/);

    await services.transportTab.click();
    await expect(services.transportCards.first()).toBeVisible();
    expect(await services.transportCards.count()).toBeLessThanOrEqual(10);
    await expect(services.transportTab).toContainText(/\([٠-٩٬]+\)/);
    await expect(services.transportCards.first()).toContainText('من ');
  });

  test("paints the catalogue's title and intro in the visitor's language before any of its JavaScript has loaded", async ({ browser }) => {
    for (const [locale, lang, dir, title] of [
      ['ar-SA', 'ar', 'rtl', 'الخدمات المتاحة'],
      ['en-US', 'en', 'ltr', 'Available services'],
    ] as const) {
      await withoutJavaScript(browser, locale, async (page) => {
        await page.goto('/services');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([lang, dir]);
        // Its buttons wait for the app; the cards come with it.
        await expect(page.getByTestId('join-button')).toHaveAttribute('inert', '');
      });
    }
    // Another tab than the copy shows: no copy, the live page only.
    await withoutJavaScript(browser, 'ar-SA', async (page) => {
      await page.goto('/services?tab=transport');
      await expect(page.locator('#root')).toBeEmpty();
    });
  });

  test('swaps the painted catalogue for the live one with no spinner between and without moving anything', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifted: string[]; emptied: boolean };
      w.shifted = [];
      w.emptied = false;
      // What moved: the tabs may (their counts come with the data), nothing else.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          for (const source of (entry as unknown as { sources: Array<{ node?: Node }> }).sources) {
            const el = source.node instanceof Element ? source.node : source.node?.parentElement;
            w.shifted.push(el?.closest('[role="tablist"]') ? 'tabs' : (el?.outerHTML.slice(0, 80) ?? 'a removed node'));
          }
      }).observe({ type: 'layout-shift', buffered: true });
      // The full-page spinner would replace the copy's heading: watch for the heading going.
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver(() => {
          if (!document.querySelector('#root h1')) w.emptied = true;
        }).observe(document.getElementById('root')!, { childList: true, subtree: true });
      });
    });
    const services = new ServicesPage(page);
    await services.goto();
    await expect(services.productCards.first()).toBeVisible();
    await expect(page.getByTestId('join-button')).not.toHaveAttribute('inert');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { emptied: boolean }).emptied)).toBe(false);
    expect((await page.evaluate(() => (window as unknown as { shifted: string[] }).shifted)).filter((s) => s !== 'tabs')).toEqual([]);
  });

  test('a missing product image falls back to the placeholder', async ({ page }) => {
    await page.route('**/api/products?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Array<Record<string, unknown>>;
      // An image URL and no photo (a photo, when there is one, is the cover).
      body[0].image_url = '/no-such-image.png';
      body[0].photos = [];
      await route.fulfill({ response, json: body });
    });
    const services = new ServicesPage(page);
    await services.goto();
    await expect(services.productCards.first().getByTestId('image-placeholder')).toBeVisible();
  });
});

test.describe('join form', () => {
  test('refuses an empty submit and names the required fields', async ({ page }) => {
    const services = new ServicesPage(page);
    await services.goto();
    await services.openJoin();
    let sent = false;
    page.on('request', (r) => r.url().includes('/api/quick-signup') && (sent = true));
    await services.submit();
    await expect(services.form.getByText('هذا الحقل مطلوب.')).toHaveCount(6);
    await expect(services.success).toHaveCount(0);
    expect(sent).toBe(false);
  });

  test('succeeds with a valid form, shows success, then closes', async ({ page }) => {
    const services = new ServicesPage(page);
    await services.goto();
    await services.openJoin();
    await page.getByRole('radio', { name: 'شركة نقل' }).check();
    await services.fillValid();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/quick-signup'));
    await services.submit();
    expect((await answer).status()).toBe(201);
    await expect(services.success).toBeVisible();
    await expect(services.success).toContainText('وصلنا طلبك!');
    await expect(services.form).toHaveCount(0, { timeout: 6_000 });
    await expect(services.success).toHaveCount(0);
  });

  test('shows the server refusal and keeps what the user typed', async ({ page }) => {
    await page.route('**/api/quick-signup', (route) =>
      route.fulfill({
        status: 429,
        json: { error: 'Too many requests', code: 'rate_limited' },
        headers: { 'Retry-After': '3600' },
      }),
    );
    const services = new ServicesPage(page);
    await services.goto();
    await services.openJoin();
    const values = await services.fillValid();
    await services.submit();
    await expect(services.error).toHaveText('محاولات كثيرة خلال وقت قصير. انتظر قليلًا ثم أعد المحاولة.');
    await expect(services.success).toHaveCount(0);
    for (const [name, value] of Object.entries(values)) await expect(services.field(name)).toHaveValue(value);
  });

  test('shows the field the server names in its 400 details', async ({ page }) => {
    await page.route('**/api/quick-signup', (route) =>
      route.fulfill({
        status: 400,
        json: { error: 'Invalid input', code: 'validation_failed', details: [{ path: 'email', message: 'Invalid email' }] },
      }),
    );
    const services = new ServicesPage(page);
    await services.goto();
    await services.openJoin();
    await services.fillValid();
    await services.submit();
    await expect(services.error).toHaveText('بعض البيانات غير صحيحة. راجع الحقول المشار إليها.');
    await expect(services.form.getByText('أدخل بريدًا إلكترونيًا صحيحًا')).toBeVisible();
  });

  test('says so when the network fails', async ({ page }) => {
    await page.route('**/api/quick-signup', (route) => route.abort('internetdisconnected'));
    const services = new ServicesPage(page);
    await services.goto();
    await services.openJoin();
    const values = await services.fillValid();
    await services.submit();
    await expect(services.error).toHaveText('تعذّر الاتصال بالخادم. تحقّق من اتصالك بالإنترنت ثم أعد المحاولة.');
    await expect(services.field('email')).toHaveValue(values.email);
  });
});
