/**
 * A supplier's requests for quotation from the local store: the RFQs addressed to them
 * (the server's policy decides which reach this device) and their own quote on each.
 * The quote is read from the quotes table first, where a quote written offline lands,
 * then from the RFQ row's my_quote, as the server presents it.
 */
import type { Rfq, RfqQuote } from '../../../shared/schemas/rfq';
import { rowKey, type LocalProduct, type RowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export const rfqKey = (id: string): RowKey => rowKey('rfq', id);
export const quoteKey = (id: string): RowKey => rowKey('rfq_quote', id);

export interface RfqWithQuote {
  rfq: Rfq;
  /** this supplier's quote, if they quoted */
  quote: RfqQuote | null;
}

function withQuotes(rfqs: readonly Rfq[], quotes: readonly RfqQuote[]): RfqWithQuote[] {
  const byRfq = new Map(quotes.map((q) => [q.rfq_id, q]));
  return rfqs.map((rfq) => ({ rfq, quote: byRfq.get(rfq.id) ?? rfq.my_quote ?? null }));
}

/** Every RFQ on this supplier's device, each with their own quote. */
export function useSupplierRfqs(supplierId: string): RfqWithQuote[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const [rfqs, quotes] = await Promise.all([db.rfqs.toArray(), db.rfq_quotes.where('supplier_id').equals(supplierId).toArray()]);
    return withQuotes(rfqs, quotes);
  }, [db, supplierId]);
}

export interface QuoteContext extends RfqWithQuote {
  /** the supplier's own products, the price list the form prefills from */
  own: LocalProduct[];
  /** SKUs of the catalogue products the lines name (another supplier's, when the device holds them) */
  skus: Map<string, string | null>;
}

/** One RFQ with what its quote form needs; null when the device does not hold it. */
export function useQuoteContext(rfqId: string, supplierId: string): QuoteContext | null | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const rfq = await db.rfqs.get(rfqId);
    if (!rfq) return null;
    const productIds = [...new Set(rfq.lines.flatMap((l) => (l.product_id ? [l.product_id] : [])))];
    const [quotes, own, named] = await Promise.all([
      db.rfq_quotes.where('rfq_id').equals(rfqId).toArray(),
      db.products.where('supplier_id').equals(supplierId).toArray(),
      db.products.bulkGet(productIds),
    ]);
    const [withQuote] = withQuotes([rfq], quotes.filter((q) => q.supplier_id === supplierId));
    return {
      ...withQuote!,
      own,
      skus: new Map(named.flatMap((p) => (p ? [[p.id, p.sku] as const] : []))),
    };
  }, [db, rfqId, supplierId]);
}
