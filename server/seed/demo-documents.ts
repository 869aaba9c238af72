/**
 * The demo school tender's booklet, made at seed time (nothing is downloaded): a short PDF
 * of its conditions and specification (pdfkit) and its bill of quantities as an XLSX
 * (exceljs), stored as an upload's files are (documents/<hash>) and published by its owner
 * a few days after the tender, so a contractor opens the project and finds them.
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { ObjectStore } from '../storage';
import { documentKey } from '../modules/projects/documents';
import { DOCUMENT_FORMATS, type DocumentFormat, type DocumentType } from '../../shared/schemas/project-document';

/** The bill of quantities: item, unit, quantity. */
const BOQ: Array<[string, string, string, number]> = [
  ['1.1', 'Excavation and backfill', 'm3', 4_800],
  ['1.2', 'Plain concrete blinding (C15)', 'm3', 320],
  ['2.1', 'Reinforced concrete foundations (C35)', 'm3', 1_150],
  ['2.2', 'Reinforcement steel, grade 60', 't', 210],
  ['3.1', 'Concrete block walls, 20 cm', 'm2', 6_400],
  ['4.1', 'Porcelain floor tiles', 'm2', 5_200],
  ['5.1', 'Split air-conditioning units, 24,000 BTU', 'no', 48],
];

function bookletPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Primary school for 600 pupils - tender booklet', Author: 'Binaa Market demo' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text('Primary school for 600 pupils', { align: 'center' });
    doc.moveDown(0.5).fontSize(12).text('Riyadh, Al Narjis - Tender booklet: conditions and specification', { align: 'center' });
    doc.moveDown(1.5).fontSize(11);
    for (const line of [
      '1. Scope: design and build of a two-storey school building with playgrounds, a prayer hall and site works.',
      '2. Eligibility: contractors classified grade 2 or better in buildings, with two similar educational projects.',
      '3. Concrete: C35 for structural elements, C15 blinding; reinforcement steel grade 60 to SASO standards.',
      '4. Finishes: porcelain floor tiles in classrooms and corridors; anti-slip tiles in wet areas.',
      '5. Completion: within 14 months of the site handover; a five-year warranty on the structure.',
      '6. Bids: sealed, in SAR, through Binaa Market before the deadline; quantities as in the attached bill.',
    ]) {
      doc.text(line).moveDown(0.6);
    }
    doc.end();
  });
}

async function boqXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Binaa Market demo';
  const sheet = book.addWorksheet('BOQ');
  sheet.columns = [
    { header: 'Item', key: 'item', width: 8 },
    { header: 'Description', key: 'description', width: 44 },
    { header: 'Unit', key: 'unit', width: 8 },
    { header: 'Quantity', key: 'quantity', width: 12 },
    { header: 'Unit rate (SAR)', key: 'rate', width: 16 },
    { header: 'Amount (SAR)', key: 'amount', width: 16 },
  ];
  BOQ.forEach(([item, description, unit, quantity], i) => {
    const row = i + 2;
    sheet.addRow({ item, description, unit, quantity, rate: null, amount: { formula: `D${row}*E${row}` } });
  });
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Publishes the booklet on `projectId`, `publishedAt`, by its owner; its files go to `store` when there is one (a seed for rows alone has none). */
export async function seedDemoDocuments(trx: Knex.Transaction, store: ObjectStore | undefined, projectId: string, ownerId: string, publishedAt: Date): Promise<void> {
  const files: Array<{ type: DocumentType; title: string; filename: string; format: DocumentFormat; bytes: Buffer }> = [
    { type: 'specification', title: 'كراسة الشروط والمواصفات', filename: 'school-booklet.pdf', format: 'pdf', bytes: await bookletPdf() },
    { type: 'bill_of_quantities', title: 'جدول الكميات', filename: 'school-boq.xlsx', format: 'xlsx', bytes: await boqXlsx() },
  ];
  for (const [i, f] of files.entries()) {
    const hash = crypto.createHash('sha256').update(f.bytes).digest('hex');
    await store?.put(documentKey(hash), f.bytes, DOCUMENT_FORMATS[f.format].mediaType);
    const at = new Date(publishedAt.getTime() + i * 60_000);
    await trx('project_documents').insert({
      id: crypto.randomUUID(),
      project_id: projectId,
      type: f.type,
      title: f.title,
      filename: f.filename,
      format: f.format,
      bytes: f.bytes.length,
      hash,
      published_by: ownerId,
      published_at: at,
      updated_at: at,
    });
  }
}
