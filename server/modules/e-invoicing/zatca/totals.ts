/**
 * A document's amounts by one rounding rule, half away from zero to the halala
 * (shared/vat.ts), applied where ZATCA and EN 16931 put it:
 * - a line's net amount is quantity × unit price rounded, and its VAT that amount × rate
 *   rounded (KSA-11, with KSA-12 their sum);
 * - a VAT category's amount is the category's taxable total × rate rounded (BR-S-09),
 *   not the sum of its lines' VAT, which can be several halalas away on many lines;
 * - the document's VAT is the sum of its categories, its totals the sums of the above.
 * A zero-rated or exempt line states a reason of its own category (BR-KSA-69).
 */
import { exemptionReasonRequired } from '../../../../shared/errors';
import { lineAmounts, vatOn } from '../../../../shared/vat';
import { VATEX, vatRateOf, type VatCategory, type VatexCode } from '../../../../shared/vatex';
import type { InvoiceLine } from './invoice-types';

/** A category's VAT rate in percent, as the document prints it (15, 0). */
const percentOf = (category: VatCategory): number => Math.round(vatRateOf(category) * 10_000) / 100;

const toHalalas = (amountSar: number): number => Math.round(amountSar * 100);

/** @public */
export interface ComputedLine extends InvoiceLine {
  /** halalas */
  net: number;
  vat: number;
  percent: number;
  reasonText: string | undefined;
}

/** @public */
export interface VatBreakdown {
  category: VatCategory;
  percent: number;
  reasonCode: string | undefined;
  reasonText: string | undefined;
  taxable: number;
  vat: number;
}

export interface InvoiceTotals {
  lines: ComputedLine[];
  breakdown: VatBreakdown[];
  /** sum of line net amounts (BT-106 = BT-109, no document allowances) */
  net: number;
  vat: number;
  /** with VAT (BT-112 = BT-115) */
  total: number;
}

function reasonOf(line: InvoiceLine, n: number): string | undefined {
  if (line.vatCategory === 'S') {
    if (line.exemptionReasonCode) throw new Error(`a standard-rated line has no exemption reason: ${line.name}`);
    return undefined;
  }
  const code = line.exemptionReasonCode;
  const known = code && Object.hasOwn(VATEX, code) ? VATEX[code as VatexCode] : undefined;
  // BR-KSA-69 and the VATEX list: a Z or E line states a reason code of its own category.
  if (!code || !known || known.category !== line.vatCategory) throw exemptionReasonRequired(`lines.${n}.exemption_reason_code`);
  return line.exemptionReason ?? known.text;
}

/** Line amounts, the VAT breakdown and the totals, in halalas, by the rounding rule above. */
export function invoiceTotals(lines: ReadonlyArray<InvoiceLine>): InvoiceTotals {
  const computed = lines.map((line, n): ComputedLine => {
    const percent = percentOf(line.vatCategory);
    const { line_total, vat_amount } = lineAmounts(line.quantity, line.unitPrice / 100, percent / 100);
    return { ...line, net: toHalalas(line_total), vat: toHalalas(vat_amount), percent, reasonText: reasonOf(line, n) };
  });
  const groups = new Map<string, VatBreakdown>();
  for (const line of computed) {
    const key = `${line.vatCategory}|${line.exemptionReasonCode ?? ''}`;
    const group = groups.get(key) ?? {
      category: line.vatCategory,
      percent: line.percent,
      reasonCode: line.exemptionReasonCode,
      reasonText: line.reasonText,
      taxable: 0,
      vat: 0,
    };
    group.taxable += line.net;
    groups.set(key, group);
  }
  const breakdown = [...groups.values()].map((g) => ({
    ...g,
    // The category's VAT on its taxable total, rounded once: the one document rule of shared/vat.ts.
    vat: toHalalas(vatOn(g.taxable / 100, g.percent / 100)),
  }));
  const net = computed.reduce((s, l) => s + l.net, 0);
  const vat = breakdown.reduce((s, g) => s + g.vat, 0);
  return { lines: computed, breakdown, net, vat, total: net + vat };
}
