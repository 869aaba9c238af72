/**
 * The pieces of a UBL document as ZATCA's samples lay them out, written in canonical form
 * (C14N escaping, no self-closing tags): amounts in SAR with two decimals from halalas,
 * a party with its national address, a tax category, a quantity.
 */
import type { VatCategory } from '../../../../shared/vatex';
import type { InvoiceParty, NamedBuyer } from './invoice-types';

/** Halalas as SAR with two decimals ("1234.05", "-0.50"), exactly. */
export function sar(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`not a whole number of halalas: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const abs = Math.abs(halalas);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}


/** Text as C14N writes it. */
export const text = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
/** An attribute value as C14N writes it. */
export const attr = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');

export const amount = (name: string, halalas: number): string => `<cbc:${name} currencyID="SAR">${sar(halalas)}</cbc:${name}>`;

/** A simplified document's buyer: the name when one is given, nothing else (the party element itself is required). */
export function namedBuyer(p: NamedBuyer | undefined, indent: string): string {
  const i = (n: number) => `\n${indent}${'    '.repeat(n)}`;
  const name = p?.legalName.trim();
  const entity = name ? `${i(2)}<cac:PartyLegalEntity>${i(3)}<cbc:RegistrationName>${text(name)}</cbc:RegistrationName>${i(2)}</cac:PartyLegalEntity>` : '';
  return `<cac:AccountingCustomerParty>${i(1)}<cac:Party>${entity}${i(1)}</cac:Party>\n${indent}</cac:AccountingCustomerParty>`;
}

export function party(role: 'AccountingSupplierParty' | 'AccountingCustomerParty', p: InvoiceParty, indent: string): string {
  const i = (n: number) => `\n${indent}${'    '.repeat(n)}`;
  const a = p.address;
  return [
    `<cac:${role}>`,
    `${i(1)}<cac:Party>`,
    p.crNumber ? `${i(2)}<cac:PartyIdentification>${i(3)}<cbc:ID schemeID="CRN">${text(p.crNumber)}</cbc:ID>${i(2)}</cac:PartyIdentification>` : '',
    `${i(2)}<cac:PostalAddress>`,
    `${i(3)}<cbc:StreetName>${text(a.street)}</cbc:StreetName>`,
    `${i(3)}<cbc:BuildingNumber>${text(a.buildingNumber)}</cbc:BuildingNumber>`,
    a.additionalNumber ? `${i(3)}<cbc:PlotIdentification>${text(a.additionalNumber)}</cbc:PlotIdentification>` : '',
    `${i(3)}<cbc:CitySubdivisionName>${text(a.district)}</cbc:CitySubdivisionName>`,
    `${i(3)}<cbc:CityName>${text(a.city)}</cbc:CityName>`,
    `${i(3)}<cbc:PostalZone>${text(a.postalCode)}</cbc:PostalZone>`,
    `${i(3)}<cac:Country>${i(4)}<cbc:IdentificationCode>SA</cbc:IdentificationCode>${i(3)}</cac:Country>`,
    `${i(2)}</cac:PostalAddress>`,
    `${i(2)}<cac:PartyTaxScheme>`,
    p.vatNumber ? `${i(3)}<cbc:CompanyID>${text(p.vatNumber)}</cbc:CompanyID>` : '',
    `${i(3)}<cac:TaxScheme>${i(4)}<cbc:ID>VAT</cbc:ID>${i(3)}</cac:TaxScheme>`,
    `${i(2)}</cac:PartyTaxScheme>`,
    `${i(2)}<cac:PartyLegalEntity>${i(3)}<cbc:RegistrationName>${text(p.legalName)}</cbc:RegistrationName>${i(2)}</cac:PartyLegalEntity>`,
    `${i(1)}</cac:Party>`,
    `\n${indent}</cac:${role}>`,
  ].join('');
}

export const taxCategory = (element: 'TaxCategory' | 'ClassifiedTaxCategory', g: { category: VatCategory; percent: number; reasonCode?: string; reasonText?: string }, indent: string): string => {
  const i = (n: number) => `\n${indent}${'    '.repeat(n)}`;
  return [
    `<cac:${element}>`,
    `${i(1)}<cbc:ID>${g.category}</cbc:ID>`,
    `${i(1)}<cbc:Percent>${g.percent.toFixed(2)}</cbc:Percent>`,
    g.reasonCode ? `${i(1)}<cbc:TaxExemptionReasonCode>${text(g.reasonCode)}</cbc:TaxExemptionReasonCode>` : '',
    g.reasonText ? `${i(1)}<cbc:TaxExemptionReason>${text(g.reasonText)}</cbc:TaxExemptionReason>` : '',
    `${i(1)}<cac:TaxScheme>${i(2)}<cbc:ID>VAT</cbc:ID>${i(1)}</cac:TaxScheme>`,
    `\n${indent}</cac:${element}>`,
  ].join('');
};

/**
 * A quantity as a plain decimal ("2", "2.5"): positive, at most the one decimal quantities
 * are kept at, so the printed quantity times the price is the line amount computed.
 */
export const quantity = (q: number): string => {
  const tenths = Math.round(q * 10);
  if (!(q > 0) || !Number.isFinite(q) || Math.abs(tenths - q * 10) > 1e-6) throw new RangeError(`a line's quantity must be positive with at most one decimal: ${q}`);
  return String(tenths / 10);
};
