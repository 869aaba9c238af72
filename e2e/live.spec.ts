/**
 * The service worker's Web Push handlers in Chromium: a push message (delivered through
 * the DevTools protocol's ServiceWorker.deliverPushMessage, as a push service would) shows
 * a notification with the message's text; none for the item the visible page shows; a
 * click on it opens that exact item in the app's window.
 */
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { signUpAs } from './page-models/Session';
import { waitForServiceWorker } from './page-models/Network';

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

  // The page shows that project: a message about it adds no notification.
  await page.goto(`/projects?item=${projectId}`);
  await deliver({ ...message, id: 'e2e-2' });
  await page.waitForTimeout(1000);
  expect((await notifications(page)).map((n) => n.tag)).toEqual(['e2e-1']);

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
