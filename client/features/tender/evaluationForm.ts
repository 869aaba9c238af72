/**
 * The owner's technical evaluation of a two-envelope tender: one verdict per technical
 * envelope, a fail with its reason (the bidder reads it), checked by the shared schema the
 * server parses too. The server takes it only whole (a verdict for every live bid), so the
 * form asks for every one before it is sent.
 */
import { technicalEvaluationSchema, type TechnicalEvaluation } from '../../../shared/schemas/tender';

export interface Verdict {
  pass: boolean | null;
  reason: string;
}
export type Verdicts = Readonly<Record<string, Verdict>>;
/** Message keys of tender:envelopes, per bid in error. */
export type EvaluationErrors = Record<string, 'chooseAll' | 'reasonRequired' | 'reasonInvalid'>;

export function validateEvaluation(bidIds: readonly string[], verdicts: Verdicts): { errors: EvaluationErrors; results?: TechnicalEvaluation['results'] } {
  const errors: EvaluationErrors = {};
  const results: TechnicalEvaluation['results'] = [];
  for (const bidId of bidIds) {
    const verdict = verdicts[bidId];
    if (!verdict || verdict.pass === null) errors[bidId] = 'chooseAll';
    else if (verdict.pass) results.push({ bid_id: bidId, pass: true });
    else if (!verdict.reason.trim()) errors[bidId] = 'reasonRequired';
    else results.push({ bid_id: bidId, pass: false, reason: verdict.reason.trim() });
  }
  if (Object.keys(errors).length || !bidIds.length) return { errors };
  const parsed = technicalEvaluationSchema.safeParse({ results });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const at = issue.path[1];
      const bidId = typeof at === 'number' ? results[at]?.bid_id : undefined;
      if (bidId) errors[bidId] = 'reasonInvalid';
    }
    return { errors };
  }
  return { errors, results };
}
