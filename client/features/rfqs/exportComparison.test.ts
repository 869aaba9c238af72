/** The comparison's XLSX, read back: a line per row with each supplier's prices, the lowest filled, a gap empty, totals below. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { compareQuotes } from '../../../shared/rfq';
import type { Rfq } from '../../../shared/schemas/rfq';
import { comparisonXlsx, type ComparisonHeaders } from './exportComparison';
import { testId, testLine, testQuote } from './testRows';

const id = testId;
// Line 1's market has a median, line 2's only a band.
const line = (n: number, description: string, quantity: number) => testLine(n, description, quantity, n === 1 ? { low: 16, high: 18, median: 17 } : { low: 3, high: 4, median: null });
const quote = (n: number, name: string, prices: Record<string, number>) => testQuote(n, name, id(9), prices);

const headers: ComparisonHeaders = {
  line: '#',
  description: 'Description',
  quantity: 'Qty',
  unit: 'Unit',
  market: 'Market',
  unitPrice: (n) => `${n} unit`,
  lineTotal: (n) => `${n} line`,
  coverage: 'Coverage',
  subtotal: 'Subtotal',
  vat: 'VAT',
  total: 'Total',
  delivery: 'Days',
  validUntil: 'Valid',
  notes: 'Notes',
  someone: 'A supplier',
};

describe('the comparison export', () => {
  it('writes lines down and suppliers across, the lowest filled, a formula-like text neutralised', async () => {
    const rfq = { id: id(9), status: 'open', lines: [line(1, 'أسمنت', 200), line(2, '=HYPERLINK("x")', 10)] } as Pick<Rfq, 'id' | 'status' | 'lines'>;
    const comparison = compareQuotes(rfq, [quote(1, 'A', { [id(1)]: 17.5, [id(2)]: 3 }), { ...quote(2, 'B', { [id(1)]: 16.9 }), notes: '=Delivery inside Riyadh' }]);
    const blob = await comparisonXlsx(comparison, headers, true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await blob.arrayBuffer());
    const ws = wb.worksheets[0];
    expect(ws.views[0].rightToLeft).toBe(true);
    expect(ws.getRow(1).values).toEqual([undefined, '#', 'Description', 'Qty', 'Unit', 'Market', 'A unit', 'A line', 'B unit', 'B line']);
    expect(ws.getRow(2).values).toEqual([undefined, 1, 'أسمنت', 200, 'كيس', 17, 17.5, 3500, 16.9, 3380]);
    expect((ws.getRow(2).getCell(8).fill as { fgColor?: unknown } | undefined)?.fgColor).toBeTruthy();
    expect(ws.getRow(2).getCell(6).fill).toBeUndefined();
    // B did not quote line 2: its cells are empty; A's price is the lowest.
    expect(ws.getRow(3).getCell(2).value).toBe('\'=HYPERLINK("x")');
    expect(ws.getRow(3).getCell(5).value).toBe('3–4');
    expect(ws.getRow(3).getCell(8).value).toBeNull();
    expect((ws.getRow(3).getCell(6).fill as { fgColor?: unknown } | undefined)?.fgColor).toBeTruthy();
    const total = ws.getRow(8);
    expect(total.getCell(2).value).toBe('Total');
    expect([total.getCell(7).value, total.getCell(9).value]).toEqual([comparison.quotes[0].total, comparison.quotes[1].total]);
    // What each supplier wrote on its quote, neutralised as any text; none for A.
    const notes = ws.getRow(11);
    expect([notes.getCell(2).value, notes.getCell(7).value, notes.getCell(9).value]).toEqual(['Notes', null, '\'=Delivery inside Riyadh']);
  });
});
