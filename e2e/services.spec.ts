import { expect, test } from '@playwright/test';
import { ServicesPage } from './page-models/ServicesPage';

test.describe('public catalogue', () => {
  test('shows products and transport requests in tabs with their counts', async ({ page }) => {
    const services = new ServicesPage(page);
    const products = page.waitForResponse((r) => r.url().includes('/api/products?') && r.ok());
    await services.goto();
    const total = Number((await products).headers()['x-total-count']);
    expect(total).toBeGreaterThan(0);
    await expect(services.productCards.first()).toBeVisible();
    expect(await services.productCards.count()).toBeLessThanOrEqual(20);
    const arabicTotal = new Intl.NumberFormat('ar-SA').format(total);
    await expect(services.productsTab).toContainText(`(${arabicTotal})`);
    await expect(services.productCards.first()).toContainText(/ر\.س|﷼/);

    await services.transportTab.click();
    await expect(services.transportCards.first()).toBeVisible();
    expect(await services.transportCards.count()).toBeLessThanOrEqual(10);
    await expect(services.transportTab).toContainText(/\([٠-٩٬]+\)/);
    await expect(services.transportCards.first()).toContainText('من ');
  });

  test('a missing product image falls back to the placeholder', async ({ page }) => {
    await page.route('**/api/products?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Array<Record<string, unknown>>;
      body[0].image_url = '/no-such-image.png';
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
