/**
 * The comparison as an XLSX for the buyer's files: lines down (with the market price),
 * each supplier's unit and line price across, the lowest of each line filled green, a
 * gap left empty, then each supplier's coverage, subtotal, VAT, total, delivery days and
 * validity, and what each supplier wrote on its quote. Written from the device's copy, so it works offline; headers in the reader's
 * language, the sheet right to left in Arabic; texts neutralised against formulas as the
 * price list's export does (spreadsheetCell).
 */
import type { Workbook } from 'exceljs';
import { spreadsheetCell } from '../../../shared/price-list';
import type { RfqComparison } from '../../../shared/schemas/rfq';

export interface ComparisonHeaders {
  line: string;
  description: string;
  quantity: string;
  unit: string;
  market: string;
  unitPrice: (supplier: string) => string;
  lineTotal: (supplier: string) => string;
  coverage: string;
  subtotal: string;
  vat: string;
  total: string;
  delivery: string;
  validUntil: string;
  notes: string;
  someone: string;
}

/** The market price as one cell: its median when there is one, else its band as text ("18–20"). */
const marketCell = (p: RfqComparison['lines'][number]['market_price']) => (p === null ? null : (p.median ?? `${p.low}–${p.high}`));

const LOWEST_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFC6EFCE' } } as const;

export async function comparisonXlsx(comparison: RfqComparison, h: ComparisonHeaders, rtl: boolean): Promise<Blob> {
  const mod = await import('exceljs');
  const Excel = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const workbook: Workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('RFQ', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 1, xSplit: 2 }] });
  const names = comparison.quotes.map((q) => q.supplier_name ?? h.someone);
  const fixed = [h.line, h.description, h.quantity, h.unit, h.market];
  sheet.addRow([...fixed, ...names.flatMap((n) => [h.unitPrice(n), h.lineTotal(n)])].map(spreadsheetCell)).font = { bold: true };
  for (const line of comparison.lines) {
    const row = sheet.addRow([
      line.position,
      spreadsheetCell(line.description),
      line.quantity,
      spreadsheetCell(line.unit),
      marketCell(line.market_price),
      ...line.cells.flatMap((c) => [c.unit_price, c.line_total]),
    ]);
    line.cells.forEach((c, i) => {
      if (c.lowest) row.getCell(fixed.length + 1 + i * 2).fill = LOWEST_FILL;
    });
  }
  sheet.addRow([]);
  const totals: Array<[string, (q: RfqComparison['quotes'][number]) => string | number | null]> = [
    [h.coverage, (q) => q.coverage],
    [h.subtotal, (q) => q.subtotal],
    [h.vat, (q) => q.vat_total],
    [h.total, (q) => q.total],
    [h.delivery, (q) => q.delivery_days],
    [h.validUntil, (q) => q.valid_until],
    [h.notes, (q) => (q.notes ? spreadsheetCell(q.notes) : null)],
  ];
  for (const [label, value] of totals) {
    sheet.addRow([null, spreadsheetCell(label), null, null, null, ...comparison.quotes.flatMap((q) => [null, value(q)])]).font = { bold: true };
  }
  sheet.getColumn(2).width = 40;
  for (let i = 0; i < comparison.quotes.length * 2; i++) sheet.getColumn(fixed.length + 1 + i).width = 16;
  const data = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
  return new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
