/**
 * RFQs from the local store, the buyer's side (the sync feed gives a buyer their own RFQs,
 * every quote on them and their purchase orders): the list, one RFQ with its quotes and
 * the purchase orders its award made, and what the builder needs from the catalogue copy
 * (products a bill of quantities may name by SKU, the suppliers a request may invite).
 */
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import type { Rfq, RfqQuote } from '../../../shared/schemas/rfq';
import { rowKey, type RowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

export const rfqKey = (id: string): RowKey => rowKey('rfq', id);

const newestFirst = (a: { created_at: string }, b: { created_at: string }) => b.created_at.localeCompare(a.created_at);

/** The buyer's RFQs, newest first. */
export function useMyRfqs(buyerId: string): Rfq[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.rfqs.where('buyer_id').equals(buyerId).toArray()).sort(newestFirst), [db, buyerId]);
}

export interface RfqView {
  rfq: Rfq | null;
  /** in the order they were first sent */
  quotes: RfqQuote[];
  orders: PurchaseOrder[];
}

/** One RFQ with its quotes and the purchase orders its award made (rfq null: not on this device). */
export function useRfq(id: string): RfqView | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const [rfq, quotes, orders] = await Promise.all([
      db.rfqs.get(id),
      db.rfq_quotes.where('rfq_id').equals(id).toArray(),
      db.purchase_orders.where('rfq_id').equals(id).toArray(),
    ]);
    return {
      rfq: rfq ?? null,
      quotes: quotes.sort((a, b) => a.created_at.localeCompare(b.created_at)),
      orders: orders.sort((a, b) => a.number.localeCompare(b.number)),
    };
  }, [db, id]);
}

/** Catalogue products with a SKU, which a bill of quantities may name. */
export function useSkuProducts() {
  const { db } = useLocalData();
  return useLiveQuery(
    async () => (await db.products.filter((p) => !!p.sku).toArray()).map((p) => ({ id: p.id, sku: p.sku ?? null, category_id: p.category_id })),
    [db],
  );
}

export interface SupplierChoice {
  id: string;
  name: string | null;
  city: string | null;
  /** the categories they sell in (their products') */
  categories: string[];
}

/** The suppliers the catalogue copy knows, by name, for an invited request. */
export function useSuppliers(): SupplierChoice[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const bySupplier = new Map<string, SupplierChoice>();
    await db.products.each((p) => {
      const s = bySupplier.get(p.supplier_id) ?? { id: p.supplier_id, name: p.supplier_name, city: p.supplier_city ?? null, categories: [] };
      if (p.category_id && !s.categories.includes(p.category_id)) s.categories.push(p.category_id);
      bySupplier.set(p.supplier_id, s);
    });
    return [...bySupplier.values()].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  }, [db]);
}
