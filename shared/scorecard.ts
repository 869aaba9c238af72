/**
 * What a scorecard shows of what was measured: each figure only when SCORECARD_MIN_DEALS
 * deals (or quotes, for the quoting time) stand behind it. The server applies it when it
 * stores a scorecard, so REST, the comparison and the sync feed all carry the same row.
 */
import { SCORECARD_MIN_DEALS, type Scorecard, type ScorecardWindow } from './schemas/scorecard';

/** The figures as measured, with the count each rests on. */
export interface MeasuredScorecard {
  window: ScorecardWindow;
  deals: number;
  on_time: { rate: number | null; deals: number };
  fill: { rate: number | null; deals: number };
  rejection: { rate: number | null; deals: number };
  price: { percent: number | null; deals: number };
  quote_hours: { median: number | null; quotes: number };
  disputes: { opened: number; for_buyer: number; for_seller: number };
}

const enough = (n: number) => n >= SCORECARD_MIN_DEALS;
const round = (x: number | null, places: number) => (x == null ? null : Math.round(x * 10 ** places) / 10 ** places);

export function scorecardOf(m: MeasuredScorecard): Scorecard {
  const shown = enough(m.deals);
  return {
    window: m.window,
    deals: m.deals,
    on_time_rate: enough(m.on_time.deals) ? round(m.on_time.rate, 4) : null,
    fill_rate: enough(m.fill.deals) ? round(m.fill.rate, 4) : null,
    rejection_rate: enough(m.rejection.deals) ? round(m.rejection.rate, 4) : null,
    price_vs_median_percent: enough(m.price.deals) ? round(m.price.percent, 1) : null,
    median_quote_hours: enough(m.quote_hours.quotes) ? round(m.quote_hours.median, 1) : null,
    disputes: {
      opened: shown ? m.disputes.opened : null,
      for_buyer: shown ? m.disputes.for_buyer : null,
      for_seller: shown ? m.disputes.for_seller : null,
    },
  };
}

/** A company with no measured deal yet: every figure empty. */
export const emptyScorecard = (window: ScorecardWindow): Scorecard => ({
  window,
  deals: 0,
  on_time_rate: null,
  fill_rate: null,
  rejection_rate: null,
  price_vs_median_percent: null,
  median_quote_hours: null,
  disputes: { opened: null, for_buyer: null, for_seller: null },
});
