import { expect, test } from '@playwright/test';
import { LandingPage } from './page-models/LandingPage';
import { withoutJavaScript } from './page-models/Network';
import { axeViolations } from './page-models/checkPage';
import { seen } from './page-models/seen';

test.describe('landing page', () => {
  test('a visitor costs one session check and no console error', async ({ page }) => {
    const api: string[] = [];
    const errors: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && api.push(`${r.method()} ${new URL(r.url()).pathname}`));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.loginButton).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(api).toEqual(['GET /api/session']);
    expect(errors).toEqual([]);
  });

  test('opens in Arabic, right to left, with every section of the page', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    expect(await landing.htmlLangDir()).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await landing.fluentDir()).toBe('rtl');
    await expect(landing.hero).toHaveText('كل ما يحتاجه مشروعك من مواد بناء في سوق واحد');
    await expect(page.getByRole('link', { name: 'عرض الخدمات' })).toBeVisible();
    await expect(landing.loginButton).toHaveText('تسجيل الدخول');
    await expect(landing.roleCards).toHaveCount(3);
    await expect(landing.serviceTiles).toHaveCount(4);
    await expect(page.locator('#browse-title')).toBeVisible();
    await expect(page.locator('#cta-title')).toBeVisible();
    await expect(landing.footerCounters).toContainText('١٬٠٠٠');
    await expect(landing.footerCounters).toContainText('٥٠٠');
    await expect(landing.footerCounters).toContainText('٥٠');
    await expect(landing.footerCounters).toContainText('2.0.0');
    for (const name of ['سياسة الخصوصية', 'الشروط والأحكام', 'من نحن', 'اتصل بنا', 'الدعم الفني', 'الأسئلة الشائعة', 'إنشاء حساب']) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'تسجيل الدخول' })).toBeVisible();
  });

  test("the screens' accessibility check passes Fluent's focus redirectors and finds a real fault", async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.hero).toBeVisible();
    // A redirector as Fluent's focus manager makes them, at the edge of <body>.
    await page.evaluate(() => document.body.insertAdjacentHTML('afterbegin', '<i data-tabster-dummy="" tabindex="0" aria-hidden="true"></i>'));
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const hidden = document.createElement('div');
      hidden.id = 'hidden-group';
      hidden.setAttribute('aria-hidden', 'true');
      hidden.innerHTML = '<button id="hidden-button">hidden</button>';
      const image = document.createElement('img');
      image.id = 'unnamed-image';
      image.src = '/icons/icon-192.png';
      document.querySelector('main')!.append(hidden, image);
    });
    const found = await axeViolations(page);
    expect(found.find((v) => v.startsWith('aria-hidden-focus'))).toContain('#hidden-group');
    expect(found.find((v) => v.startsWith('image-alt'))).toContain('#unnamed-image');
  });

  test('opens in English, left to right, for an English browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const landing = new LandingPage(page);
    await landing.goto();
    expect(await landing.htmlLangDir()).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await landing.fluentDir()).toBe('ltr');
    await expect(landing.hero).toHaveText('Every building material your project needs, in one marketplace');
    await expect(landing.footerCounters).toContainText(seen('1,000+', { exact: false }));
    await context.close();
  });

  test('switches to Chinese without a reload and flips Fluent to left to right', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await landing.switchLanguage('zh');
    expect(await landing.htmlLangDir()).toEqual({ lang: 'zh', dir: 'ltr' });
    expect(await landing.fluentDir()).toBe('ltr');
    await expect(landing.hero).toHaveText('项目所需的建筑材料，尽在一个市场');
    await expect(page).toHaveTitle(/Binaa 建材市场/);
    // Still the same document: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('remembers the chosen language across a reload', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await landing.switchLanguage('en');
    await page.reload();
    await expect(landing.hero).toHaveText('Every building material your project needs, in one marketplace');
    expect(await landing.htmlLangDir()).toEqual({ lang: 'en', dir: 'ltr' });
    await landing.switchLanguage('ar');
    await page.reload();
    expect(await landing.htmlLangDir()).toEqual({ lang: 'ar', dir: 'rtl' });
  });

  test("paints the page in the visitor's language before any of its JavaScript has loaded", async ({ browser }) => {
    for (const [locale, lang, dir, hero] of [
      ['ar-SA', 'ar', 'rtl', 'كل ما يحتاجه مشروعك من مواد بناء في سوق واحد'],
      ['en-US', 'en', 'ltr', 'Every building material your project needs, in one marketplace'],
    ] as const) {
      await withoutJavaScript(browser, locale, async (page) => {
        const landing = new LandingPage(page);
        await page.goto('/');
        await expect(landing.hero).toHaveText(hero);
        expect(await landing.htmlLangDir()).toEqual({ lang, dir });
        await expect(landing.roleCards).toHaveCount(3);
        // Its buttons wait for the app (links are links and work).
        await expect(page.getByTestId('browse-services')).toHaveAttribute('inert', '');
      });
    }
  });

  test('swaps the painted copy for the live page without moving anything', async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as unknown as { shifts: number[] }).shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(landing.loginButton).toBeVisible();
    await expect(page.getByTestId('browse-services')).not.toHaveAttribute('inert');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  });

  test("asks for every script the live page needs at the start: the app's groups load without waiting on one another", async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const landing = new LandingPage(page);
    await landing.goto();
    await expect(page.getByTestId('browse-services')).not.toHaveAttribute('inert');
    // The entry's module script and the preloads the inline script put in the head.
    const asked = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('head script[type="module"][src], head link[rel="modulepreload"]')].map(
        (el) => new URL(el instanceof HTMLScriptElement ? el.src : el.href).pathname,
      ),
    );
    // The service worker's registration loads on purpose once the page is idle, unasked for at the start.
    const live = [...new Set(scripts)].filter((file) => !/\/serviceWorker-[\w-]+\.js$/.test(file));
    // The error sentences load with the first screen that shows one, never on this page.
    expect(live.filter((file) => /\/errors-[\w-]+\.js$/.test(file))).toEqual([]);
    expect(live.length).toBeGreaterThan(5);
    expect(live.filter((file) => !asked.includes(file))).toEqual([]);
  });

  test('keeps an idle connection open longer than load balancers and request clients keep theirs', async ({ request }) => {
    // Node's 5 s default met a request client reusing the connection as it closed: ECONNRESET.
    expect((await request.get('/api/health')).headers()['keep-alive']).toBe('timeout=65');
  });

  test('leads to the public catalogue without signing in', async ({ page }) => {
    const landing = new LandingPage(page);
    await landing.goto();
    await page.getByTestId('browse-services').click();
    await expect(page).toHaveURL(/\/services$/);
  });
});

test.describe('protected routes', () => {
  for (const path of ['/setup', '/dashboard', '/products', '/projects', '/instant-orders', '/transport', '/notifications', '/admin', '/pricing']) {
    test(`${path} sends a signed-out visitor to the landing page`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(new LandingPage(page).hero).toBeVisible();
    });
  }
});
