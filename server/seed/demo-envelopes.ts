/**
 * The demo's two-envelope tender (the school): each bid on it carries a technical envelope
 * (a short text and a small PDF of its method statement, made here with pdfkit) and a
 * bank's bid bond (its guarantee letter, another PDF) valid well past the bid validity
 * (the deadline's day plus BID_VALIDITY_DAYS), so it is compliant at the opening. The
 * files are bid documents of the bidder's, stored as uploads' are (documents/<hash>).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import PDFDocument from 'pdfkit';
import type { ObjectStore } from '../storage';
import { documentKey } from '../modules/projects/documents';
import { BID_VALIDITY_DAYS } from '../../shared/tender';
import type { BidBond } from '../../shared/schemas/bid-document';

const DAY_MS = 86_400_000;

function smallPdf(title: string, lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Binaa Market demo' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(16).text(title, { align: 'center' }).moveDown(1).fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

async function insertDocument(trx: Knex.Transaction, store: ObjectStore | undefined, row: { project_id: string; contractor_id: string; title: string; filename: string; created_at: Date }, bytes: Buffer) {
  const hash = crypto.createHash('sha256').update(bytes).digest('hex');
  await store?.put(documentKey(hash), bytes, 'application/pdf');
  const id = crypto.randomUUID();
  await trx('bid_documents').insert({ id, ...row, format: 'pdf', bytes: bytes.length, hash, created_by: row.contractor_id });
  return id;
}

/** A bidder's technical envelope and bond on the project, its files received at `at`; `deadlineDay` is the tender's (Riyadh) deadline day. */
export async function demoEnvelope(
  trx: Knex.Transaction,
  store: ObjectStore | undefined,
  b: { project_id: string; contractor_id: string; company: string; at: Date; deadlineDay: string },
): Promise<{ technical: { text: string; document_ids: string[] }; bid_bond: BidBond }> {
  const base = { project_id: b.project_id, contractor_id: b.contractor_id, created_at: b.at };
  const method = await smallPdf(`Method statement - ${b.company}`, [
    '1. Site organisation: resident engineer, quality and safety officers on site from the handover.',
    '2. Programme: structure in 7 months, finishes and site works in 7 more; weekly progress reports.',
    '3. References: three completed school buildings of similar size in the last five years.',
  ]);
  const technicalId = await insertDocument(trx, store, { ...base, title: 'منهجية التنفيذ والخبرات', filename: 'method-statement.pdf' }, method);
  const expiresOn = new Date(Date.parse(`${b.deadlineDay}T00:00:00Z`) + (BID_VALIDITY_DAYS + 30) * DAY_MS).toISOString().slice(0, 10);
  const number = `LG-${b.deadlineDay.slice(0, 4)}-${crypto.randomInt(1000, 9999)}`;
  const letter = await smallPdf('Bid bond', [`Guarantee ${number} in favour of the tender's owner, for 2 % of the bid's amount.`, `Valid until ${expiresOn}.`]);
  const bondId = await insertDocument(trx, store, { ...base, title: 'خطاب الضمان الابتدائي', filename: 'bid-bond.pdf' }, letter);
  return {
    technical: { text: 'منهجية التنفيذ وجدول زمني مفصل وفريق هندسي مقيم، مع ثلاث مدارس منفذة.', document_ids: [technicalId] },
    bid_bond: { document_id: bondId, number, bank: 'البنك الأهلي السعودي', expires_on: expiresOn },
  };
}
