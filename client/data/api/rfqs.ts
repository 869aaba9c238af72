/**
 * The market prices beside an RFQ's lines, read online (GET /api/rfqs/{id}/comparison):
 * what other companies agreed lately per category and unit, as of now. The comparison
 * itself is computed on the device from the synced RFQ and quotes (shared/rfq.ts), so it
 * opens offline; the market prices the rows carry stand in until this answers.
 */
import { z } from 'zod';
import { rfqComparisonSchema, type MarketPrice } from '../../../shared/schemas/rfq';
import { api } from './client';
import { useRemote } from '../useRemote';

/**
 * The comparison's answer as far as its market prices: checking every quote's cell of a
 * 200-line request took about 30 ms on a slow phone, for prices the device has already
 * compared.
 */
const marketPricesSchema = z.object({ lines: z.array(rfqComparisonSchema.shape.lines.element.pick({ rfq_line_id: true, market_price: true })) });

/** Market prices by RFQ line id; `version` reloads them (the quotes changed). */
export function useMarketPrices(rfqId: string, enabled: boolean, version: string) {
  return useRemote<Record<string, MarketPrice | null> | null>(async () => {
    if (!enabled) return null;
    const comparison = marketPricesSchema.parse((await api.get<unknown>(`/api/rfqs/${encodeURIComponent(rfqId)}/comparison`)).data);
    return Object.fromEntries(comparison.lines.map((l) => [l.rfq_line_id, l.market_price]));
  }, [rfqId, enabled, version]);
}
