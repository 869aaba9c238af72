/**
 * Where every riyal of a site stands, for its page: the server sums it from documents the
 * device does not all hold (receipts, payments), so it is asked for when online, and again
 * whenever the site's purchase orders or requests change on the device (the live stream's
 * signal pulls them, and a receipt, an invoice or a payment moves its order's row); each
 * answer is kept in the device's store (site_budgets), so the page shows the last one
 * offline, with the time it was read.
 */
import { useEffect, useState } from 'react';
import type { SiteBudget } from '../../../shared/schemas/site-budget';
import { getSiteBudget } from '../../data/api/sites';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useOnline } from '../../ui/useOnline';

export interface SiteBudgetState {
  /** the last budget read (now or before), null before any, undefined while the store opens */
  budget: SiteBudget | null | undefined;
  /** true when the budget shown is not a fresh answer: offline, or the last ask failed */
  stale: boolean;
}

export function useSiteBudget(siteId: string): SiteBudgetState {
  const { db } = useLocalData();
  const online = useOnline();
  const [fresh, setFresh] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const cached = useLiveQuery(async () => (await db.site_budgets.get(siteId))?.budget ?? null, [db, siteId]);
  // What moves the figures, as the device sees it: the site's orders and requests, each row's version.
  const signal = useLiveQuery(
    async () => {
      const [orders, requests] = await Promise.all([
        db.purchase_orders.filter((po) => po.site_id === siteId).toArray(),
        db.purchase_requests.where('site_id').equals(siteId).toArray(),
      ]);
      return [...orders, ...requests].map((r) => `${r.id}@${r.updated_at}`).sort().join(',');
    },
    [db, siteId],
  );
  useEffect(() => {
    if (!online || signal === undefined) return;
    let live = true;
    getSiteBudget(siteId).then(
      async (budget) => {
        await db.site_budgets.put({ site_id: siteId, budget });
        if (live) {
          setFresh(budget.as_of);
          setFailed(false);
        }
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [db, siteId, online, signal]);
  return { budget: cached, stale: !online || failed || (cached != null && fresh !== cached.as_of) };
}
