/** Invoices, credit and debit notes, and an invoice's match over HTTP: each route parses its input and calls one service function. */
import Router from '@koa/router';
import { z } from 'zod';
import { listResult, route, routeThenCall } from '../../http/route';
import { creditNoteCreateSchema, debitNoteCreateSchema, invoiceCreateSchema, invoiceListQuerySchema, invoiceMatchSchema, invoiceSchema } from '../../../shared/schemas/invoice';
import { issueInvoice, retryClearance } from './issue';
import { issueCreditNote, issueDebitNote } from './notes';
import { invoiceMatch } from './match';
import { getInvoice, invoiceXml, listInvoices } from './service';

const tag = 'invoices';

export function invoicesRouter(): Router {
  const router = new Router();

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/invoices',
      summary: "The seller's ZATCA tax invoice for a purchase order: chained, signed and cleared (status pending when ZATCA did not answer, rejected with its messages)",
      tag,
      access: 'user',
      body: invoiceCreateSchema,
      response: invoiceSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => getInvoice(knex, user, await issueInvoice(knex, ctx.deps, user, body, ctx.deps.clock.now()), ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/invoices',
      summary: "The caller's invoices and credit notes as seller (every one) and as buyer (cleared ones), newest first",
      tag,
      access: 'user',
      query: invoiceListQuerySchema,
      response: z.array(invoiceSchema),
    },
    async ({ ctx, knex, user, query }) => listResult(ctx, await listInvoices(knex, user, query, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'get', path: '/api/invoices/{id}', summary: 'One invoice or credit note (its seller; its buyer once cleared)', tag, access: 'user', response: invoiceSchema },
    ({ ctx, knex, user, params }) => getInvoice(knex, user, params.id, ctx.deps.clock.now()),
  );

  route(
    router,
    { method: 'get', path: '/api/invoices/{id}/xml', summary: 'The UBL document as kept: the one ZATCA cleared (application/xml)', tag, access: 'user' },
    async ({ ctx, knex, user, params }) => {
      const { number, xml } = await invoiceXml(knex, user, params.id);
      ctx.attachment(`${number}.xml`, { type: 'inline' });
      ctx.type = 'application/xml; charset=utf-8';
      return xml;
    },
  );

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/invoices/{id}/credit-notes',
      summary: 'A credit note (381) against a cleared invoice: the lines and quantities given, or everything not credited yet',
      tag,
      access: 'user',
      body: creditNoteCreateSchema,
      response: invoiceSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => getInvoice(knex, user, await issueCreditNote(knex, ctx.deps, user, params.id, body, ctx.deps.clock.now()), ctx.deps.clock.now()),
  );

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/invoices/{id}/debit-notes',
      summary: "A debit note (383) against the seller's cleared invoice: a quantity billed short at the line's price, or a price increase per unit",
      tag,
      access: 'user',
      body: debitNoteCreateSchema,
      response: invoiceSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => getInvoice(knex, user, await issueDebitNote(knex, ctx.deps, user, params.id, body, ctx.deps.clock.now()), ctx.deps.clock.now()),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/invoices/{id}/match',
      summary: "An order's invoice against its order and receipts, line by line: ordered, received, rejected, invoiced, prices, and why a line does not match",
      tag,
      access: 'user',
      response: invoiceMatchSchema,
    },
    ({ knex, user, params }) => invoiceMatch(knex, user, params.id),
  );

  routeThenCall(
    router,
    {
      method: 'post',
      path: '/api/invoices/{id}/clearance',
      summary: "Sends the seller's pending documents (ZATCA did not answer) for clearance again, this one among them",
      tag,
      access: 'user',
      response: invoiceSchema,
    },
    async ({ ctx, knex, user, params }) => getInvoice(knex, user, await retryClearance(knex, ctx.deps, user, params.id), ctx.deps.clock.now()),
  );

  return router;
}
