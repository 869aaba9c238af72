/**
 * The price list (a supplier's products, their import, export and stock), at desktop
 * width in Arabic: a supplier imports an awkward XLSX (built here with exceljs), reads
 * each row's problem in the preview, applies the valid rows, undoes the import; exports
 * the catalogue as CSV and imports it again with nothing to change; edits price and
 * stock inline in the table with the keyboard, sorted and filtered, and the server has
 * the edits afterwards.
 */
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './page-models/checkPage';
import { signUpAs, waitSynced } from './page-models/Session';
import { seen } from './page-models/seen';

test.use({ viewport: { width: 1366, height: 900 } });

interface ApiProduct {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  stock_quantity: number | null;
  availability_status: string;
}

async function myProducts(page: Page): Promise<ApiProduct[]> {
  const res = await page.request.get('/api/products/my?limit=100');
  expect(res.ok()).toBe(true);
  return res.json();
}

async function createProduct(page: Page, data: Record<string, unknown>) {
  const res = await page.request.post('/api/products', { data, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(201);
}

async function awkwardXlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('الأسعار');
  ws.getCell('A1').value = 'قائمة الأسعار';
  ws.mergeCells('A1:F1');
  ws.getRow(2).values = [' رمز المنتج ', 'الاسم', 'السعر', 'الوحدة', 'المخزون', 'الفئة'];
  ws.getRow(3).values = ['N-1', 'لياسة جاهزة', '١٬٢٥٠٫٥٠ ر.س', 'كيس', '١٢', 'الأسمنت والخرسانة'];
  ws.getRow(4).values = ['OLD-1', null, null, null, '0'];
  ws.getCell('C4').value = { formula: '10*3.5', result: 35 };
  ws.getRow(6).values = ['N-2', '  ', 'SAR 10', 'كيس'];
  ws.getRow(7).values = ['N-3', 'رمل', 'غالي', 'م³'];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const previewRow = (page: Page, line: number) => page.locator(`[data-testid="preview-row"][data-line="${line}"]`);

test('a supplier imports a price list, sees each row\'s problem, applies the valid rows and undoes it (ar)', async ({ page }) => {
  test.slow();
  await signUpAs(page, 'supplier', 'مؤسسة البناء الحديث');
  await createProduct(page, { name: 'بلوك قديم', price: 30, unit: 'حبة', sku: 'OLD-1', stock_quantity: 5 });
  await page.goto('/products?view=import');
  await waitSynced(page);

  await page.getByTestId('import-file').setInputFiles({ name: 'الأسعار.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await awkwardXlsx() });
  await expect(page.getByTestId('import-summary')).toHaveText(seen('جديدة: ١، للتحديث: ١، بلا تغيير: ٠، بها مشكلات: ٢'));
  await expect(previewRow(page, 3)).toHaveAttribute('data-action', 'create');
  await expect(previewRow(page, 3).getByTestId('row-problems')).toHaveText('');
  await expect(previewRow(page, 4)).toHaveAttribute('data-action', 'update');
  await expect(previewRow(page, 4)).toContainText(seen('٣٠ ← ٣٥', { exact: false }));
  await expect(page.locator('[data-testid="preview-row"][data-line="5"]')).toHaveCount(0); // the empty row
  await expect(previewRow(page, 6).getByTestId('row-problems')).toHaveText('الاسم مفقود');
  await expect(previewRow(page, 7).getByTestId('row-problems')).toHaveText('السعر ليس رقمًا صالحًا');
  await page.screenshot({ path: 'test-results/stock-import-preview-ar.png', fullPage: true });
  expect(await axeViolations(page), 'import preview').toEqual([]);

  // All or nothing (the default) cannot apply a file with problems.
  await expect(page.getByTestId('apply-import')).toBeDisabled();
  await page.getByTestId('mode-valid').click();
  await page.getByTestId('apply-import').click();
  await expect(page.getByTestId('import-notice')).toContainText(seen('تم الاستيراد. منتجات جديدة: ١، محدَّثة: ١، صفوف لم تُستورد: ٢.', { exact: false }));
  await expect(page.getByTestId('import-notice-lines')).toContainText(seen('السطر ٦: الاسم مفقود', { exact: false }));
  let server = await myProducts(page);
  expect(server.map((p) => [p.sku, p.price, p.stock_quantity, p.availability_status]).sort()).toEqual([
    ['N-1', 1250.5, 12, 'available'],
    ['OLD-1', 35, 0, 'out_of_stock'],
  ]);

  await page.getByTestId('undo-import').click();
  await expect(page.getByTestId('import-notice')).toContainText('تم التراجع');
  server = await myProducts(page);
  expect(server.map((p) => [p.sku, p.price, p.stock_quantity, p.availability_status])).toEqual([['OLD-1', 30, 5, 'available']]);
  await expect(page.getByTestId('last-import')).toContainText('تم التراجع عن آخر استيراد');
});

test('the exported CSV has a byte-order mark and Arabic headers, and importing it again changes nothing (ar)', async ({ page }) => {
  await signUpAs(page, 'supplier', 'مؤسسة التصدير');
  await createProduct(page, { name: 'حديد، تسليح "١٢ مم"', price: 2800, unit: 'طن', sku: 'R-12', stock_quantity: 40 });
  await createProduct(page, { name: 'رمل أبيض', price: 12.5, unit: 'م³' });
  await page.goto('/products?view=import');
  await waitSynced(page);
  await expect(page.getByTestId('export-csv')).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  const path = await download.path();
  const bytes = (await import('node:fs')).readFileSync(path);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('المعرف,رمز المنتج,الاسم,السعر,الوحدة,المخزون,الفئة,الوصف');
  await page.getByTestId('import-file').setInputFiles({ name: 'منتجاتي.csv', mimeType: 'text/csv', buffer: bytes });
  await expect(page.getByTestId('import-summary')).toHaveText(seen('جديدة: ٠، للتحديث: ٠، بلا تغيير: ٢، بها مشكلات: ٠'));
  await expect(page.getByTestId('apply-import')).toBeDisabled();
});

test('a 6 KB XLSX reaching cell XFD1048576 is refused at once, naming the row limit (ar)', async ({ page }) => {
  await signUpAs(page, 'supplier', 'مؤسسة الجداول');
  await page.goto('/products?view=import');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('الأسعار');
  ws.getRow(1).values = ['الاسم', 'السعر', 'الوحدة'];
  ws.getCell('XFD1048576').value = 'x';
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await page.getByTestId('import-file').setInputFiles({ name: 'قنبلة.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  await expect(page.getByTestId('import-notice')).toContainText(seen('تمتد الورقة إلى الصف ١٬٠٤٨٬٥٧٦، وأقصى عدد لصفوف قائمة الأسعار ٢٠٬١٠٠.', { exact: false }));
  await expect(page.getByTestId('import-summary')).toHaveCount(0);
});

test('a supplier edits price and stock inline with the keyboard, sorts and filters; the edits reach the server (ar)', async ({ page }) => {
  test.slow();
  await signUpAs(page, 'supplier', 'مؤسسة الجدول');
  await createProduct(page, { name: 'جبس', price: 18, unit: 'كيس', sku: 'C-1', stock_quantity: 50, low_stock_threshold: 10 });
  await createProduct(page, { name: 'بلوك', price: 3, unit: 'حبة', sku: 'B-1' });
  await createProduct(page, { name: 'حديد', price: 2800, unit: 'طن', sku: 'S-1', stock_quantity: 4, low_stock_threshold: 5 });
  await page.goto('/products?view=table');
  await waitSynced(page);
  const rows = page.getByTestId('table-row');
  await expect(rows).toHaveCount(3);
  const names = () => rows.locator('[data-column="name"]').allTextContents();

  // Sorted by name; then by price, both ways. (Names other tests do not search for: the e2e server is shared.)
  expect(await names()).toEqual(['بلوك', 'جبس', 'حديد']);
  await page.getByTestId('sort-price').click();
  expect(await names()).toEqual(['بلوك', 'جبس', 'حديد']);
  await page.getByTestId('sort-price').click();
  expect(await names()).toEqual(['حديد', 'جبس', 'بلوك']);
  await expect(page.locator('[data-product] [data-testid="low-stock"]')).toHaveCount(1);

  // Keyboard: focus the gypsum's price, Enter, type Arabic-Indic digits, Enter saves and moves down.
  const cement = page.locator('[data-testid="table-row"]', { hasText: 'جبس' });
  await cement.locator('[data-column="price"]').click();
  await page.keyboard.press('Enter');
  await page.getByTestId('cell-editor').fill('٢٥٫٥');
  await page.keyboard.press('Enter');
  await expect(cement.locator('[data-column="price"]')).toHaveText('٢٥٫٥٠');
  await expect(cement.getByTestId('pending-badge')).toBeVisible();
  // A wrong value stays in the editor, marked.
  await cement.locator('[data-column="stock"]').click();
  await page.keyboard.press('F2');
  await page.getByTestId('cell-editor').fill('كثير');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cell-editor')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  // Typing a digit starts the edit; stock 0 makes the product out of stock.
  await page.keyboard.press('0');
  await page.keyboard.press('Enter');
  await expect(cement.getByTestId('availability')).toHaveText('غير متوفر');
  // Space toggles an untracked product's availability.
  const block = page.locator('[data-testid="table-row"]', { hasText: 'بلوك' });
  await block.locator('[data-column="availability"]').click();
  await page.keyboard.press(' ');
  await expect(block.getByTestId('availability')).toHaveText('غير متوفر');
  await page.screenshot({ path: 'test-results/stock-table-ar.png', fullPage: true });
  expect(await axeViolations(page), 'products table').toEqual([]);

  await waitSynced(page);
  const server = await myProducts(page);
  expect(server.find((p) => p.sku === 'C-1')).toMatchObject({ price: 25.5, stock_quantity: 0, availability_status: 'out_of_stock' });
  expect(server.find((p) => p.sku === 'B-1')).toMatchObject({ availability_status: 'out_of_stock', stock_quantity: null });

  // Filters: by text (name or SKU) and by state.
  await page.getByTestId('table-filter').fill('S-1');
  await expect(rows).toHaveCount(1);
  await page.getByTestId('table-filter').fill('');
  await page.getByTestId('table-show').selectOption('out');
  await expect(rows).toHaveCount(2);
  await page.getByTestId('table-show').selectOption('low');
  // At or below the mark: iron (4 of 5) and gypsum, now 0 of 10; never the untracked block.
  await expect(rows).toHaveCount(2);
  expect((await names()).sort()).toEqual(['جبس', 'حديد']);
});
