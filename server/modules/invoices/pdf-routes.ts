/**
 * The invoice's and the purchase order's PDFs over HTTP: the route reads who asks and hands
 * the document back as an A4 PDF download, rendered on the app's PDF threads (deps.pdf) or
 * kept from before. The order's route is here, not in purchase-orders, because the PDF
 * machinery is this module's and purchase-orders imports none of it (server/module-graph.test.ts).
 */
import Router from '@koa/router';
import { WithStatus, route } from '../../http/route';
import { invoicePdf, purchaseOrderPdf } from './pdf-service';

export function invoicePdfRouter(): Router {
  const router = new Router();
  route(
    router,
    {
      method: 'get',
      path: '/api/invoices/{id}/pdf',
      summary: 'The invoice or credit note as an A4 PDF, in Arabic and English with its QR code (its seller; its buyer once cleared); 429 rate_limited or 503 pdf_busy / pdf_timed_out with Retry-After while the renderer is at its bounds',
      tag: 'invoices',
      access: 'user',
    },
    async ({ ctx, knex, user, params }) => {
      const { number, pdf } = await invoicePdf(knex, ctx.deps.pdf!, user, params.id, ctx.deps.clock.now());
      ctx.attachment(`${number}.pdf`);
      ctx.type = 'application/pdf';
      return pdf;
    },
  );
  route(
    router,
    {
      method: 'get',
      path: '/api/purchase-orders/{id}/pdf',
      summary: 'The purchase order as an A4 PDF in Arabic and English: its lines with what was received, rejected and invoiced, totals, delivery terms and status (its buyer and seller; 304 for If-None-Match of its ETag); 429 rate_limited or 503 pdf_busy / pdf_timed_out with Retry-After while the renderer is at its bounds',
      tag: 'purchase-orders',
      access: 'user',
    },
    async ({ ctx, knex, user, params }) => {
      const { number, etag, pdf } = await purchaseOrderPdf(knex, ctx.deps.pdf!, user, params.id, ctx.get('If-None-Match') || undefined);
      ctx.set('ETag', etag);
      // The order changes: a reader keeps it but asks again each time (a 304 while it is the same).
      ctx.set('Cache-Control', 'private, no-cache');
      if (!pdf) return new WithStatus(304, null);
      ctx.attachment(`${number}.pdf`);
      ctx.type = 'application/pdf';
      return pdf;
    },
  );
  return router;
}
