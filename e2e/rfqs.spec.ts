/**
 * A request for quotation from a contractor to the market and back, three people at phone
 * width: the contractor (Arabic) imports a bill of quantities with Arabic headers and
 * sends it to the market; supplier A (English) quotes online; supplier B (Arabic) quotes
 * offline, 120 of the 200 bags of cement only, the quote waits visibly and reaches the
 * server once when the link returns; the contractor compares the quotes (lowest per line
 * marked, a line B skipped a gap, B's cement marked as offered in part) and splits the
 * award to the lowest price of each line, the cement B lacks going to A; each supplier
 * accepts their
 * purchase order. One flow: each step needs the one before. Along the way, with the same
 * people: the contractor adds supplier A's product from the catalogue to a second request
 * sent to A alone (B never sees it), reads the comparison at desk width as the full table,
 * and exports it as XLSX.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './page-models/AppShell';
import { checkPage } from './page-models/checkPage';
import { pageApi } from './page-models/pageApi';
import { ProductsPage } from './page-models/ProductsPage';
import { PurchaseOrdersPage } from './page-models/PurchaseOrdersPage';
import { QuotesPage } from './page-models/QuotesPage';
import { RfqsPage } from './page-models/RfqsPage';
import { expectSentOnce, storedResults } from './page-models/ServerWrites';
import { openDashboard, signUpAs } from './page-models/Session';
import { signInByRequest } from './page-models/SignIn';
import { goOffline, goOnline, newUser, reloadUntil, waitForServiceWorker } from './page-models/Users';

const CEMENT_CATEGORY = 'ca7e0000-0000-4000-8000-000000000001';

/**
 * A bill of quantities as a contractor's spreadsheet saves it: a title row, the usual Saudi
 * headers (البند, the item number, first), Arabic digits, a category spelled as the
 * contractor's office spells it (fixed in the preview), one row without a quantity.
 */
const BOQ = [
  'جدول كميات - فيلا حي النرجس',
  'البند,الوصف,الكمية,الوحدة,الفئة',
  '1,أسمنت بورتلاندي عادي,٢٠٠,كيس,الأسمنت والخرسانة',
  '2,بلوك أسمنتي مفرغ 20 سم,5000,حبة,البلوك والطوب',
  '3,رمل أبيض مغسول,30,م³,رمل وبحص',
  '4,حديد تسليح 12 مم,,طن,الحديد وحديد التسليح',
].join('\r\n');

interface Quote {
  id: string;
  supplier_name: string | null;
  lines: Array<{ rfq_line_id: string; unit_price: number }>;
}

const DESK = { width: 1280, height: 800 };
/** What supplier A writes on its quote and on its blocks' line, for the buyer. */
const NOTES = 'الأسعار تشمل التوصيل داخل الرياض؛ لا يتوفر لدينا حديد';
const LINE_NOTE = 'Delivered on pallets of 100';

/** Every cell of the workbook's sheets as text, row by row. */
async function xlsxText(bytes: Buffer): Promise<string> {
  const wb = new ExcelJS.Workbook();
  // exceljs types its input as the older Buffer; the bytes as an ArrayBuffer suit both.
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const rows: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')).join('\t'))));
  return rows.join('\n');
}

const quotesOn = async (page: Page, rfqId: string) => (await pageApi<Quote[]>(page, 'GET', `/api/rfqs/${rfqId}/quotes`)).body;

test('a contractor imports a bill of quantities, two suppliers quote (one offline), the award is split and both accept', async ({ browser }, testInfo) => {
  const [contractor, supplierA, supplierB] = await Promise.all([
    newUser(browser, testInfo, 'contractor', 'ar', 'مؤسسة النرجس للمقاولات'),
    newUser(browser, testInfo, 'supplier', 'en', 'Eastern Building Supplies'),
    newUser(browser, testInfo, 'supplier', 'ar', 'مصنع الوادي لمواد البناء'),
  ]);
  // The market is every supplier selling in a line's category: each sells cement.
  const stamp = Date.now().toString(36);
  const cementOf = (letter: string) => `Portland cement 50 kg ${letter}${stamp}`;
  const supplierIds: string[] = [];
  for (const [letter, s] of [['a', supplierA], ['b', supplierB]] as const) {
    const product = await pageApi<{ supplier_id: string }>(s.page, 'POST', '/api/products', { name: cementOf(letter), price: 18, unit: 'كيس', category_id: CEMENT_CATEGORY, min_quantity: 10 });
    expect(product.status, JSON.stringify(product.body)).toBe(201);
    supplierIds.push(product.body.supplier_id);
  }
  const title = `فيلا النرجس ${stamp}`;
  const chosenTitle = `أسمنت للسور ${stamp}`;

  // The contractor builds the request from the file and sends it.
  const c = new RfqsPage(contractor.page);
  await c.goto();
  await c.startNew();
  await c.fillHead(title, 'الرياض، حي النرجس');
  await c.importBoq({ name: 'جدول-الكميات.csv', mimeType: 'text/csv', buffer: Buffer.from(`\ufeff${BOQ}`, 'utf8') }, 2);
  const boq = contractor.page.getByTestId('boq-import');
  // The item numbers stay out of the descriptions; the two problem rows are kept, marked, and counted on the button.
  // (data-line is the sheet's row: the title and the headers are rows 1 and 2.)
  await expect(boq.locator('[data-line="3"]')).toContainText('أسمنت بورتلاندي عادي');
  await expect(boq.locator('[data-ok="no"]')).toHaveCount(2);
  // Each interpolated part of the label is isolated (U+2066..U+2069 around it).
  const isolated = (...parts: string[]) => new RegExp(`^${parts.map((p) => `[\\s\u2066-\u2069]*${p}`).join('')}[\\s\u2066-\u2069]*$`);
  await expect(boq.getByTestId('boq-add')).toHaveText(isolated('إضافة بندين إلى الطلب', '\\(', 'بندان يحتاجان إلى تصحيح', '\\)'));
  // At phone width (the narrowest common one, 390 px) each row is a card: its problems in view, not in a column past the edge.
  await contractor.page.setViewportSize({ width: 390, height: 844 });
  const problems = boq.locator('[data-line="5"]').getByTestId('row-problems');
  await expect(problems).toHaveText('فئة غير معروفة');
  const box = (await problems.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(contractor.page.viewportSize()!.width);
  await boq.getByTestId('import-preview').scrollIntoViewIfNeeded();
  await checkPage(contractor.page, 'ar', 'rfq-boq-preview');
  await contractor.page.setViewportSize(testInfo.project.use.viewport!);
  await c.pickImportCategory(5, 'الرمل والركام');
  await expect(boq.getByTestId('boq-add')).toHaveText(isolated('إضافة', '٣', 'بنود إلى الطلب', '\\(', 'بند واحد يحتاج إلى تصحيح', '\\)'));
  await c.addImportedLines();
  await expect(c.lines()).toHaveCount(3);
  // The row still without a quantity stays, to be fixed or left knowingly.
  await expect(boq.locator('[data-ok="no"]')).toHaveCount(1);
  await expect(c.lines().first().getByTestId('line-quantity')).toHaveValue('200');
  await checkPage(contractor.page, 'ar', 'rfq-builder');
  const rfqId = await c.send();
  await expect.poll(async () => (await pageApi(contractor.page, 'GET', `/api/rfqs/${rfqId}`)).status, { timeout: 20_000 }).toBe(200);
  // Once on the server the request says how many suppliers it reached, and may be edited until the first quote.
  const { supplier_ids: reached } = (await pageApi<{ supplier_ids: string[] }>(contractor.page, 'GET', `/api/rfqs/${rfqId}`)).body;
  expect(reached).toEqual(expect.arrayContaining(supplierIds));
  await expect(contractor.page.getByTestId('rfq-reached')).toHaveText(reached.length > 2 ? new RegExp(new Intl.NumberFormat('ar-SA').format(reached.length)) : 'موردان', { timeout: 20_000 });
  await c.editLocation('الرياض، حي النرجس، شارع الأمير سعود');
  await expect.poll(async () => (await pageApi<{ location: string }>(contractor.page, 'GET', `/api/rfqs/${rfqId}`)).body.location, { timeout: 20_000 }).toBe('الرياض، حي النرجس، شارع الأمير سعود');

  // "Add to request" from the catalogue: supplier A's cement becomes the line of a second
  // request (its minimum order as the quantity), sent to A alone.
  const catalogue = new ProductsPage(contractor.page);
  await catalogue.goto();
  await catalogue.search(`a${stamp}`);
  await expect(catalogue.card(cementOf('a'))).toBeVisible({ timeout: 30_000 });
  await catalogue.card(cementOf('a')).getByTestId('request-toggle').click();
  await expect(catalogue.card(cementOf('a')).getByTestId('request-toggle')).toHaveAttribute('aria-pressed', 'true');
  await c.goto();
  await c.startNew();
  await expect(c.lines()).toHaveCount(1);
  await expect(c.lines().first().getByTestId('line-description')).toHaveValue(cementOf('a'));
  await expect(c.lines().first().getByTestId('line-quantity')).toHaveValue('10');
  await c.fillHead(chosenTitle, 'الرياض، حي النرجس');
  const chosenId = await c.sendTo([supplierA.company]);
  await expect
    .poll(async () => (await pageApi<{ audience: string; supplier_ids: string[] }>(contractor.page, 'GET', `/api/rfqs/${chosenId}`)).body, { timeout: 20_000 })
    .toMatchObject({ audience: 'invited', supplier_ids: [supplierIds[0]] });

  // Supplier A quotes online: every line.
  const a = new QuotesPage(supplierA.page);
  await a.goto();
  await reloadUntil(supplierA.page, () => expect(a.rfq(title)).toBeVisible({ timeout: 10_000 }), 90_000);
  await expect(a.rfq(chosenTitle)).toBeVisible();
  await a.quote(title, { lines: { بورتلاندي: { price: '17.50' }, بلوك: { price: '3.10', note: LINE_NOTE }, رمل: { price: '70' } }, deliveryDays: '5', notes: NOTES });
  await expect.poll(async () => (await quotesOn(contractor.page, rfqId)).length, { timeout: 20_000 }).toBe(1);

  // Supplier B quotes offline, 120 of the 200 bags of cement and skipping the sand: queued, visible, sent once on reconnect.
  const b = new QuotesPage(supplierB.page);
  await b.goto();
  await reloadUntil(supplierB.page, () => expect(b.rfq(title)).toBeVisible({ timeout: 10_000 }), 90_000);
  // The request to A alone was sent before B's device synced: B has the market's, not A's.
  await expect(b.rfq(chosenTitle)).toHaveCount(0);
  expect((await pageApi(supplierB.page, 'GET', `/api/rfqs/${chosenId}`)).status).toBe(404);
  await waitForServiceWorker(supplierB.page);
  const before = await storedResults(supplierB.page);
  await goOffline(supplierB.context);
  await b.quote(title, { lines: { بورتلاندي: { price: '١٦٫٩٠', quantity: '120' }, بلوك: { price: '3.25' }, رمل: { skip: true } }, deliveryDays: '3' });
  await expect(b.rfq(title).getByTestId('pending-badge')).toBeVisible();
  expect(await quotesOn(contractor.page, rfqId)).toHaveLength(1);
  await goOnline(supplierB.context);
  await expect(b.rfq(title).getByTestId('pending-badge')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await quotesOn(contractor.page, rfqId)).length, { timeout: 20_000 }).toBe(2);
  const quotes = await quotesOn(contractor.page, rfqId);
  expect(quotes.filter((q) => q.supplier_name === supplierB.company)).toHaveLength(1);
  expect(quotes.find((q) => q.supplier_name === supplierB.company)!.lines.map((l) => l.unit_price).sort()).toEqual([16.9, 3.25].sort());
  await expectSentOnce(supplierB.page, before);

  // The contractor compares: three lines, two suppliers, the lowest marked per line, B's gap on the sand.
  await c.open(rfqId);
  await reloadUntil(contractor.page, () => expect(contractor.page.getByTestId('supplier-card')).toHaveCount(2, { timeout: 3_000 }));
  // Quoted: no longer editable.
  await expect(contractor.page.getByTestId('edit-rfq')).toHaveCount(0);
  await expect(c.comparisonLines()).toHaveCount(3);
  for (const line of await c.comparisonLines().all()) await expect(line.locator('[data-lowest]')).toHaveCount(1);
  await expect(c.comparisonLines().filter({ hasText: 'رمل' })).toContainText('لم يُسعَّر');
  await expect(c.comparisonLines().filter({ hasText: 'بورتلاندي' }).getByTestId('partial')).toHaveCount(1);
  // A's notes reach the buyer: the quote's on A's card, the line's under its price, both wrapped inside the phone's width.
  const notes = contractor.page.getByTestId('supplier-card').filter({ hasText: supplierA.company }).getByTestId('quote-notes');
  await expect(notes).toHaveText(NOTES);
  await expect(c.comparisonLines().filter({ hasText: 'بلوك' }).getByTestId('line-note')).toContainText(LINE_NOTE);
  for (const note of [notes, c.comparisonLines().filter({ hasText: 'بلوك' }).getByTestId('line-note')]) {
    await note.scrollIntoViewIfNeeded();
    const box = (await note.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(contractor.page.viewportSize()!.width);
  }
  await checkPage(contractor.page, 'ar', 'rfq-comparison');

  // At desk width the full table: lines down, the suppliers across in the order they
  // quoted, one lowest per line, B's sand a gap, the market price beside each line.
  await contractor.page.setViewportSize(DESK);
  await expect(c.comparisonTable()).toBeVisible();
  await expect(c.comparisonTable().getByTestId('supplier-column')).toHaveText([new RegExp(supplierA.company), new RegExp(supplierB.company)]);
  await expect(c.comparisonLines()).toHaveCount(3);
  const row = (word: string) => c.comparisonLines().filter({ hasText: word }).locator('td');
  await expect(row('بورتلاندي')).toHaveCount(2);
  await expect(row('بورتلاندي').nth(1)).toHaveAttribute('data-lowest', 'true');
  await expect(row('بلوك').nth(0)).toHaveAttribute('data-lowest', 'true');
  await expect(row('رمل').nth(0)).toHaveAttribute('data-lowest', 'true');
  await expect(row('رمل').nth(1)).toContainText('لم يُسعَّر');
  await expect(c.comparisonTable().getByTestId('market-median')).toHaveCount(3);
  await expect(c.comparisonTable().getByTestId('quote-notes').first()).toHaveText(NOTES);

  // The export: an XLSX holding every line and both suppliers.
  const sheet = await xlsxText(await c.exportComparison());
  for (const text of ['أسمنت بورتلاندي عادي', 'بلوك أسمنتي مفرغ 20 سم', 'رمل أبيض مغسول', supplierA.company, supplierB.company]) expect(sheet).toContain(text);
  await contractor.page.setViewportSize(testInfo.project.use.viewport!);
  await expect(contractor.page.getByTestId('comparison-by-line')).toBeVisible();

  // Split to the lowest: B's 120 bags of cement and the other 80 from A, the blocks and sand to A; two purchase orders.
  await expect(contractor.page.getByTestId('award-order')).toHaveCount(2);
  await c.awardSplitToLowest();
  await reloadUntil(contractor.page, () => expect(c.ordersMade()).toHaveCount(2, { timeout: 3_000 }));
  type Order = { rfq_id: string | null; seller_id: string; notes: string | null; lines: Array<{ description: string; quantity: number }> };
  const orders = (await pageApi<Order[]>(contractor.page, 'GET', '/api/purchase-orders?as=buyer')).body.filter((o) => o.rfq_id === rfqId);
  const cementFrom = (seller: string) => orders.find((o) => o.seller_id === seller)?.lines.find((l) => l.description.includes('بورتلاندي'))?.quantity;
  expect([cementFrom(supplierIds[1]), cementFrom(supplierIds[0])]).toEqual([120, 80]);
  expect(orders.map((o) => [o.seller_id, o.notes]).sort()).toEqual([[supplierIds[0], NOTES], [supplierIds[1], null]].sort());

  // Each supplier accepts their order, both at once.
  await Promise.all(
    [supplierA, supplierB].map(async (s) => {
      const po = new PurchaseOrdersPage(s.page);
      await po.goto();
      await reloadUntil(s.page, () => expect(po.order(title)).toBeVisible({ timeout: 5_000 }));
      await po.open(title);
      // The order carries what its supplier wrote on the quote.
      if (s === supplierA) await expect(po.detail().getByTestId('po-notes')).toContainText(NOTES);
      await po.accept();
      await expect(po.detail()).toHaveAttribute('data-status', 'accepted');
    }),
  );
  await reloadUntil(contractor.page, () => expect(c.ordersMade().and(contractor.page.locator('[data-status="accepted"]'))).toHaveCount(2, { timeout: 3_000 }));

  await Promise.all([contractor, supplierA, supplierB].map((u) => u.context.close()));
});

test("a shared phone: a contractor's RFQ draft is theirs alone, gone at sign-out and never shown to the next person signed in", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const rfqs = new RfqsPage(page);
  const builder = {
    title: page.getByTestId('rfq-title'),
    site: page.getByTestId('rfq-location'),
  };
  const startDraft = async (title: string) => {
    await rfqs.goto();
    await rfqs.startNew();
    await rfqs.fillHead(title, `جدة، حي الشاطئ ${stamp}`);
    await page.getByTestId('add-line').click();
    await rfqs.lines().first().getByTestId('line-description').fill(`بلوك عازل ${stamp}`);
    await page.getByTestId('audience-invited').check();
    await page.getByTestId('supplier-picker').getByRole('checkbox').first().check();
  };
  const expectEmptyBuilder = async () => {
    await rfqs.goto();
    await rfqs.startNew();
    await expect(builder.title).toHaveValue('');
    await expect(builder.site).toHaveValue('');
    await expect(rfqs.lines()).toHaveCount(0);
    await expect(page.getByTestId('audience-market')).toBeChecked();
  };

  // Contractor A starts a request; it is kept on the device (a reload brings it back).
  await signUpAs(page, 'contractor', 'مقاولات الأول');
  await startDraft(`برج الياسمين ${stamp}`);
  await page.reload();
  await expect(builder.title).toHaveValue(`برج الياسمين ${stamp}`);
  await expect(rfqs.lines()).toHaveCount(1);

  // A signs out: nothing of the draft stays in the browser's storage.
  const shell = new AppShell(page);
  await shell.openMenu();
  await shell.logout();
  const stored = await page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((s) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`)).join('\n'),
  );
  expect(stored).not.toContain(stamp);

  // Contractor B signs in on the same phone and opens an empty form.
  const emailB = await signUpAs(page, 'contractor', 'مقاولات الثاني');
  await expectEmptyBuilder();

  // B starts one too, and B's session ends without a sign-out (expired): the next person
  // to sign in still opens an empty form, and B, back, finds their own draft.
  await startDraft(`مستودع النخيل ${stamp}`);
  await page.context().clearCookies();
  await signUpAs(page, 'contractor', 'مقاولات الثالث');
  await expectEmptyBuilder();
  await signInByRequest(page, emailB, 'مقاولات الثاني');
  await openDashboard(page);
  await rfqs.goto();
  await rfqs.startNew();
  await expect(builder.title).toHaveValue(`مستودع النخيل ${stamp}`);
  await expect(rfqs.lines()).toHaveCount(1);
});
