/**
 * A PDF renderer's thread (pdf-renderer.ts runs a pool of them): pdfkit lays a document out
 * synchronously, seconds for a long one, so it runs here, off the server's event loop.
 * Each task is an invoice as REST presents it, or `{ purchase_order }` an order as REST
 * presents it (pdf-renderer.ts PdfTask); the answer is the PDF's bytes, moved (not
 * copied) back to the server's thread. Plain JavaScript that loads pdf.ts through tsx's
 * scoped loader, since a worker thread does not start with the TypeScript loader of its
 * parent (and vitest's transform does not reach it at all).
 */
import { tsImport } from 'tsx/esm/api';
import { move } from 'piscina';

const { renderInvoicePdf } = await tsImport('./pdf.ts', import.meta.url);
const { renderPurchaseOrderPdf } = await tsImport('./purchase-order-pdf.ts', import.meta.url);

export default async function render(task) {
  const pdf = 'purchase_order' in task ? await renderPurchaseOrderPdf(task.purchase_order) : await renderInvoicePdf(task);
  const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  // A Buffer may share its pool's ArrayBuffer; moving needs one of its own.
  return move(bytes.byteOffset === 0 && bytes.byteLength === pdf.buffer.byteLength ? bytes : bytes.slice());
}
