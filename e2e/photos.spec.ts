/**
 * Product photos in the browser, in Arabic at phone width: a supplier adds photos from
 * files (downscaled on the device, uploaded over tus), sees them after a reload and
 * offline (the service worker keeps the thumbnails seen), reorders and removes them; a
 * photo added offline waits on the device through a reload and goes once the connection
 * is back; an upload whose link is cut in the middle of sending resumes where the server
 * stopped, each byte sent once; a file that is not a photo is refused with the server's reason.
 */
import http from 'node:http';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import sharp from 'sharp';
import { ProductsPage } from './page-models/ProductsPage';
import { goOffline, goOnline, waitForServiceWorker } from './page-models/Network';
import { signUpAs, waitSynced } from './page-models/Session';
import { seen } from './page-models/seen';

test.use({ viewport: { width: 390, height: 844 } });

interface ApiPhoto {
  id: string;
  hash: string;
  width: number;
  height: number;
}

/**
 * A phone-like photo: smooth colour with some grain (so it compresses as a photo does),
 * taken in landscape with the camera held upright (EXIF orientation 6: shown 90° turned).
 */
async function phonePhoto(width: number, height: number, tint: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = tint * 7919 + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed % 17) - 8;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, ((x / width) * 255 + grain) | 0));
      raw[i + 1] = Math.max(0, Math.min(255, ((y / height) * 255 + grain) | 0));
      raw[i + 2] = Math.max(0, Math.min(255, tint + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
}

async function productPhotos(page: Page, name: string): Promise<ApiPhoto[] | undefined> {
  const res = await page.request.get('/api/products/my');
  expect(res.ok()).toBe(true);
  const rows = (await res.json()) as Array<{ name: string; photos: ApiPhoto[] }>;
  return rows.find((p) => p.name === name)?.photos;
}

async function addProductWithPhotos(products: ProductsPage, name: string, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const page = products.page;
  await page.getByTestId('add-product').first().click();
  await expect(products.form).toBeVisible();
  await products.fillForm({ name, price: '25', unit: 'كيس' });
  if (files.length) {
    await products.form.getByTestId('photo-input').setInputFiles(files);
    await expect(products.form.getByTestId('photo-added')).toHaveCount(files.length);
  }
  await products.form.getByTestId('product-save').click();
  await expect(products.form).toBeHidden();
  await expect(products.card(name)).toBeVisible();
}

/** The card's picture has loaded (from the network or the service worker's cache). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
}

/** Adds one photo to a product already saved, through its edit dialog. */
async function addPhotoTo(products: ProductsPage, name: string, file: { name: string; buffer: Buffer }) {
  await products.card(name).getByTestId('edit-product').click();
  await products.form.getByTestId('photo-input').setInputFiles({ ...file, mimeType: 'image/jpeg' });
  await products.form.getByTestId('product-save').click();
  await expect(products.form).toBeHidden();
}

/** The server made the product's one photo and the card shows it, with nothing left to upload. */
async function expectOnePhotoShown(products: ProductsPage, name: string) {
  const page = products.page;
  await expect.poll(async () => (await productPhotos(page, name))?.length ?? 0, { timeout: 30_000 }).toBe(1);
  const [photo] = (await productPhotos(page, name))!;
  const card = products.card(name);
  await expectLoaded(card.locator(`img[src="/media/${photo.hash}-160.webp"]`));
  await expect(card.getByTestId('photo-upload-status')).toHaveCount(0);
}

test('a supplier adds photos from files, sees them after a reload and offline, reorders and removes them', async ({ page, context }) => {
  test.slow();
  await signUpAs(page, 'supplier', 'مصنع الصور للإسمنت');
  const products = new ProductsPage(page);
  await products.goto();
  await waitForServiceWorker(page);
  const [first, second] = await Promise.all([phonePhoto(2400, 1800, 40), phonePhoto(2400, 1800, 200)]);
  await addProductWithPhotos(products, 'إسمنت بالصور', [
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: first },
    { name: 'second.jpg', mimeType: 'image/jpeg', buffer: second },
  ]);

  // The server makes both, in the order chosen; the downscaled upload kept the photo upright.
  await expect.poll(async () => (await productPhotos(page, 'إسمنت بالصور'))?.length ?? 0, { timeout: 30_000 }).toBe(2);
  const photos = (await productPhotos(page, 'إسمنت بالصور'))!;
  for (const photo of photos) expect(photo.height).toBeGreaterThan(photo.width);
  const card = products.card('إسمنت بالصور');
  const cover = card.locator(`img[src="/media/${photos[0].hash}-160.webp"]`);
  await expect(cover).toHaveAttribute('srcset', new RegExp(`${photos[0].hash}-480\\.webp 480w`));
  await expectLoaded(cover);
  await expect(card.getByTestId('photo-upload-status')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/ar-photos-my-products.png', fullPage: true });

  // Reorder: the second becomes the cover, through the outbox.
  await card.getByTestId('edit-product').click();
  await expect(products.form.getByTestId('photo-saved')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screenshots/ar-photos-dialog.png', fullPage: true });
  await products.form.getByRole('button', { name: seen('تقديم الصورة 2') }).click();
  await expect(products.form.getByTestId('photo-saved').first().locator('img')).toHaveAttribute('src', `/media/${photos[1].hash}-160.webp`);
  await products.form.getByTestId('product-save').click();
  await expect(products.form).toBeHidden();
  await waitSynced(page);
  // As for the removal below: synced can be read before the reorder's push has started.
  await expect.poll(async () => (await productPhotos(page, 'إسمنت بالصور'))?.map((p) => p.id), { timeout: 30_000 }).toEqual([photos[1].id, photos[0].id]);
  const newCover = card.locator(`img[src="/media/${photos[1].hash}-160.webp"]`);
  await expectLoaded(newCover);

  // After a reload, and offline (every request refused: only the service worker answers).
  await page.reload();
  await expectLoaded(newCover);
  await goOffline(context, { everything: true });
  await page.reload();
  await expectLoaded(newCover);
  await goOnline(context);

  // Remove the first photo: the other is the cover again.
  await card.getByTestId('edit-product').click();
  await products.form.getByRole('button', { name: seen('إزالة الصورة 1') }).click();
  await expect(products.form.getByTestId('photo-saved')).toHaveCount(1);
  await products.form.getByTestId('product-save').click();
  await expect(products.form).toBeHidden();
  await waitSynced(page);
  // The sync status can read synced before the removal's push has started: wait for the result.
  await expect.poll(async () => (await productPhotos(page, 'إسمنت بالصور'))?.map((p) => p.id), { timeout: 30_000 }).toEqual([photos[0].id]);
  await expectLoaded(card.locator(`img[src="/media/${photos[0].hash}-160.webp"]`));
});

test('a photo added offline stays on the device through a reload and is uploaded once back online', async ({ page, context }) => {
  test.slow();
  await signUpAs(page, 'supplier', 'مؤسسة الرفع المؤجل');
  const products = new ProductsPage(page);
  await products.goto();
  await waitForServiceWorker(page);
  await addProductWithPhotos(products, 'بلوك أسمنتي', []);
  await waitSynced(page);

  await goOffline(context);
  const card = products.card('بلوك أسمنتي');
  await addPhotoTo(products, 'بلوك أسمنتي', { name: 'block.jpg', buffer: await phonePhoto(2000, 1500, 120) });
  await expect(card.getByTestId('local-cover')).toBeVisible();
  await expect(card.getByTestId('photo-upload-status')).toContainText('بانتظار الرفع');

  await page.reload();
  await expectLoaded(card.getByTestId('local-cover'));
  await expect(card.getByTestId('photo-upload-status')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/ar-photos-queued-offline.png', fullPage: true });
  expect(await productPhotos(page, 'بلوك أسمنتي')).toEqual([]);

  await goOnline(context);
  await expectOnePhotoShown(products, 'بلوك أسمنتي');
  await expect(card.getByTestId('local-cover')).toHaveCount(0);
});

/**
 * Sends the first `bytes` of an upload's PATCH to the server while declaring the whole
 * body, then drops the connection: the server sees a link cut in the middle of a PATCH.
 */
async function cutPatch(url: string, headers: Record<string, string>, body: Buffer, bytes: number): Promise<void> {
  const req = http.request(url, { method: 'PATCH', headers: { ...headers, 'content-length': String(body.length) } });
  req.on('error', () => undefined); // the reset is the point
  await new Promise<void>((resolve) => req.write(body.subarray(0, bytes), () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 300));
  req.destroy();
}

/** A tus request as the page made it and as the server answered it. */
interface TusCall {
  method: string;
  /** Upload-Offset the request carried (a PATCH: where its bytes go) */
  offset: number | null;
  /** Upload-Offset the server answered (HEAD: what it has; PATCH: what it has after) */
  answeredOffset: number | null;
  /** body bytes that reached the server */
  bytes: number;
  uploadLength: number | null;
}

test('an upload cut in the middle of its PATCH resumes from the server\'s offset once the link is back, each byte sent once', async ({ page, context }) => {
  test.slow();
  await signUpAs(page, 'supplier', 'مؤسسة الرفع المقطوع');
  const products = new ProductsPage(page);
  await products.goto();
  await addProductWithPhotos(products, 'حديد تسليح', []);
  await waitSynced(page);

  // Every tus request goes through here. The first PATCH reaches the server only halfway:
  // the link is cut (the page goes offline, its request fails), then comes back below.
  const calls: TusCall[] = [];
  let cut: { at: number; kept: number } | undefined;
  const header = (value: string | undefined | null) => (value == null ? null : Number(value));
  await context.route('**/api/uploads**', async (route: Route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    const body = request.postDataBuffer() ?? Buffer.alloc(0);
    if (request.method() === 'PATCH' && !cut) {
      const at = Math.floor(body.length / 2);
      await cutPatch(request.url(), headers, body, at);
      // What the server kept of the cut PATCH, asked outside the page.
      let kept = 0;
      await expect
        .poll(async () => (kept = Number((await page.request.head(request.url(), { headers: { 'Tus-Resumable': '1.0.0' } })).headers()['upload-offset'])), { timeout: 15_000 })
        .toBe(at);
      cut = { at, kept };
      calls.push({ method: 'PATCH', offset: header(headers['upload-offset']), answeredOffset: null, bytes: at, uploadLength: null });
      await goOffline(context);
      await route.abort('internetdisconnected');
      return;
    }
    const response = await route.fetch();
    calls.push({
      method: request.method(),
      offset: header(headers['upload-offset']),
      answeredOffset: header(response.headers()['upload-offset']),
      bytes: body.length,
      uploadLength: header(headers['upload-length']),
    });
    await route.fulfill({ response });
  });

  await addPhotoTo(products, 'حديد تسليح', { name: 'rebar.jpg', buffer: await phonePhoto(2000, 1500, 90) });
  await expect.poll(() => cut?.kept ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(products.card('حديد تسليح').getByTestId('photo-upload-status')).toBeVisible();
  expect(await productPhotos(page, 'حديد تسليح')).toEqual([]);

  await goOnline(context);
  await expectOnePhotoShown(products, 'حديد تسليح');

  // One upload made; after the cut the page asked the server where it stood and sent the
  // rest from there; the server received the file's bytes once.
  const [create, ...rest] = calls;
  expect(create).toMatchObject({ method: 'POST' });
  const size = create.uploadLength!;
  expect(cut!.kept).toBeGreaterThan(0);
  expect(cut!.kept).toBeLessThan(size);
  const after = rest.slice(rest.findIndex((c) => c.method === 'PATCH') + 1);
  expect(after.map((c) => c.method)).toEqual(['HEAD', 'PATCH']);
  expect(after[0].answeredOffset).toBe(cut!.kept);
  expect(after[1]).toMatchObject({ offset: cut!.kept, bytes: size - cut!.kept, answeredOffset: size });
  expect(calls.filter((c) => c.method === 'PATCH').reduce((sum, c) => sum + c.bytes, 0)).toBe(size);
});

test('a file that is not a photo is refused with the reason, and nothing is kept', async ({ page }) => {
  await signUpAs(page, 'supplier', 'مؤسسة الملفات');
  const products = new ProductsPage(page);
  await products.goto();
  // A PDF named like a photo: the browser cannot draw it, so it goes as it is and the server decides by content.
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  await addProductWithPhotos(products, 'دهان بلا صورة', [{ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: pdf }]);
  const card = products.card('دهان بلا صورة');
  await expect(card.getByTestId('photo-refused')).toContainText('هذا الملف ليس صورة مقبولة', { timeout: 30_000 });
  await page.screenshot({ path: 'test-results/screenshots/ar-photos-refused.png', fullPage: true });
  await waitSynced(page);
  expect(await productPhotos(page, 'دهان بلا صورة')).toEqual([]);
  // The reason also shows in the dialog; dismissing it forgets the file.
  await card.getByTestId('edit-product').click();
  await expect(products.form.getByTestId('photo-refused')).toContainText('هذا الملف ليس صورة مقبولة');
  await page.keyboard.press('Escape');
  await card.getByTestId('photo-refused').getByRole('button', { name: 'تجاهل' }).click();
  await expect(card.getByTestId('photo-refused')).toHaveCount(0);
});
