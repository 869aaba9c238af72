/**
 * The bid form: amount (SAR, 0.01 steps), proposal, and optional days to complete (a
 * whole number from 1), typed in Western or Arabic-Indic digits and checked by the shared
 * schema the server parses too.
 */
import { bidCreateSchema } from '../../../shared/schemas/bid';
import type { Bid } from '../../../shared/schemas/bid';
import { issuesToErrors, parseNumber, type FieldErrors } from '../../ui/formInput';
import type { ProjectsFormError } from './projectForm';

export const BID_FIELDS = ['amount', 'estimated_completion_days', 'proposal'] as const;
type BidField = (typeof BID_FIELDS)[number];
export type BidValues = Record<BidField, string>;
export type BidErrors = FieldErrors<BidField, ProjectsFormError>;

export interface BidInput {
  project_id: string;
  amount: number;
  proposal: string;
  estimated_completion_days: number | null;
}

export const bidValuesFrom = (bid: Bid | null | undefined): BidValues => ({
  amount: bid ? String(bid.amount) : '',
  estimated_completion_days: bid?.estimated_completion_days != null ? String(bid.estimated_completion_days) : '',
  proposal: bid?.proposal ?? '',
});

/** Field errors (message keys of projects:errors) and the input when valid. */
export function validateBid(values: BidValues, projectId: string): { errors: BidErrors; input?: BidInput } {
  const input = {
    project_id: projectId,
    amount: parseNumber(values.amount) ?? Number.NaN,
    proposal: values.proposal,
    estimated_completion_days: parseNumber(values.estimated_completion_days),
  };
  const result = bidCreateSchema.safeParse(input);
  if (result.success) return { errors: {}, input };
  return {
    errors: issuesToErrors(result.error.issues, BID_FIELDS, {
      blank: (f) => values[f].trim() === '',
      fallback: { amount: 'amount', estimated_completion_days: 'days' },
    }),
  };
}
