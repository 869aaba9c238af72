/** The invoice's PDF over HTTP: the route reads who asks and hands the document back as an A4 PDF download. */
import Router from '@koa/router';
import { route } from '../../http/route';
import { invoicePdf } from './pdf';

export function invoicePdfRouter(): Router {
  const router = new Router();
  route(
    router,
    {
      method: 'get',
      path: '/api/invoices/{id}/pdf',
      summary: 'The invoice or credit note as an A4 PDF, in Arabic and English with its QR code (its seller; its buyer once cleared)',
      tag: 'invoices',
      access: 'user',
    },
    async ({ ctx, knex, user, params }) => {
      const { number, pdf } = await invoicePdf(knex, user, params.id);
      ctx.attachment(`${number}.pdf`);
      ctx.type = 'application/pdf';
      return pdf;
    },
  );
  return router;
}
