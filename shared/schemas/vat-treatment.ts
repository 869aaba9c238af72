/**
 * The VAT a seller states on what it sells: standard rated (15 %), or zero-rated or
 * exempt with ZATCA's reason code (VATEX, shared/vatex.ts). The seller states it with its
 * price (an instant-order offer), because the VAT treatment of a supply is the seller's to
 * declare and answer for; the order line and the tax invoice then carry it as stated.
 * A zero rate never travels without its reason: ZATCA refuses a Z or E line without one
 * (BR-KSA-69), so the door refuses it first, with 400.
 */
import { z } from 'zod';
import { ORDER_VATEX_CODES, VATEX, VAT_CATEGORY_CODES, type VatCategory, type VatexCode } from '../vatex';

/** Why a treatment is refused, as each issue's message. */
const EXEMPTION_REASON_REQUIRED = 'exemption_reason_required';
const EXEMPTION_REASON_NOT_ALLOWED = 'exemption_reason_not_allowed';
const EXEMPTION_REASON_OTHER_CATEGORY = 'exemption_reason_other_category';

/** The fields of a body that states a VAT treatment; absent, the line is standard rated. */
export const vatTreatmentFields = {
  vat_category: z.enum(VAT_CATEGORY_CODES).default('S'),
  exemption_reason_code: z
    .enum(ORDER_VATEX_CODES as [VatexCode, ...VatexCode[]])
    .nullable()
    .optional(),
};

/**
 * A zero-rated or exempt line names a reason of its own category; a standard-rated one
 * names none. For a body's superRefine.
 */
export function checkVatTreatment(v: { vat_category: VatCategory; exemption_reason_code?: VatexCode | null }, ctx: z.RefinementCtx): void {
  const code = v.exemption_reason_code ?? null;
  const path = ['exemption_reason_code'];
  if (v.vat_category === 'S') {
    if (code) ctx.addIssue({ code: 'custom', message: EXEMPTION_REASON_NOT_ALLOWED, path });
  } else if (!code) ctx.addIssue({ code: 'custom', message: EXEMPTION_REASON_REQUIRED, path });
  else if (VATEX[code].category !== v.vat_category) ctx.addIssue({ code: 'custom', message: EXEMPTION_REASON_OTHER_CATEGORY, path });
}
