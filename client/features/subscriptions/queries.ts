/**
 * Plans, the user's subscription and usage, from the local store (so the pricing page
 * opens offline). Usage counts what the limits count: own live products and own active
 * instant orders.
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { rowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { readSubscription } from '../../data/local/subscription';

export function usePlans() {
  const { db } = useLocalData();
  return useLiveQuery(() => db.plans.toArray().then((rows) => rows.sort((a, b) => a.sort - b.sort)), [db]);
}

/** The user's subscription (the free plan without a row); null before the first sync brought the plans. */
export function useSubscription() {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await readSubscription(db)) ?? null, [db]);
}

export interface Usage {
  products: number;
  instantOrders: number;
}

export function useUsage(me: string): Usage | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const [products, orders] = await Promise.all([
      db.products.where('supplier_id').equals(me).count(),
      db.instant_orders.where('contractor_id').equals(me).filter((o) => o.status === 'active').count(),
    ]);
    return { products, instantOrders: orders };
  }, [db, me], 'complete');
}

/**
 * The tax invoice of the user's latest plan payment (the platform issues one for each), once
 * the sync has brought it: a buyer's copy arrives when ZATCA cleared or took its report.
 */
export function usePlanInvoice(me: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const mine = await db.invoices.where('buyer_id').equals(me).filter((i) => i.kind === 'invoice' && !!i.plan).toArray();
    return mine.sort((a, b) => b.issued_at.localeCompare(a.issued_at))[0] ?? null;
  }, [db, me]);
}

/** How the outbox names the user's subscription (its "waiting to send" mark). */
export const subscriptionKey = (userId: string) => rowKey('subscription', userId);
