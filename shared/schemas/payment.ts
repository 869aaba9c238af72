/**
 * Payments of tax invoices: the terms an invoice is owed on, the payments against it and
 * what is left (server/modules/payments; the status from shared/payments.ts).
 *
 * GET  /api/invoices/{id}/payments -> payment[] (its seller and buyer)
 * POST /api/invoices/{id}/payments {id, amount, paid_on, reference, receipt_id?} (the buyer records a transfer) -> payment
 *      the same as sync mutation payment.record {invoice_id, ...}
 * POST /api/payments/{id}/confirm (the seller) -> payment; sync payment.confirm {id, invoice_id}
 * POST /api/payments/{id}/dispute {reason} (the seller) -> payment; sync payment.dispute {id, invoice_id, reason}
 * POST /api/payments/transfers {id, seller?, paid_on, reference, receipt_id?, allocations: [{invoice_id, amount}]} (the buyer) -> transfer
 * POST /api/payments/transfers/{id}/confirm, /dispute {reason} (the seller: the transfer as a whole) -> transfer
 * GET  /api/payments/{id}/receipt?size= -> the receipt photo (WebP; the invoice's buyer and seller), uploaded over tus (kind=payment_receipt)
 * GET  /api/statements?counterparty= -> statement; /api/statements/counterparties; /api/statements/overdue
 */
import { z } from 'zod';
import { MAX, dateSchema, lineString, moneySchema, requiredText, timestampSchema, uuidSchema } from './common';
import { paymentLifecycle } from '../lifecycles/invoices';

/** Days after the issue day an invoice is due: on receipt, 15, 30 or 60 days (the seller's default when none is named at issue). */
export const PAYMENT_TERMS_DAYS = [0, 15, 30, 60] as const;
export type PaymentTermsDays = (typeof PAYMENT_TERMS_DAYS)[number];
/** The terms of a seller who has set none: 30 days (the tax profile's default and the database's). */
export const DEFAULT_PAYMENT_TERMS_DAYS: PaymentTermsDays = 30;
export const paymentTermsSchema = z.union(PAYMENT_TERMS_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<0>, z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>]);

/** Where an invoice stands: computed by paymentStatus (shared/payments.ts) and never stored. */
const INVOICE_PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'paid', 'overdue', 'credited'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** transfer: a bank transfer the buyer records; card: paid through the gateway (its ids on the row). */
const PAYMENT_METHODS = ['transfer', 'card'] as const;

export const paymentSchema = z.object({
  id: uuidSchema,
  invoice_id: uuidSchema,
  invoice_number: z.string(),
  payer_id: uuidSchema,
  payee_id: uuidSchema,
  method: z.enum(PAYMENT_METHODS),
  amount: z.number(),
  currency: z.string(),
  paid_on: dateSchema,
  reference: z.string(),
  receipt_id: uuidSchema.nullable(),
  /** the receipt's file has arrived (a payment recorded offline names it before its upload ends) */
  receipt_stored: z.boolean(),
  /** one transfer across several invoices: the rows sharing it are confirmed or disputed together */
  transfer_id: uuidSchema.nullable(),
  status: z.enum(paymentLifecycle.states),
  dispute_reason: z.string().nullable(),
  decided_at: timestampSchema.nullable(),
  /** what the gateway has given back to the card of a card payment (0 for none): the payment counts as amount - refunded */
  refunded: z.number(),
  refunded_at: timestampSchema.nullable(),
  created_at: timestampSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * What an invoice's row says of its payment (null on a credit note): the terms and due
 * date, the seller's IBAN to pay into, the sums and what is left, and its payments.
 * credited: its cleared credit notes; paid: confirmed payments; pending: recorded ones
 * the seller has not answered yet; balance: total - credited - paid.
 */
export const invoicePaymentSchema = z.object({
  terms_days: paymentTermsSchema,
  due_date: dateSchema,
  iban: z.string().nullable(),
  credited: z.number(),
  paid: z.number(),
  pending: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_PAYMENT_STATUSES),
  payments: z.array(paymentSchema),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** POST /api/invoices/{id}/payments: a transfer the buyer made; `id` is the client's, so a replay is the same payment. */
export const paymentRecordSchema = z.strictObject({
  id: uuidSchema,
  amount: moneySchema.positive(),
  paid_on: dateSchema,
  reference: requiredText(MAX.short),
  /** the photo of the bank's receipt, as an uploaded private file */
  receipt_id: uuidSchema.optional(),
  /**
   * the buyer pays an invoice whose match reads exception knowingly (after the warning that
   * lists what does not match); without it such a payment is refused with invoice_in_exception
   */
  accept_exception: z.literal(true).optional(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** Sync mutation payment.record: the same body with the invoice it pays. */
export const paymentRecordArgsSchema = paymentRecordSchema.safeExtend({ invoice_id: uuidSchema });

/**
 * POST /api/payments/transfers and sync mutation payment.transfer: one bank transfer across
 * several invoices of the same seller (named or not), with an amount allocated to each.
 * `id` is the client's: the same transfer sent again answers the stored one. An
 * allocation's payment_id is the id of its payment row, chosen by a client that shows the
 * rows before the server has them (recorded offline); without it the server derives one
 * from the transfer's and the invoice's ids.
 */
const MAX_TRANSFER_INVOICES = 50;
export const transferRecordSchema = z.strictObject({
  id: uuidSchema,
  seller: uuidSchema.optional(),
  paid_on: dateSchema,
  reference: requiredText(MAX.short),
  receipt_id: uuidSchema.optional(),
  /** as a single payment's: the buyer pays the invoices among them whose match reads exception knowingly */
  accept_exception: z.literal(true).optional(),
  allocations: z
    .array(z.strictObject({ invoice_id: uuidSchema, amount: moneySchema.positive(), payment_id: uuidSchema.optional() }))
    .min(1)
    .max(MAX_TRANSFER_INVOICES)
    .refine((list) => new Set(list.map((a) => a.invoice_id)).size === list.length, 'one allocation per invoice')
    .refine((list) => {
      const ids = list.flatMap((a) => (a.payment_id ? [a.payment_id] : []));
      return new Set(ids).size === ids.length;
    }, 'one payment id per allocation'),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;

/** A transfer as the API answers it: its payments, one per invoice, in invoice id order. */
export const transferSchema = z.object({ id: uuidSchema, payments: z.array(paymentSchema) });
export type Transfer = z.infer<typeof transferSchema>;

export const paymentDisputeSchema = z.strictObject({ reason: requiredText(MAX.location) });
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

/** Sync mutation payment.confirm: the payment (id) and the invoice whose row carries it (checked to be its own). */
export const paymentConfirmArgsSchema = z.strictObject({ id: uuidSchema, invoice_id: uuidSchema });
/** Sync mutation payment.dispute: as payment.confirm, with the reason. */
export const paymentDisputeArgsSchema = paymentDisputeSchema.safeExtend({ id: uuidSchema, invoice_id: uuidSchema });

/**
 * The tus Upload-Metadata of a transfer's receipt photo (kind=payment_receipt): the payment
 * that names it as receipt_id and the file's id (that receipt_id).
 */
export const receiptUploadMetadataSchema = z.object({
  kind: z.literal('payment_receipt'),
  payment_id: uuidSchema,
  photo_id: uuidSchema,
  filename: lineString(255).optional(),
  filetype: lineString(100).optional(),
});
export type ReceiptUploadMetadata = z.infer<typeof receiptUploadMetadataSchema>;

/** Where a payment's receipt photo is served, to the invoice's buyer and seller only. */
export const receiptUrl = (paymentId: string, size: 160 | 480 | 1200): string => `/api/payments/${paymentId}/receipt?size=${size}`;

export const statementQuerySchema = z.strictObject({ counterparty: uuidSchema });

const STATEMENT_ENTRY_KINDS = ['invoice', 'debit_note', 'credit_note', 'payment', 'refund'] as const;

/**
 * One line of a statement, from the reader's side: `amount` is what it changes of the
 * balance the counterparty owes the reader (an invoice the reader issued raises it, one
 * the reader received lowers it; credit notes and payments the other way round).
 */
const statementEntrySchema = z.object({
  date: dateSchema,
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  id: uuidSchema,
  invoice_id: uuidSchema,
  number: z.string(),
  /** the reader sold (an invoice the reader issued, its credit notes, payments received) */
  as_seller: z.boolean(),
  /** how a payment or refund was made (null on a document) */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /**
   * what a person reads as the entry's reference: a transfer's bank reference as the buyer
   * gave it; null on a document and on a card payment, whose gateway id is a UUID no one
   * reads (the entry's kind, method and invoice number say what it is)
   */
  reference: z.string().nullable(),
  amount: z.number(),
  balance: z.number(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  counterparty: z.object({ id: uuidSchema, name: z.string() }),
  entries: z.array(statementEntrySchema),
  /** what the counterparty owes the reader at the end (negative: what the reader owes) */
  balance: z.number(),
  /** of it, invoices the reader issued that are past due */
  overdue: z.number(),
});
export type Statement = z.infer<typeof statementSchema>;

export const counterpartySummarySchema = z.object({ id: uuidSchema, name: z.string(), balance: z.number(), overdue: z.number() });
export type CounterpartySummary = z.infer<typeof counterpartySummarySchema>;

/** The seller's overdue across buyers: per buyer, the overdue invoices and what is left of them. */
export const overdueSchema = z.object({
  total: z.number(),
  buyers: z.array(z.object({ id: uuidSchema, name: z.string(), invoices: z.array(z.object({ id: uuidSchema, number: z.string(), due_date: dateSchema, balance: z.number() })), amount: z.number() })),
});
export type Overdue = z.infer<typeof overdueSchema>;
