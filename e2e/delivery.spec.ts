/**
 * Deliveries across four people at phone width (390x844), in Arabic and English: a
 * contractor's instant order gets a supplier's offer and the contractor accepts it; the
 * contractor requests transport from the order in one step (the form filled in from the
 * offer and the order, whom to call at each end included); a transport company quotes
 * and is accepted, and the supplier is told a truck is booked; the company's owner
 * invites a driver (through the API) and assigns the job to them; the driver, offline,
 * marks picked up, on the way and delivered with a signature drawn on the screen and a
 * photo, then comes back online: the outbox empties, each step is recorded once and the
 * files arrive; the contractor sees the timeline and the proof and confirms receipt.
 *
 * Needs the deliveries server (routes, sync entity and mutations, the delivery_file tus
 * kind, company invites) to run.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { InstantOrdersPage } from './page-models/InstantOrdersPage';
import { pageApi } from './page-models/pageApi';
import { expectSentOnce, serverWrites, storedResults } from './page-models/ServerWrites';
import { openDashboard, waitSynced } from './page-models/Session';
import type { SetupRole } from './page-models/SetupPage';
import { signInByRequest, setUpByRequest, uniqueEmail } from './page-models/SignIn';
import { SyncShell } from './page-models/SyncShell';
import { TransportPage } from './page-models/TransportPage';
import { LOCALE, goOffline, goOnline, reloadUntil, type Lang, type User } from './page-models/Users';

const PHONE = { width: 390, height: 844 };

const TEXT = {
  ar: {
    contractor: 'مؤسسة البنيان للمقاولات',
    supplier: 'مصنع الشرقية للحديد',
    company: 'ناقلات الجزيرة',
    driver: 'سالم العتيبي',
    supplierAddress: 'المنطقة الصناعية الثانية',
    supplierCity: 'الدمام',
    order: 'حديد تسليح ١٢ مم',
    quantity: '20',
    unit: 'طن',
    site: 'الرياض، حي النرجس',
    plate: 'أ ب ج ١٢٣٤',
    recipient: 'خالد المهندس',
  },
  en: {
    contractor: 'Bunyan Contracting',
    supplier: 'Eastern Steel Works',
    company: 'Peninsula Haulers',
    driver: 'Salem Alotaibi',
    supplierAddress: '2nd Industrial City',
    supplierCity: 'Dammam',
    order: 'Rebar 12 mm',
    quantity: '20',
    unit: 'tonnes',
    site: 'Riyadh, Al Narjis',
    plate: 'ABC 1234',
    recipient: 'Khalid the engineer',
  },
} as const;

let serial = 0;
const unique = (base: string) => `${base} ${Date.now().toString(36)}${(serial += 1)}`;

/** A browser context at phone width in `lang`, signed in, no profile yet; on /setup when `open`. */
async function signedIn(browser: Browser, testInfo: TestInfo, lang: Lang, prefix: string, name: string, open = true): Promise<User> {
  const { baseURL, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, viewport: PHONE, userAgent, deviceScaleFactor, isMobile, hasTouch, timezoneId, locale: LOCALE[lang] });
  const page = await context.newPage();
  await signInByRequest(page, uniqueEmail(`${prefix}-${lang}`), name);
  if (open) await page.goto('/setup');
  return { context, page, company: name };
}

/** A person with a role and extra profile fields, on the dashboard after the first sync. */
async function person(browser: Browser, testInfo: TestInfo, lang: Lang, role: SetupRole, name: string, fields: Record<string, string> = {}): Promise<User> {
  const user = await signedIn(browser, testInfo, lang, role, name, false);
  await setUpByRequest(user.page, role, name, lang, fields);
  await openDashboard(user.page);
  return user;
}

/** Opens a signed-in screen; a phone on a busy test machine may take longer than the page models' 10 s. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('#screen-title')).toBeVisible({ timeout: 30_000 });
}

/** A full-page screenshot in test-results/screenshots/ for a person to look at (mirroring, overlaps, text). */
const shot = (page: Page, lang: Lang, name: string) => page.screenshot({ path: `test-results/screenshots/${lang}-delivery-${name}.png`, fullPage: true });

/** A small camera-like JPEG. */
const photo = async () => ({
  name: 'proof.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 120, b: 60 } } }).jpeg({ quality: 80 }).toBuffer(),
});

/** Draws a signature on the canvas with the mouse: two strokes. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [at(0.15, 0.6), at(0.3, 0.3), at(0.45, 0.7), at(0.6, 0.35)],
    [at(0.55, 0.65), at(0.7, 0.4), at(0.85, 0.6)],
  ]) {
    await page.mouse.move(...stroke[0]);
    await page.mouse.down();
    for (const point of stroke.slice(1)) await page.mouse.move(...point, { steps: 8 });
    await page.mouse.up();
  }
}

type ServerDelivery = { id: string; stage: string; events: Array<{ id: string; step: string }>; files: Array<{ id: string; purpose: string }>; recipient_name: string | null };

async function deliveryOnServer(page: Page, id: string): Promise<ServerDelivery> {
  const res = await pageApi<ServerDelivery>(page, 'GET', `/api/deliveries/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];

  test.describe(`deliveries in ${lang}`, () => {
    test('an accepted order is moved by a driver offline, with a signed proof, and confirmed by the contractor', async ({ browser }, testInfo) => {
      test.setTimeout(480_000);
      const contractor = await person(browser, testInfo, lang, 'contractor', text.contractor, { phone: '0501234567' });
      const supplier = await person(browser, testInfo, lang, 'supplier', text.supplier, { address: text.supplierAddress, city: text.supplierCity });
      const owner = await person(browser, testInfo, lang, 'transport', text.company);
      const driver = await signedIn(browser, testInfo, lang, 'driver', text.driver);
      const title = unique(text.order);

      // The order, the supplier's offer, accepted.
      const co = new InstantOrdersPage(contractor.page);
      await open(contractor.page, '/instant-orders');
      await co.create({ title, description: title, quantity: text.quantity, unit: text.unit, location: text.site });
      const so = new InstantOrdersPage(supplier.page);
      await open(supplier.page, '/instant-orders');
      await reloadUntil(supplier.page, () => expect(so.order(title)).toBeVisible({ timeout: 10_000 }), 90_000);
      await so.offer(title, '48000', '24');
      await reloadUntil(contractor.page, () => expect(co.order(title).getByTestId('offer-row')).toHaveCount(1, { timeout: 10_000 }), 90_000);
      await co.acceptOffer(title, text.supplier);
      await expect(co.status(co.order(title))).toHaveAttribute('data-status', 'fulfilled');

      // Transport in one step from the order: the form comes filled in.
      await reloadUntil(contractor.page, () => expect(co.order(title).getByTestId('request-transport')).toBeVisible({ timeout: 10_000 }), 90_000);
      await co.order(title).getByTestId('request-transport').click();
      const form = contractor.page.getByTestId('request-form');
      await expect(form.locator('[name="pickup_location"]')).toHaveValue(new RegExp(`${text.supplierAddress}.*${text.supplierCity}`));
      await expect(form.locator('[name="delivery_location"]')).toHaveValue(text.site);
      await expect(form.locator('[name="cargo_description"]')).toHaveValue(new RegExp(title));
      // Whom the driver calls: the supplier at pickup (its number typed in here), the contractor on site.
      await expect(form.locator('[name="pickup_contact_name"]')).toHaveValue(text.supplier);
      await expect(form.locator('[name="delivery_contact_name"]')).toHaveValue(text.contractor);
      await expect(form.locator('[name="delivery_contact_phone"]')).toHaveValue('+966 50 123 4567');
      await form.locator('[name="pickup_contact_phone"]').fill('0551234567');
      await shot(contractor.page, lang, 'request-form');
      await contractor.page.getByTestId('request-submit').click();
      await expect(form).toBeHidden();
      await expect(co.order(title).getByTestId('deal-transport-status')).toBeVisible();

      // The company quotes; the contractor accepts.
      const tr = new TransportPage(contractor.page);
      const to = new TransportPage(owner.page);
      await open(owner.page, '/transport');
      await reloadUntil(owner.page, () => expect(to.request(title)).toBeVisible({ timeout: 10_000 }), 90_000);
      await to.quote(title, '1800');
      await open(contractor.page, '/transport');
      await reloadUntil(contractor.page, () => expect(tr.request(title).getByTestId('quote-row')).toHaveCount(1, { timeout: 10_000 }), 90_000);
      await tr.acceptQuote(title, text.company);
      await expect(tr.status(tr.request(title))).toHaveAttribute('data-status', 'assigned');
      // The supplier hears that a truck is booked for its goods.
      await expect
        .poll(async () => (await pageApi<Array<{ kind: string }>>(supplier.page, 'GET', '/api/notifications')).body.map((n) => n.kind), { timeout: 20_000 })
        .toContain('transport_request.booked');

      // The driver joins the company through an invite, made and accepted over the API.
      const invite = await pageApi<{ token: string }>(owner.page, 'POST', '/api/company/invites', { role: 'driver' });
      expect(invite.status, JSON.stringify(invite.body)).toBe(201);
      const joined = await pageApi(driver.page, 'POST', `/api/company/invites/${invite.body.token}/accept`);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);

      // The owner assigns the job to the driver, with the plate.
      await open(owner.page, '/transport');
      await reloadUntil(owner.page, async () => {
        await to.tab('jobs');
        await expect(to.request(title).getByTestId('assign-driver-open')).toBeVisible({ timeout: 10_000 });
      }, 90_000);
      await to.request(title).getByTestId('assign-driver-open').click();
      await owner.page.getByTestId('assign-driver').selectOption({ label: text.driver });
      await owner.page.getByTestId('assign-plate').fill(text.plate);
      await owner.page.getByTestId('assign-submit').click();
      await expect(owner.page.getByTestId('assign-form')).toBeHidden();
      await expect(to.request(title).getByTestId('delivery-stage')).toHaveAttribute('data-status', 'assigned');
      await expect(to.request(title).getByTestId('delivery-plate')).toContainText(text.plate);
      await shot(owner.page, lang, 'company-assigned');

      // The driver's jobs: the job with its places, contact and plate.
      await open(driver.page, '/jobs');
      const job = driver.page.getByTestId('job-card').filter({ hasText: title });
      await reloadUntil(driver.page, () => expect(job).toBeVisible({ timeout: 10_000 }), 90_000);
      await expect(job.getByTestId('job-plate')).toContainText(text.plate);
      // Whom to call at each end, tap to call.
      await expect(job.getByTestId('call-pickup-contact')).toContainText(text.supplier);
      await expect(job.getByTestId('call-pickup')).toHaveAttribute('href', 'tel:+966551234567');
      await expect(job.getByTestId('call-dropoff-contact')).toContainText(text.contractor);
      await expect(job.getByTestId('call-dropoff')).toHaveAttribute('href', 'tel:+966501234567');
      await expect(job.getByTestId('maps-delivery')).toHaveAttribute('href', `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text.site)}`);
      const deliveryId = (await job.getAttribute('data-id'))!;
      await shot(driver.page, lang, 'driver-job');
      await job.screenshot({ path: `test-results/screenshots/${lang}-delivery-driver-card.png` });
      await waitSynced(driver.page);

      // Offline: three steps, the last with its proof.
      const before = await storedResults(driver.page);
      await goOffline(driver.context);
      const next = job.getByTestId('next-step');
      await expect(next).toHaveAttribute('data-step', 'picked_up');
      await next.click();
      await expect(job.getByTestId('job-stage')).toHaveAttribute('data-status', 'picked_up');
      await expect(next).toHaveAttribute('data-step', 'on_the_way');
      await next.click();
      await expect(job.getByTestId('job-stage')).toHaveAttribute('data-status', 'on_the_way');
      // Offline, the synced job still says whom to call at the gate.
      await expect(job.getByTestId('call-dropoff')).toHaveAttribute('href', 'tel:+966501234567');
      await expect(next).toHaveAttribute('data-step', 'delivered');
      await next.click();
      const delivered = driver.page.getByTestId('delivered-form');
      await expect(delivered).toBeVisible();
      // The signature is required.
      await delivered.locator('[name="recipient_name"]').fill(text.recipient);
      await driver.page.getByTestId('delivered-submit').click();
      await expect(delivered).toBeVisible();
      await sign(driver.page);
      await driver.page.getByTestId('proof-photos-input').setInputFiles(await photo());
      await expect(delivered.getByRole('img', { name: lang === 'ar' ? /١/ : /1/ })).toBeVisible(); // photo 1, in the language's digits
      await delivered.locator('[name="note"]').fill(lang === 'ar' ? 'سُلّمت عند البوابة الشمالية' : 'Left at the north gate');
      await shot(driver.page, lang, 'delivered-dialog');
      await driver.page.getByTestId('delivered-submit').click();
      await expect(delivered).toBeHidden();

      // Shown at once, waiting to send; the job moves to the finished ones.
      const done = driver.page.getByTestId('jobs-done').getByTestId('job-card').filter({ hasText: title });
      await expect(done.getByTestId('job-stage')).toHaveAttribute('data-status', 'delivered');
      await expect(done.getByTestId('pending-badge').first()).toBeVisible();
      await expect(done.getByTestId('timeline-event')).toHaveCount(4);
      await expect(done.getByTestId('proof-recipient')).toContainText(text.recipient);
      await expect(done.getByTestId('proof-waiting')).toBeVisible();
      const sync = new SyncShell(driver.page);
      await expect(sync.status).toHaveAttribute('data-state', 'offline', { timeout: 30_000 });
      await sync.expectWaiting(3);

      // Online: the steps go, then the files; each step recorded once.
      await goOnline(driver.context);
      await expect(done.getByTestId('pending-badge')).toHaveCount(0, { timeout: 45_000 });
      await waitSynced(driver.page, 45_000);
      await expectSentOnce(driver.page, before, 3);
      await expect.poll(async () => (await deliveryOnServer(driver.page, deliveryId)).files.map((f) => f.purpose).sort(), { timeout: 45_000 }).toEqual(['proof', 'signature']);
      const onServer = await deliveryOnServer(driver.page, deliveryId);
      expect(onServer.stage).toBe('delivered');
      expect(onServer.recipient_name).toBe(text.recipient);
      expect(onServer.events.map((e) => e.step)).toEqual(['assigned', 'picked_up', 'on_the_way', 'delivered']);
      // What a step applied twice would write twice (the events cannot tell: their ids are
      // their primary key): its notifications, and the delivery's change-log rows. Each of
      // its four parties got one row per write: the assignment, three steps, two files.
      const writes = await serverWrites(driver.page, deliveryId);
      expect.soft(writes.notifications.map((n) => n.kind).sort(), 'notifications naming the delivery').toEqual(
        ['delivery.assigned', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.picked_up', 'delivery.delivered', 'delivery.delivered'].sort(),
      );
      const rows = writes.changes.map((c) => `${c.entity} ${c.op} ${c.audience_type}:${c.audience ?? ''}`);
      expect.soft(new Set(rows).size, 'parties the delivery was written to').toBe(4);
      expect.soft(rows.length, 'change-log rows of the delivery: 6 writes x 4 parties').toBe(24);
      await expect(done.getByTestId('proof-waiting')).toHaveCount(0, { timeout: 45_000 });

      // The contractor sees the timeline and the proof, and confirms receipt.
      const card = tr.request(title);
      await reloadUntil(contractor.page, () => expect(card.getByTestId('delivery-stage')).toHaveAttribute('data-status', 'delivered', { timeout: 10_000 }), 90_000);
      await expect(card.getByTestId('timeline-event')).toHaveCount(4);
      await expect(card.getByTestId('proof-recipient')).toContainText(text.recipient);
      const signature = card.getByTestId('proof-signature');
      await expect(signature).toBeVisible();
      await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      await expect(card.getByTestId('proof-photo')).toHaveCount(1);
      await card.scrollIntoViewIfNeeded();
      await shot(contractor.page, lang, 'requester-proof');
      await expect.poll(() => card.getByTestId('proof-photo').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      // Not a public file: without a session of one of the deal's parties it is refused.
      const fileUrl = await signature.getAttribute('src');
      const outsider = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      expect((await outsider.request.get(fileUrl!)).status()).toBe(401);
      await outsider.close();

      const confirmBefore = await storedResults(contractor.page);
      await card.getByTestId('confirm-receipt').click();
      await contractor.page.getByTestId('confirm-receipt-yes').click();
      await expect(card.getByTestId('delivery-stage')).toHaveAttribute('data-status', 'confirmed');
      // The review prompt for the transport company follows.
      await expect(contractor.page.getByRole('dialog')).toContainText(text.company);
      await contractor.page.keyboard.press('Escape');
      await waitSynced(contractor.page);
      await expectSentOnce(contractor.page, confirmBefore, 1);
      expect((await deliveryOnServer(contractor.page, deliveryId)).stage).toBe('confirmed');

      for (const u of [contractor, supplier, owner, driver]) await u.context.close();
    });
  });
}
