/**
 * ZATCA's exemption reasons (the VATEX code list of the e-invoicing XML implementation
 * standard, 11.2.4; the codes BR-KSA-69 and BR-KSA-83 check in
 * shared/standards/zatca/rules): each code belongs to one VAT category, zero-rated (Z)
 * or exempt (E), and ZATCA's rules want the reason text beside it to be ZATCA's own text
 * for that code, so a line's reason is chosen by its code alone and the text follows.
 * Used by the order's rate (shared/schemas/vat-exemption.ts), the document writer and the
 * forms.
 */
import { VAT_RATE } from './vat';

export const VATEX = {
  'VATEX-SA-29': { category: 'E', text: 'Financial services mentioned in Article 29 of the VAT Regulations' },
  'VATEX-SA-29-7': { category: 'E', text: 'Life insurance services mentioned in Article 29 of the VAT Regulations' },
  'VATEX-SA-30': { category: 'E', text: 'Real estate transactions mentioned in Article 30 of the VAT Regulations' },
  'VATEX-SA-32': { category: 'Z', text: 'Export of goods' },
  'VATEX-SA-33': { category: 'Z', text: 'Export of services' },
  'VATEX-SA-34-1': { category: 'Z', text: 'The international transport of Goods' },
  'VATEX-SA-34-2': { category: 'Z', text: 'international transport of passengers' },
  'VATEX-SA-34-3': { category: 'Z', text: 'services directly connected and incidental to a Supply of international passenger transport' },
  'VATEX-SA-34-4': { category: 'Z', text: 'Supply of a qualifying means of transport' },
  'VATEX-SA-34-5': { category: 'Z', text: 'Any services relating to Goods or passenger transportation, as defined in article twenty five of these Regulations' },
  'VATEX-SA-35': { category: 'Z', text: 'Medicines and medical equipment' },
  'VATEX-SA-36': { category: 'Z', text: 'Qualifying metals' },
  'VATEX-SA-EDU': { category: 'Z', text: 'Private education to citizen' },
  'VATEX-SA-HEA': { category: 'Z', text: 'Private healthcare to citizen' },
  'VATEX-SA-MLTRY': { category: 'Z', text: 'supply of qualified military goods' },
} as const satisfies Record<string, { category: 'Z' | 'E'; text: string }>;

export type VatexCode = keyof typeof VATEX;

/**
 * The reasons a seller may give an order's line: the zero rates of goods supplied inside
 * the Kingdom (a qualifying means of transport, medicines and medical equipment, qualifying
 * metals, qualified military goods). Every order here is delivered to a site in the Kingdom,
 * so the export and international-transport codes (32, 33, 34-1 to 34-3, 34-5) would only
 * let a seller drop the 15 % of a domestic sale; the exemptions (29, 29-7, 30) are
 * financial and real-estate services, not goods; a citizen's private education and
 * healthcare (EDU, HEA) BR-KSA-49 ties to the buyer's national ID, which a company buying
 * here does not state.
 */
const ORDER_CODES = ['VATEX-SA-34-4', 'VATEX-SA-35', 'VATEX-SA-36', 'VATEX-SA-MLTRY'] as const satisfies readonly VatexCode[];
export type OrderVatexCode = (typeof ORDER_CODES)[number];
export const ORDER_VATEX_CODES: readonly OrderVatexCode[] = ORDER_CODES;

/** A line's VAT category: standard rated, zero-rated or exempt. */
export type VatCategory = 'S' | 'Z' | 'E';
export const VAT_CATEGORY_CODES = ['S', 'Z', 'E'] as const satisfies readonly VatCategory[];

/** The VAT rate of a category: the standard rate on a standard-rated line, none on a zero-rated or exempt one. */
export const vatRateOf = (category: VatCategory): number => (category === 'S' ? VAT_RATE : 0);

/** What an order's line and its invoice line keep of the VAT its seller stated. */
export interface LineVat {
  vat_category: VatCategory;
  vat_rate: number;
  exemption_reason_code: VatexCode | null;
  /** ZATCA's text for the code (BR-KSA-83 wants that text, not the seller's own words) */
  exemption_reason: string | null;
}

/**
 * The rate and the reason of a line stated as `category` with `code`: 15 % with no reason,
 * or 0 % with the code and ZATCA's text. A zero-rated or exempt line without a code of its
 * category is a caller's error here (the schemas refuse it first: checkVatTreatment).
 */
export function lineVat(category: VatCategory = 'S', code: VatexCode | null = null): LineVat {
  if (category === 'S') {
    if (code) throw new Error(`a standard-rated line has no exemption reason: ${code}`);
    return { vat_category: 'S', vat_rate: vatRateOf('S'), exemption_reason_code: null, exemption_reason: null };
  }
  if (!code || VATEX[code].category !== category) throw new Error(`a ${category} line needs a VATEX code of its category, not ${code}`);
  return { vat_category: category, vat_rate: vatRateOf(category), exemption_reason_code: code, exemption_reason: VATEX[code].text };
}
