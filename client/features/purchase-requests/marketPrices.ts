/**
 * The market's median unit price the device already holds: the RFQs it has pulled carry,
 * per line, what other companies agreed to pay lately for that category and unit
 * (shared/schemas/rfq.ts's market_price, as of when each row was read). A request's line
 * from a budget line of that category and unit starts from it; nothing is asked of the
 * server for it, so it works offline, and a pair no RFQ on the device names gets no price.
 */
import { useMemo } from 'react';
import type { EntityRows } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

const keyOf = (categoryId: string, unit: string) => `${categoryId}\n${unit.trim().toLowerCase()}`;

/** The median per category and unit, from the most recently read RFQ that has one. */
export function marketMedians(rfqs: ReadonlyArray<Pick<EntityRows['rfq'], 'lines' | 'updated_at'>>): Map<string, number> {
  const out = new Map<string, { median: number; at: string }>();
  for (const rfq of rfqs) {
    for (const line of rfq.lines) {
      const median = line.market_price?.median;
      if (!line.category_id || median == null) continue;
      const key = keyOf(line.category_id, line.unit);
      const known = out.get(key);
      if (!known || known.at < rfq.updated_at) out.set(key, { median, at: rfq.updated_at });
    }
  }
  return new Map([...out].map(([k, v]) => [k, v.median]));
}

/** A lookup of the market median by category and unit (null: none known on the device). */
export function useMarketMedian(): (categoryId: string | null, unit: string) => number | null {
  const { db } = useLocalData();
  const rfqs = useLiveQuery(async () => db.rfqs.toArray(), [db]);
  return useMemo(() => {
    const medians = marketMedians(rfqs ?? []);
    return (categoryId, unit) => (categoryId ? (medians.get(keyOf(categoryId, unit)) ?? null) : null);
  }, [rfqs]);
}
