/**
 * Transport across three people (issue 10): a contractor requests transport, two
 * transport companies quote, one quote is accepted and that company moves the cargo to
 * delivered while the other sees its quote declined; the same with the company offline
 * while it quotes and while it moves the cargo (queued, visible, applied once on
 * reconnect). Phone size, Arabic and English; the online flow checks each screen it passes
 * (the Chinese ones: orders-transport-pages.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { checkPage } from './page-models/checkPage';
import { TransportPage } from './page-models/TransportPage';
import { SyncShell } from './page-models/SyncShell';
import { expectAppliedOnce, expectSentOnce, serverWrites, storedResults } from './page-models/ServerWrites';
import { goOffline, goOnline, newUser, reloadUntil, type Lang } from './page-models/Users';

const TEXT = {
  ar: {
    requester: 'مؤسسة الأساس للمقاولات',
    companyA: 'ناقلات الخليج',
    companyB: 'شاحنات نجد',
    pickup: 'الدمام، الميناء',
    delivery: 'الرياض، حي الملقا',
    route: 'من \u2068الدمام، الميناء\u2069 إلى \u2068الرياض، حي الملقا\u2069',
    cargo: 'حديد تسليح ١٦ مم',
    delivered: 'تم التسليم',
    rejected: 'لم يُختر',
    refused: 'هذا الطلب لم يعد مفتوحًا: سبق البتّ فيه أو إغلاقه.',
    weight: '١٢٬٥٠٠ كغم',
  },
  en: {
    requester: 'Foundation Contracting',
    companyA: 'Gulf Haulers',
    companyB: 'Najd Trucks',
    // Arabic places in an English sentence: each place is isolated, "to" stays between them.
    pickup: 'الدمام - الميناء',
    delivery: 'الرياض - حي الملقا',
    route: '\u2068الدمام - الميناء\u2069 to \u2068الرياض - حي الملقا\u2069',
    cargo: 'Rebar 16 mm',
    delivered: 'Delivered',
    rejected: 'Not selected',
    refused: 'This request is no longer open: it was decided or closed first.',
    weight: '12,500 kg',
  },
} as const;

let serial = 0;
const uniqueCargo = (base: string) => `${base} ${Date.now().toString(36)}${(serial += 1)}`;

type ServerRequest = { id: string; cargo_description: string; status: string; offer_count: number };

async function myRequest(page: Page, cargo: string): Promise<ServerRequest | undefined> {
  const list: ServerRequest[] = await (await page.request.get('/api/transport-requests/my')).json();
  return list.find((r) => r.cargo_description === cargo);
}

/** The request as the server has it, once it has reached `field` = value. */
async function serverRequest(page: Page, cargo: string, field: 'status' | 'offer_count', value: string | number) {
  await expect.poll(async () => (await myRequest(page, cargo))?.[field], { timeout: 20_000 }).toBe(value);
  return (await myRequest(page, cargo))!;
}

async function offersOn(page: Page, requestId: string) {
  const response = await page.request.get(`/api/transport-requests/${requestId}/offers`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Array<{ id: string; quoted_price: number; status: string; transport_company_name: string }>;
}

for (const lang of ['ar', 'en'] as Lang[]) {
  const text = TEXT[lang as 'ar' | 'en'];

  test.describe(`transport in ${lang}`, () => {
    for (const offline of [false, true]) {
      test(`a request gets two quotes, one is accepted and delivered${offline ? ', the company acting offline' : ''}`, async ({ browser }, testInfo) => {
        // Three people; the online flow also checks each of its screens with axe.
        test.setTimeout(240_000);
        const requester = await newUser(browser, testInfo, 'contractor', lang, text.requester);
        const a = await newUser(browser, testInfo, 'transport', lang, text.companyA);
        const b = await newUser(browser, testInfo, 'transport', lang, text.companyB);
        const cargo = uniqueCargo(text.cargo);

        // The online flow checks each screen it passes, forms and messages included
        // (checkPage: direction, nothing wider than the phone, no axe violation).
        const check = (page: Page, l: Lang, name: string) => (offline ? Promise.resolve() : checkPage(page, l, name));
        const r = new TransportPage(requester.page);
        await r.goto();
        if (!offline) {
          await requester.page.getByTestId('new-request').click();
          await requester.page.getByTestId('request-submit').click();
          await check(requester.page, lang, 'transport-create-errors');
          await requester.page.getByTestId('request-form').getByRole('button').last().click();
        }
        await r.create({ pickup: text.pickup, delivery: text.delivery, cargo, weight: '12500', volume: '8.5', vehicle: 'flatbed', budget: '2500' });
        await expect(r.status(r.request(cargo))).toHaveAttribute('data-status', 'pending');
        await expect(r.request(cargo).getByTestId('request-weight')).toHaveText(text.weight);
        await expect(r.request(cargo).locator('h2')).toHaveText(text.route);
        const request = await serverRequest(requester.page, cargo, 'status', 'pending');

        const pa = new TransportPage(a.page);
        const pb = new TransportPage(b.page);
        await pa.goto();
        await pb.goto();
        await reloadUntil(a.page, () => expect(pa.request(cargo)).toBeVisible({ timeout: 3_000 }));
        await reloadUntil(b.page, () => expect(pb.request(cargo)).toBeVisible({ timeout: 3_000 }));
        if (!offline) {
          await check(a.page, lang, 'transport-company-open');
          await pa.request(cargo).getByTestId('send-quote').click();
          await check(a.page, lang, 'transport-quote-form');
          await a.page.getByTestId('quote-form').getByRole('button').last().click();
        }

        const quoteBefore = await storedResults(a.page);
        if (offline) await goOffline(a.context);
        await pa.quote(cargo, '2300', lang === 'ar' ? 'مرسيدس أكتروس مسطحة' : 'Mercedes Actros flatbed');
        await expect(pa.request(cargo).getByTestId('quote-row')).toBeVisible();
        if (offline) {
          // Kept on the device through a failed send: the sync says offline only once a
          // send has failed (it judges by what fetch does), and the quote still waits.
          await expect(pa.request(cargo).getByTestId('pending-badge').first()).toBeVisible();
          const sync = new SyncShell(a.page);
          await expect(sync.status).toHaveAttribute('data-state', 'offline');
          await sync.expectWaiting(1);
          await goOnline(a.context);
        }
        await pb.quote(cargo, '2450');
        await serverRequest(requester.page, cargo, 'offer_count', 2);
        await expect(pa.request(cargo).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
        // The quote sent once and applied once: the requester told once per company.
        await expectSentOnce(a.page, quoteBefore);
        const quoteOfA = (await offersOn(requester.page, request.id)).find((o) => o.transport_company_name === text.companyA)!;
        await expectAppliedOnce(a.page, quoteOfA.id, []);
        const told = (await serverWrites(requester.page, request.id)).notifications.filter((n) => n.kind === 'transport_offer.new');
        expect.soft(told.map((n) => n.params.company).sort(), 'quotes the requester was told of').toEqual([text.companyA, text.companyB].sort());

        await reloadUntil(requester.page, () => expect(r.request(cargo).getByTestId('quote-row')).toHaveCount(2, { timeout: 3_000 }));
        await check(requester.page, lang, 'transport-requester');
        await r.acceptQuote(cargo, text.companyA);
        await expect(r.status(r.request(cargo))).toHaveAttribute('data-status', 'assigned');
        await expect(r.request(cargo).getByTestId('accept-quote')).toHaveCount(0);
        await serverRequest(requester.page, cargo, 'status', 'assigned');

        // The chosen company finds the job and moves the cargo.
        if (!offline) {
          await pa.tab('quotes');
          await expect(pa.request(cargo).getByTestId('quote-row')).toBeVisible();
          await check(a.page, lang, 'transport-company-quotes');
        }
        await pa.tab('jobs');
        await reloadUntil(a.page, async () => {
          await pa.tab('jobs');
          await expect(pa.request(cargo).getByTestId('start-transit')).toBeVisible({ timeout: 3_000 });
        });
        await check(a.page, lang, 'transport-company-jobs');
        const movesBefore = await storedResults(a.page);
        if (offline) await goOffline(a.context);
        await pa.startTransit(cargo);
        await expect(pa.status(pa.request(cargo))).toHaveAttribute('data-status', 'in_transit');
        await pa.deliver(cargo);
        await expect(pa.status(pa.request(cargo))).toHaveText(text.delivered);
        await expect(pa.request(cargo).getByTestId('deliver')).toHaveCount(0);
        if (offline) {
          await expect(pa.request(cargo).getByTestId('pending-badge')).toBeVisible();
          await checkPage(a.page, lang, 'transport-company-waiting');
          expect((await myRequest(requester.page, cargo))?.status).toBe('assigned');
          await goOnline(a.context);
        }
        await serverRequest(requester.page, cargo, 'status', 'delivered');
        await expect(pa.request(cargo).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
        // Each move sent once and applied once: the requester told of each once.
        await expectSentOnce(a.page, movesBefore, 2);
        const moves = (await serverWrites(requester.page, request.id)).notifications.filter((n) => n.kind === 'transport_request.status');
        expect.soft(moves.map((n) => n.params.status).sort(), 'moves the requester was told of').toEqual(['delivered', 'in_transit']);

        // Each quote once, the chosen one accepted, the other declined.
        const offers = await offersOn(requester.page, request.id);
        expect(offers.map((o) => [o.transport_company_name, o.status]).sort()).toEqual(
          [
            [text.companyA, 'accepted'],
            [text.companyB, 'rejected'],
          ].sort(),
        );

        await reloadUntil(requester.page, () => expect(r.status(r.request(cargo))).toHaveText(text.delivered, { timeout: 3_000 }));
        await expect(r.request(cargo).getByTestId('cancel-request')).toHaveCount(0);

        await pb.tab('quotes');
        await reloadUntil(b.page, async () => {
          await pb.tab('quotes');
          await expect(pb.request(cargo).getByTestId('quote-status')).toHaveText(text.rejected, { timeout: 3_000 });
        });
        await expect(pb.request(cargo).getByTestId('send-quote')).toHaveCount(0);
        await expect(pb.request(cargo).getByTestId('start-transit')).toHaveCount(0);

        for (const u of [requester, a, b]) await u.context.close();
      });
    }

    test('a quote made offline on a request assigned meanwhile is refused with the reason', async ({ browser }, testInfo) => {
      test.setTimeout(120_000);
      const requester = await newUser(browser, testInfo, 'contractor', lang, text.requester);
      const a = await newUser(browser, testInfo, 'transport', lang, text.companyA);
      const b = await newUser(browser, testInfo, 'transport', lang, text.companyB);
      const cargo = uniqueCargo(text.cargo);

      const r = new TransportPage(requester.page);
      await r.goto();
      await r.create({ pickup: text.pickup, delivery: text.delivery, cargo, weight: '900' });
      await serverRequest(requester.page, cargo, 'status', 'pending');

      const pa = new TransportPage(a.page);
      const pb = new TransportPage(b.page);
      await pa.goto();
      await pb.goto();
      await reloadUntil(a.page, () => expect(pa.request(cargo)).toBeVisible({ timeout: 3_000 }));
      await reloadUntil(b.page, () => expect(pb.request(cargo)).toBeVisible({ timeout: 3_000 }));

      await goOffline(b.context);
      await pb.quote(cargo, '700');
      await expect(pb.request(cargo).getByTestId('pending-badge').first()).toBeVisible();

      await pa.quote(cargo, '800');
      await serverRequest(requester.page, cargo, 'offer_count', 1);
      await reloadUntil(requester.page, () => expect(r.request(cargo).getByTestId('quote-row')).toHaveCount(1, { timeout: 3_000 }));
      await r.acceptQuote(cargo, text.companyA);
      await serverRequest(requester.page, cargo, 'status', 'assigned');

      await goOnline(b.context);
      await pb.tab('quotes');
      const refusal = pb.request(cargo).getByTestId('item-rejection');
      await expect(refusal).toBeVisible({ timeout: 30_000 });
      await expect(refusal).toHaveAttribute('data-code', 'request_not_pending');
      await expect(refusal).toContainText(text.refused);
      await expect(pb.request(cargo).getByTestId('send-quote')).toHaveCount(0);
      await checkPage(b.page, lang, 'transport-company-refused');
      // The refused quote never reached the server: one quote, accepted.
      const offers = await offersOn(requester.page, (await myRequest(requester.page, cargo))!.id);
      expect(offers.map((o) => [o.transport_company_name, o.status])).toEqual([[text.companyA, 'accepted']]);

      // Read and let go: the refusal leaves the item and the sync centre.
      await refusal.getByTestId('item-rejection-discard').click();
      await b.page.getByTestId('confirm-yes').click();
      await expect(pb.request(cargo).getByTestId('item-rejection')).toHaveCount(0);
      await b.page.goto('/sync');
      await expect(b.page.getByTestId('rejection')).toHaveCount(0);

      for (const u of [requester, a, b]) await u.context.close();
    });
  });
}
