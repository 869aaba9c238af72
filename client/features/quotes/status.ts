/**
 * What the supplier's inbox shows of an RFQ at a moment: its phase by the shared rule
 * (rfqPhase: an open RFQ past its closing time is closed on this device too, even before
 * the server says so), the state of their own quote, and the inbox's order.
 */
import { rfqPhase } from '../../../shared/rfq';
import type { Rfq, RfqQuote, RfqStatus } from '../../../shared/schemas/rfq';

export const phaseAt = (rfq: Pick<Rfq, 'status' | 'closes_at'>, now: number): RfqStatus => rfqPhase(rfq, new Date(now));

/** The supplier's side of an RFQ: not quoted, quoted (submitted), won or lost. */
type MyQuoteState = 'none' | RfqQuote['status'];
export const myQuoteState = (quote: Pick<RfqQuote, 'status'> | null): MyQuoteState => quote?.status ?? 'none';

/** Open RFQs first, the soonest to close on top (they need an answer first); then the rest, the latest closed on top. */
export function inboxOrder<T extends { rfq: Pick<Rfq, 'status' | 'closes_at' | 'created_at'> }>(rows: readonly T[], now: number): T[] {
  const open = (r: T) => phaseAt(r.rfq, now) === 'open';
  const closes = (r: T) => Date.parse(r.rfq.closes_at);
  return [...rows].sort((a, b) => {
    if (open(a) !== open(b)) return open(a) ? -1 : 1;
    return open(a) ? closes(a) - closes(b) : closes(b) - closes(a) || Date.parse(b.rfq.created_at) - Date.parse(a.rfq.created_at);
  });
}
