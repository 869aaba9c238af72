/**
 * A statement as an XLSX for the company's books: one row per document or payment in
 * date order with its amount and the running balance, then the closing balance. Written
 * from the device's copy, so it works offline; headers in the reader's language, the sheet
 * right to left in Arabic; texts neutralised against formulas (spreadsheetCell).
 */
import type { Workbook } from 'exceljs';
import { spreadsheetCell } from '../../../shared/price-list';
import type { Statement } from '../../../shared/schemas/payment';

export interface StatementHeaders {
  title: string;
  date: string;
  kind: (entry: Statement['entries'][number]) => string;
  type: string;
  number: string;
  reference: string;
  amount: string;
  balance: string;
  closing: string;
}

export async function statementXlsx(statement: Statement, h: StatementHeaders, rtl: boolean): Promise<Blob> {
  const mod = await import('exceljs');
  const Excel = (mod as unknown as { default?: typeof mod }).default ?? mod;
  const workbook: Workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('Statement', { views: [{ rightToLeft: rtl, state: 'frozen', ySplit: 2 }] });
  sheet.addRow([spreadsheetCell(h.title)]).font = { bold: true };
  sheet.addRow([h.date, h.type, h.number, h.reference, h.amount, h.balance].map(spreadsheetCell)).font = { bold: true };
  for (const e of statement.entries) {
    sheet.addRow([e.date, spreadsheetCell(h.kind(e)), spreadsheetCell(e.number), e.reference === null ? null : spreadsheetCell(e.reference), e.amount, e.balance]);
  }
  sheet.addRow([null, spreadsheetCell(h.closing), null, null, null, statement.balance]).font = { bold: true };
  for (const [i, width] of [12, 16, 20, 24, 16, 16].entries()) sheet.getColumn(i + 1).width = width;
  for (const col of [5, 6]) sheet.getColumn(col).numFmt = '#,##0.00';
  const data = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
  return new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
