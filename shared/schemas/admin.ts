/**
 * Admin: the user list, the owner badge, the user patch (the admin flag) and the list
 * query of the admin tabs. Products and projects use their own row schemas. Purchase
 * orders, tax invoices and payments are read-only rows of their own: the platform's view
 * of the money moving on it (who, how much, where it stands), not the parties' documents.
 */
import { z } from 'zod';
import {
  AT_LEAST_ONE_FIELD,
  atLeastOneField,
  paginationFields,
  searchQueryField,
  timestampSchema,
  uuidSchema,
} from './common';
import { invoiceSchema } from './invoice';
import { paymentSchema } from './payment';
import { roleSchema, verificationTierSchema } from './profile';
import { purchaseOrderSchema } from './purchase-order';

/** GET /api/admin/users. role and tier are null for a user who has not done setup. */
export const adminUserSchema = z.object({
  id: uuidSchema,
  email: z.string(),
  name: z.string().nullable(),
  is_admin: z.boolean(),
  is_owner: z.boolean(),
  role: roleSchema.nullable(),
  company_name: z.string().nullable(),
  verification_tier: verificationTierSchema.nullable(),
  created_at: timestampSchema,
  /** Their company's suspension by an admin (a company's founder's row), null when not suspended. */
  suspended_at: timestampSchema.nullable().optional(),
  suspension_reason: z.string().nullable().optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/owner-status. */
export const ownerStatusSchema = z.object({ isOwner: z.boolean() });

/**
 * PATCH /api/admin/users/:user_id. The verification tier is not here: a company earns it
 * (shared/tiers.ts), so a patch naming it is refused as an unknown field.
 */
export const adminUserPatchSchema = z
  .strictObject({
    is_admin: z.boolean().optional(),
  })
  .refine(atLeastOneField, { message: AT_LEAST_ONE_FIELD });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** GET /api/admin/users, /products, /projects, /quick-signups: search and page. */
export const adminListQuerySchema = z.strictObject({
  search: searchQueryField,
  ...paginationFields,
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** The statuses each money list filters by: an order's, a document's with ZATCA, a payment's. */
const purchaseOrderStatusSchema = purchaseOrderSchema.shape.status;
const invoiceStatusSchema = invoiceSchema.shape.status;
const paymentStatusSchema = paymentSchema.shape.status;

/** GET /api/admin/purchase-orders: search by number, title or party; one status or all. */
export const adminPurchaseOrderQuerySchema = z.strictObject({ ...adminListQuerySchema.shape, status: purchaseOrderStatusSchema.optional() });
/** GET /api/admin/invoices: search by number or party; one status or all. */
export const adminInvoiceQuerySchema = z.strictObject({ ...adminListQuerySchema.shape, status: invoiceStatusSchema.optional() });
/** GET /api/admin/payments: search by invoice number, reference or party; one status or all. */
export const adminPaymentQuerySchema = z.strictObject({ ...adminListQuerySchema.shape, status: paymentStatusSchema.optional() });
export type AdminPurchaseOrderQuery = z.infer<typeof adminPurchaseOrderQuerySchema>;
export type AdminInvoiceQuery = z.infer<typeof adminInvoiceQuerySchema>;
export type AdminPaymentQuery = z.infer<typeof adminPaymentQuerySchema>;

export const adminPurchaseOrderSchema = z.object({
  id: uuidSchema,
  number: z.string(),
  title: z.string(),
  buyer_name: z.string().nullable(),
  seller_name: z.string().nullable(),
  total: z.number(),
  status: purchaseOrderStatusSchema,
  issued_at: timestampSchema,
});
export type AdminPurchaseOrder = z.infer<typeof adminPurchaseOrderSchema>;

/** A tax invoice or credit note; the parties' names as the document states them. */
export const adminInvoiceSchema = z.object({
  id: uuidSchema,
  kind: invoiceSchema.shape.kind,
  number: z.string(),
  seller_name: z.string().nullable(),
  buyer_name: z.string().nullable(),
  total: z.number(),
  status: invoiceStatusSchema,
  issued_at: timestampSchema,
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

/** A payment against an invoice: who paid whom, how, and whether the seller confirmed it. */
export const adminPaymentSchema = z.object({
  id: uuidSchema,
  invoice_id: uuidSchema,
  invoice_number: z.string(),
  payer_name: z.string().nullable(),
  payee_name: z.string().nullable(),
  method: paymentSchema.shape.method,
  amount: z.number(),
  refunded: z.number(),
  status: paymentStatusSchema,
  paid_on: paymentSchema.shape.paid_on,
  reference: z.string(),
  created_at: timestampSchema,
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
