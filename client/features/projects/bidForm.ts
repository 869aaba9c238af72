/**
 * The bid form: amount (SAR, 0.01 steps), proposal, and optional days to complete (a
 * whole number from 1), typed in Western or Arabic-Indic digits and checked by the shared
 * schema the server parses too. On a two-envelope tender the technical envelope comes
 * with it (its text, or at least one file: files are uploaded first, as bid documents, and
 * the bid names them); on a tender that asks for a bid bond, the bond (its guarantee
 * letter, number, bank and expiry), all of it or none: a bid without one is taken and
 * marked at the opening, so a bond is never required here.
 */
import { bidCreateSchema } from '../../../shared/schemas/bid';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import { riyadhDay } from '../../../shared/riyadh';
import { BID_VALIDITY_DAYS, bidBondCompliant } from '../../../shared/tender';
import { issuesToErrors, parseNumber, type FieldErrors } from '../../ui/formInput';
import type { ProjectsFormError } from './projectForm';

export const BID_FIELDS = ['amount', 'estimated_completion_days', 'proposal', 'technical_text', 'bond_document', 'bond_number', 'bond_bank', 'bond_expires_on'] as const;
type BidField = (typeof BID_FIELDS)[number];
/** Text per field; bond_document is the id of the uploaded guarantee letter ('' before one). */
export type BidValues = Record<BidField, string>;
export type BidErrors = FieldErrors<BidField, ProjectsFormError>;

export interface BidInput {
  project_id: string;
  amount: number;
  proposal: string;
  estimated_completion_days: number | null;
  technical?: { text?: string; document_ids: string[] };
  bid_bond?: { document_id: string; number: string; bank: string; expires_on: string };
}

/** What of the tender shapes the form: its envelopes, whether it asks for a bond, when its bidding closes. */
export type BidTender = Pick<Project, 'id' | 'envelopes' | 'bid_bond_percent' | 'opens_at'>;

export const bidValuesFrom = (bid: Bid | null | undefined): BidValues => ({
  amount: bid ? String(bid.amount) : '',
  estimated_completion_days: bid?.estimated_completion_days != null ? String(bid.estimated_completion_days) : '',
  proposal: bid?.proposal ?? '',
  technical_text: bid?.technical?.text ?? '',
  bond_document: bid?.bid_bond?.document_id ?? '',
  bond_number: bid?.bid_bond?.number ?? '',
  bond_bank: bid?.bid_bond?.bank ?? '',
  bond_expires_on: bid?.bid_bond?.expires_on ?? '',
});

/**
 * The last day a bid must hold (and its bond with it): the Riyadh day its bidding closes
 * and BID_VALIDITY_DAYS more, the day shared/tender.ts bidBondCompliant holds a bond to.
 * Null for a tender without a deadline until its owner closes the bidding.
 */
export function bidValidUntil(opensAt: string | null): string | null {
  if (!opensAt) return null;
  const closingDay = riyadhDay(Date.parse(opensAt) - 1);
  return new Date(Date.parse(`${closingDay}T00:00:00Z`) + BID_VALIDITY_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** Whether a bond expiring on `expiresOn` would be marked non-compliant at the opening (it ends before the bid validity). */
export function bondExpiresEarly(tender: Pick<BidTender, 'opens_at'>, expiresOn: string): boolean {
  return !!tender.opens_at && /^\d{4}-\d{2}-\d{2}$/.test(expiresOn) && !bidBondCompliant({ expires_on: expiresOn }, tender.opens_at);
}

/** The form's field of a schema issue inside the technical envelope or the bond. */
const NESTED: Record<string, BidField> = {
  'technical.text': 'technical_text',
  'technical.document_ids': 'technical_text',
  'technical': 'technical_text',
  'bid_bond.document_id': 'bond_document',
  'bid_bond.number': 'bond_number',
  'bid_bond.bank': 'bond_bank',
  'bid_bond.expires_on': 'bond_expires_on',
};

/**
 * Field errors (message keys of projects:errors) and the input when valid. `documents`:
 * the ids of the technical envelope's uploaded files.
 */
export function validateBid(values: BidValues, tender: BidTender, documents: readonly string[] = []): { errors: BidErrors; input?: BidInput } {
  const text = values.technical_text.trim();
  const bondGiven = [values.bond_document, values.bond_number, values.bond_bank, values.bond_expires_on].some((v) => v.trim() !== '');
  const input: BidInput = {
    project_id: tender.id,
    amount: parseNumber(values.amount) ?? Number.NaN,
    proposal: values.proposal,
    estimated_completion_days: parseNumber(values.estimated_completion_days),
    ...(tender.envelopes === 2 ? { technical: { ...(text ? { text: values.technical_text } : {}), document_ids: [...documents] } } : {}),
    ...(tender.bid_bond_percent !== null && bondGiven
      ? { bid_bond: { document_id: values.bond_document, number: values.bond_number.trim(), bank: values.bond_bank.trim(), expires_on: values.bond_expires_on } }
      : {}),
  };
  const errors: BidErrors = {};
  if (tender.envelopes === 2 && !text && !documents.length) errors.technical_text = 'technicalRequired';
  if (input.bid_bond) {
    // A bond is all of it or none: a part of one is not a bond the opening can check.
    if (!values.bond_document) errors.bond_document = 'bondDocument';
    for (const f of ['bond_number', 'bond_bank', 'bond_expires_on'] as const) if (!values[f].trim()) errors[f] = 'required';
  }
  const result = bidCreateSchema.safeParse(input);
  if (result.success && !Object.keys(errors).length) return { errors: {}, input };
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => {
        const path = issue.path.map(String);
        const nested = NESTED[path.slice(0, 2).join('.')] ?? NESTED[path[0]];
        return nested ? { ...issue, path: [nested] } : issue;
      });
  return {
    errors: {
      ...issuesToErrors(issues, BID_FIELDS, {
        blank: (f) => values[f].trim() === '',
        fallback: { amount: 'amount', estimated_completion_days: 'days', bond_expires_on: 'invalid', bond_document: 'bondDocument' },
      }),
      ...errors,
    },
  };
}
