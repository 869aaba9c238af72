/** Payments and statements over HTTP: each route parses its input and calls one service function in a transaction. */
import Router from '@koa/router';
import { z } from 'zod';
import { createdOrOk, route } from '../../http/route';
import {
  counterpartySummarySchema,
  overdueSchema,
  paymentDisputeSchema,
  paymentRecordSchema,
  paymentSchema,
  statementQuerySchema,
  statementSchema,
  transferRecordSchema,
  transferSchema,
} from '../../../shared/schemas/payment';
import { confirmPayment, disputePayment, listPayments, recordPayment } from './service';
import { openReceipt } from './receipts';
import { answerTransfer, recordTransfer } from './transfers';
import { privateFileQuerySchema, sendPrivateWebp } from '../../http/private-file';
import { objectStore } from '../../storage';
import { counterparties, overdue, statementWith } from './statements';

const tag = 'payments';

export function paymentsRouter(): Router {
  const router = new Router();

  route(
    router,
    { method: 'get', path: '/api/invoices/{id}/payments', summary: "An invoice's payments, oldest first (its seller and buyer)", tag, access: 'user', response: z.array(paymentSchema) },
    ({ knex, user, params }) => listPayments(knex, user, params.id),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/invoices/{id}/payments',
      summary: "The buyer records a bank transfer (waits for the seller's confirmation); the same id again answers the stored payment",
      tag,
      access: 'user',
      body: paymentRecordSchema,
      response: paymentSchema,
      status: 201,
    },
    async ({ ctx, knex, user, params, body }) => {
      const { payment, created } = await knex.transaction((trx) => recordPayment(trx, user, params.id, body, ctx.deps.clock.now()));
      return createdOrOk(created, payment);
    },
  );

  route(
    router,
    { method: 'post', path: '/api/payments/{id}/confirm', summary: 'The seller confirms receiving a recorded payment: it lowers the balance', tag, access: 'user', response: paymentSchema },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => confirmPayment(trx, user, params.id, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'post', path: '/api/payments/{id}/dispute', summary: 'The seller disputes a recorded payment with a reason: the balance stays', tag, access: 'user', body: paymentDisputeSchema, response: paymentSchema },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => disputePayment(trx, user, params.id, body, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'post',
      path: '/api/payments/transfers',
      summary: "The buyer records one bank transfer across several invoices of one seller, an amount allocated to each (waits for the seller's confirmation); the same id again answers the stored transfer",
      tag,
      access: 'user',
      body: transferRecordSchema,
      response: transferSchema,
      status: 201,
    },
    async ({ ctx, knex, user, body }) => {
      const { transfer, created } = await knex.transaction((trx) => recordTransfer(trx, user, body, ctx.deps.clock.now()));
      return createdOrOk(created, transfer);
    },
  );

  route(
    router,
    { method: 'post', path: '/api/payments/transfers/{id}/confirm', summary: 'The seller confirms receiving a transfer across invoices, as a whole: each invoice’s balance falls by its allocation', tag, access: 'user', response: transferSchema },
    ({ ctx, knex, user, params }) => knex.transaction((trx) => answerTransfer(trx, user, params.id, { status: 'confirmed' }, ctx.deps.clock.now())),
  );

  route(
    router,
    { method: 'post', path: '/api/payments/transfers/{id}/dispute', summary: 'The seller disputes a transfer across invoices, as a whole, with a reason', tag, access: 'user', body: paymentDisputeSchema, response: transferSchema },
    ({ ctx, knex, user, params, body }) => knex.transaction((trx) => answerTransfer(trx, user, params.id, { status: 'disputed', reason: body.reason }, ctx.deps.clock.now())),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/payments/{id}/receipt',
      summary: "The photo of a transfer's receipt as WebP (size 160, 480 or 1200), to the invoice's buyer and seller only",
      tag,
      access: 'user',
      query: privateFileQuerySchema,
    },
    async ({ ctx, knex, user, params, query }) => sendPrivateWebp(ctx, await openReceipt(knex, objectStore(ctx.deps.config), user, params.id, query.size)),
  );

  route(
    router,
    {
      method: 'get',
      path: '/api/statements',
      summary: 'The statement with one counterparty: invoices, credit notes and confirmed payments by date with the running balance it owes the reader',
      tag,
      access: 'user',
      query: statementQuerySchema,
      response: statementSchema,
    },
    ({ ctx, knex, user, query }) => statementWith(knex, user, query.counterparty, ctx.deps.clock.now()),
  );

  route(
    router,
    { method: 'get', path: '/api/statements/counterparties', summary: 'Every company the reader has cleared documents with, and the balance with each', tag, access: 'user', response: z.array(counterpartySummarySchema) },
    ({ ctx, knex, user }) => counterparties(knex, user, ctx.deps.clock.now()),
  );

  route(
    router,
    { method: 'get', path: '/api/statements/overdue', summary: "The reader's invoices past due with something left to pay, per buyer", tag, access: 'user', response: overdueSchema },
    ({ ctx, knex, user }) => overdue(knex, user, ctx.deps.clock.now()),
  );

  return router;
}
