/**
 * The invoice's PDF over HTTP: the route reads who asks and hands the document back as an
 * A4 PDF download, rendered on the app's PDF threads (deps.pdf) or kept from before.
 */
import Router from '@koa/router';
import { route } from '../../http/route';
import { invoicePdf } from './pdf-service';

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
  return router;
}
