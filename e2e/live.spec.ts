/**
 * Live updates and Web Push in Chromium. An open screen gains another person's change
 * through the live stream, with no reload. The service worker's push handlers: a push
 * message (delivered through the DevTools protocol's ServiceWorker.deliverPushMessage, as
 * a push service would) shows a notification with the message's text; none for the item
 * the visible page shows; a click on it opens that exact item in the app's window.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { signUpAs, waitSynced } from './page-models/Session';
import { waitForServiceWorker } from './page-models/Network';
import { InstantOrdersPage } from './page-models/InstantOrdersPage';
import { newUser } from './page-models/Users';
import { pageApi } from './page-models/pageApi';
import { NOTIFICATION_POLL_MS } from '../shared/constants';

test("a supplier's open instant-orders screen gains a contractor's new order live, with no reload", async ({ browser }, testInfo) => {
  const contractor = await newUser(browser, testInfo, 'contractor', 'en', 'Live Contracting');
  const supplier = await newUser(browser, testInfo, 'supplier', 'en', 'Live Supplies');
  const page = supplier.page;
  const screen = new InstantOrdersPage(page);

  // This document's stream (its Referer is the screen; the dashboard's had its own) opens
  // a few seconds after the load, and pulls once when it does.
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live' && (r.request().headers().referer ?? '').endsWith('/instant-orders'));
  await screen.goto();
  await streamOpen;
  await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sync/pull');
  await waitSynced(page);

  // A mark that only this document carries: a reload or a navigation would lose it.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  let navigations = 0;
  page.on('framenavigated', (frame) => frame === page.mainFrame() && (navigations += 1));

  const title = `Live order ${Date.now().toString(36)}`;
  const created = await pageApi(contractor.page, 'POST', '/api/instant-orders', {
    title,
    description: 'Rebar 16 mm for the footings',
    quantity: 4,
    unit: 't',
    location: 'Riyadh',
  });
  expect(created.status).toBe(201);
  // Well within the 30 s poll, which started with the page: only the stream's `change` brings it this soon.
  await expect(screen.order(title)).toBeVisible({ timeout: NOTIFICATION_POLL_MS / 3 });
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(navigations).toBe(0);
  expect(new URL(page.url()).pathname).toBe('/instant-orders');

  await contractor.context.close();
  await supplier.context.close();
});

async function pushDelivery(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registrationId = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  return (message: Record<string, string>) => cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(message) });
}

const notifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }));
  });

test('a push shows a notification unless its item is on screen, and a click opens the item', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signUpAs(page, 'contractor', 'مقاولات الأفق');
  await waitForServiceWorker(page);
  // A project of the demo data, open on the projects screen.
  await page.goto('/projects');
  const card = page.locator('[data-project-id]').first();
  await expect(card).toBeVisible();
  const projectId = (await card.getAttribute('data-project-id'))!;
  await page.goto('/dashboard');
  const deliver = await pushDelivery(page);

  const message = { id: 'e2e-1', kind: 'bid.accepted', title: 'تمت ترسية المشروع', body: 'تم قبول عطائك', url: `/projects?item=${projectId}` };
  await deliver(message);
  await expect.poll(() => notifications(page)).toEqual([{ title: message.title, body: message.body, tag: 'e2e-1', url: message.url }]);

  // The page shows that project: a message about it adds no notification. A later one
  // about another screen does; once it shows, the one before it was handled too.
  await page.goto(`/projects?item=${projectId}`);
  await deliver({ ...message, id: 'e2e-2' });
  await deliver({ ...message, id: 'e2e-3', url: '/transport' });
  await expect.poll(async () => (await notifications(page)).map((n) => n.tag)).toContain('e2e-3');
  expect((await notifications(page)).map((n) => n.tag).sort()).toEqual(['e2e-1', 'e2e-3']);
  await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications({ tag: 'e2e-3' })).forEach((n) => n.close()));

  // The click (dispatched in the worker: a system notification cannot be clicked from a
  // test) navigates the app's window to the item, whose card is brought into view.
  await page.goto('/dashboard');
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await worker.evaluate(async () => {
    const sw = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await sw.registration.getNotifications({ tag: 'e2e-1' });
    sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`/projects\\?item=${projectId}$`));
  await expect(page.locator(`[data-project-id="${projectId}"]`)).toHaveAttribute('data-opened', 'true');
  await expect.poll(() => notifications(page)).toEqual([]);
});
