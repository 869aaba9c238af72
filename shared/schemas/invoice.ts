/**
 * Tax invoices and credit notes: what a seller issues from a purchase order through its
 * e-invoicing unit, cleared by ZATCA before the buyer sees it (server/modules/invoices),
 * and what the platform issues for a plan a company paid for (server/modules/invoices/plan-invoices.ts).
 *
 * POST /api/invoices {purchase_order_id, lines?, over_receipt_reason?, supply_date?} (seller) -> invoice
 *      (lines absent: what is received and accepted and not yet invoiced, or before any
 *      receipt what is ordered and not yet invoiced)
 * GET  /api/invoices (?as=seller|buyer, ?kind=) -> invoice[]; GET /api/invoices/{id} -> invoice
 * GET  /api/invoices/{id}/xml -> the cleared document (application/xml)
 * POST /api/invoices/{id}/credit-notes {reason, lines?} (seller) -> the credit note (an invoice of kind credit_note)
 * POST /api/invoices/{id}/debit-notes {reason, lines} (seller) -> the debit note (ZATCA 383, kind debit_note)
 * GET  /api/invoices/{id}/match (either side) -> invoiceMatch: ordered, received, rejected, invoiced per line
 */
import { z } from 'zod';
import { BILLING_CYCLES, PAID_PLAN_IDS } from '../constants';
import { roundStock } from '../numbers';
import { dateSchema, MAX, namedOnce, optionalText, paginationFields, quantitySchema, requiredText, timestampSchema, uuidSchema } from './common';
import { zatcaMessageSchema } from './einvoicing';
import { invoicePaymentSchema, paymentTermsSchema } from './payment';
import { invoiceLifecycle, type InvoiceStatus } from '../lifecycles/invoices';

const INVOICE_KINDS = ['invoice', 'credit_note', 'debit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export type { InvoiceStatus };

/** The statuses of a document ZATCA accepted: it is final, and its buyer sees it. */
export const ACCEPTED_INVOICE_STATUSES: readonly InvoiceStatus[] = ['cleared', 'reported'];
/** Whether ZATCA accepted the document (cleared or reported): only then is it owed, paid and on a statement. */
export const isAccepted = (status: InvoiceStatus): boolean => ACCEPTED_INVOICE_STATUSES.includes(status);

/** VAT categories of a line: standard rated, zero rated, exempt. */
const VAT_CATEGORIES = ['S', 'Z', 'E'] as const;
export type VatCategoryCode = (typeof VAT_CATEGORIES)[number];

/** The number a seller's document carries: its kind, the year, its place in that year's sequence. */
const INVOICE_NUMBER = /^(INV|CN|DN)-\d{4}-\d{6,}$/;
const NUMBER_PREFIX = { invoice: 'INV', credit_note: 'CN', debit_note: 'DN' } as const satisfies Record<InvoiceKind, string>;
export const invoiceNumber = (kind: InvoiceKind, year: number, seq: number): string => `${NUMBER_PREFIX[kind]}-${year}-${String(seq).padStart(6, '0')}`;

/**
 * A party as the document states it: the tax profile when it was issued. The buyer of a
 * simplified document may be stated by name alone, or not at all: its other fields are
 * then empty (null where nullable), and legal_name too when no name was given.
 */
const invoicePartySchema = z.object({
  legal_name: z.string(),
  legal_name_en: z.string().nullable(),
  vat_number: z.string().nullable(),
  cr_number: z.string().nullable(),
  building_number: z.string(),
  street: z.string(),
  district: z.string(),
  city: z.string(),
  postal_code: z.string(),
  additional_number: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

const invoiceLineSchema = z.object({
  id: uuidSchema,
  position: z.number().int().min(1),
  purchase_order_line_id: uuidSchema.nullable(),
  /** on a credit or debit note, the invoice line it adjusts */
  credited_line_id: uuidSchema.nullable(),
  /** on a note: whether the line moves the quantity (at the invoice line's price) or only the price (a difference per unit) */
  adjusts: z.enum(['quantity', 'price']).nullable(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unit_price: z.number(),
  vat_category: z.enum(VAT_CATEGORIES),
  vat_rate: z.number(),
  exemption_reason_code: z.string().nullable(),
  exemption_reason: z.string().nullable(),
  line_total: z.number(),
  vat_amount: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** A plan invoice's subject: the plan, its billing cycle and the period the payment bought. */
const invoicePlanSchema = z.object({
  id: z.enum(PAID_PLAN_IDS),
  name: z.string(),
  billing_cycle: z.enum(BILLING_CYCLES),
  period_start: timestampSchema,
  period_end: timestampSchema,
});

export const invoiceSchema = z.object({
  id: uuidSchema,
  kind: z.enum(INVOICE_KINDS),
  number: z.string().regex(INVOICE_NUMBER),
  seller_id: uuidSchema,
  buyer_id: uuidSchema,
  /** what it invoices: a purchase order (its id and number), or a period of a plan the buyer paid the platform for */
  purchase_order_id: uuidSchema.nullable(),
  purchase_order_number: z.string().nullable(),
  plan: invoicePlanSchema.nullable(),
  /** a simplified tax invoice (B2C, KSA-2 0200000, reported), or its credit note */
  simplified: z.boolean(),
  /** a credit or debit note's invoice, its number and the reason given */
  original_invoice_id: uuidSchema.nullable(),
  original_invoice_number: z.string().nullable(),
  reason: z.string().nullable(),
  /** the unit's invoice counter and the previous document's hash (base64), as the document states them */
  icv: z.number().int(),
  pih: z.string(),
  hash: z.string(),
  /** the QR code's content (base64 TLV) */
  qr: z.string(),
  issued_at: timestampSchema,
  supply_date: dateSchema,
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  vat_total: z.number(),
  total: z.number(),
  status: z.enum(invoiceLifecycle.states),
  messages: z.array(zatcaMessageSchema),
  cleared_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** the seller's reason for invoicing more than was received, when it did */
  over_receipt_reason: z.string().nullable(),
  /** a credit note that settles a dispute: the dispute */
  dispute_id: uuidSchema.nullable(),
  /** an invoice's three-way match (GET /api/invoices/{id}/match) in one word; null on a note */
  match_status: z.enum(['matched', 'exception']).nullable(),
  /** an invoice's terms, balance, payment status and payments (shared/schemas/payment.ts); null on a credit note */
  payment: invoicePaymentSchema.nullable().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** POST /api/invoices: the purchase order to invoice and, when it differs from the issue date, the date the goods were supplied. */
export const invoiceCreateSchema = z.strictObject({
  purchase_order_id: uuidSchema,
  /**
   * which quantities of which order lines; absent: what is received and accepted and not
   * yet invoiced, or, before any receipt, what is ordered and not yet invoiced
   */
  lines: z
    .array(z.strictObject({ purchase_order_line_id: uuidSchema, quantity: quantitySchema }))
    .min(1)
    .max(500)
    .superRefine(namedOnce('purchase_order_line_id'))
    .optional(),
  /** why more is invoiced than was received (required then: the buyer sees the invoice as an exception) */
  over_receipt_reason: optionalText(MAX.location),
  supply_date: dateSchema.optional(),
  /** the payment terms in days (0: on receipt); 30 when not given */
  payment_terms_days: paymentTermsSchema.optional(),
});
export type InvoiceCreate = z.infer<typeof invoiceCreateSchema>;

/**
 * POST /api/invoices/{id}/credit-notes: why, and which quantities of which lines (everything
 * left when absent). A line is named once: its quantity is what it is credited, so a line
 * named twice would be two claims on one remainder. Quantities follow the order's step
 * (quantitySchema), since an invoice line's quantity is an order line's.
 */
export const creditNoteCreateSchema = z.strictObject({
  reason: requiredText(MAX.location),
  lines: z
    .array(
      z.strictObject({
        invoice_line_id: uuidSchema,
        quantity: quantitySchema,
        /** a price credit: this much per unit of the quantity, before VAT (adjusts 'price'); absent, the quantity at the invoice's price */
        unit_price: z.number().min(0.01).max(999_999_999.99).multipleOf(0.01).optional(),
      }),
    )
    .min(1)
    .max(500)
    .superRefine(namedOnce('invoice_line_id'))
    .optional(),
});
export type CreditNoteCreate = z.infer<typeof creditNoteCreateSchema>;

/**
 * POST /api/invoices/{id}/debit-notes: why, and per invoice line either a quantity billed
 * short (at the line's price) or a unit price increase (the difference per unit, on the
 * line's quantity or the quantity given). A line is named once.
 */
export const debitNoteCreateSchema = z.strictObject({
  reason: requiredText(MAX.location),
  lines: z
    .array(
      z
        .strictObject({
          invoice_line_id: uuidSchema,
          quantity: quantitySchema.optional(),
          /** the increase per unit, before VAT */
          unit_price: z.number().min(0.01).max(999_999_999.99).multipleOf(0.01).optional(),
        })
        .refine((l) => l.quantity !== undefined || l.unit_price !== undefined, { message: 'quantity_or_unit_price', path: ['quantity'] }),
    )
    .min(1)
    .max(500)
    .superRefine(namedOnce('invoice_line_id')),
});
export type DebitNoteCreate = z.infer<typeof debitNoteCreateSchema>;

/** What an invoice's quantities and prices may stray from the order and the receipts and still read matched. */
export const MATCH_TOLERANCE = { quantity: 0, unit_price: 0.01 } as const;

/** Why a line of an invoice does not match. */
export const MATCH_EXCEPTIONS = ['not_received', 'over_received', 'price_above_order', 'rejected_invoiced'] as const;
export type MatchException = (typeof MATCH_EXCEPTIONS)[number];

/** GET /api/invoices/{id}/match: the three-way match of one invoice, line by line. */
export const invoiceMatchSchema = z.object({
  invoice_id: uuidSchema,
  purchase_order_id: uuidSchema,
  status: z.enum(['matched', 'exception']),
  /** the seller's reason when it invoiced more than was received */
  over_receipt_reason: z.string().nullable(),
  /** the buyer chose to pay it in exception: when, and who */
  exception_accepted_at: timestampSchema.nullable(),
  exception_accepted_by: z.string().nullable(),
  lines: z.array(
    z.object({
      invoice_line_id: uuidSchema,
      purchase_order_line_id: uuidSchema,
      position: z.number().int(),
      description: z.string(),
      unit: z.string(),
      ordered: z.number(),
      received: z.number(),
      rejected: z.number(),
      /** this invoice's quantity of the line */
      invoiced: z.number(),
      /** what the order's other live invoices billed of the line before */
      invoiced_before: z.number(),
      order_unit_price: z.number(),
      invoice_unit_price: z.number(),
      /** the invoice's amount less what the order's price and the accepted quantity allow, before VAT (0 when it matches) */
      difference: z.number(),
      exceptions: z.array(z.enum(MATCH_EXCEPTIONS)),
    }),
  ),
});
export type InvoiceMatch = z.infer<typeof invoiceMatchSchema>;

/**
 * How much of an invoice line a credit note may still take: what was invoiced less what
 * credit notes that were not rejected took, at the quantity's step and never below zero.
 * The server refuses more; the credit-note form offers this much.
 */
export const creditableQuantity = (invoiced: number, credited: number): number => Math.max(0, roundStock(invoiced - credited));

export const invoiceListQuerySchema = z.strictObject({
  as: z.enum(['buyer', 'seller']).optional(),
  kind: z.enum(INVOICE_KINDS).optional(),
  purchase_order_id: uuidSchema.optional(),
  ...paginationFields,
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** The purchase-order statuses a seller may invoice: the seller accepted it (received in part or whole, delivered and closed come after). */
const INVOICEABLE_STATUSES: readonly string[] = ['accepted', 'partially_received', 'received', 'delivered', 'closed'];
/**
 * What an order's transport says: `underway` when a transport company was assigned to move
 * the goods and the buyer has not confirmed that delivery yet. It no longer holds an
 * invoice back (see invoiceBlocker); the type stays for the screens that pass it.
 */
export interface OrderTransport {
  underway: boolean;
}

/**
 * Why a purchase order cannot be invoiced yet, or null when it can: the seller has not
 * accepted it. Goods on the road do not hold an invoice back any more: suppliers invoice
 * on dispatch, and the invoice's three-way match reads not_received until the receipts
 * catch up (delivery_unconfirmed is never returned; the union keeps older callers typed).
 * The server decides by it and the screens show the button by it.
 */
export function invoiceBlocker(po: { status: string }, _transport?: OrderTransport): 'not_accepted' | 'delivery_unconfirmed' | null {
  if (!INVOICEABLE_STATUSES.includes(po.status)) return 'not_accepted';
  return null;
}
