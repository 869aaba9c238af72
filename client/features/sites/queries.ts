/**
 * The company's sites from the local store (the pull brings the sites of the company the
 * person works in), a site made on this device among them at once through its local
 * effect, marked waiting to send until the server has it.
 */
import { rowKey, type EntityRows, type RowKey } from '../../data/db/schema';
import { usePendingKeys } from '../../data/local/hooks';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

type Site = EntityRows['site'];
export type ShownSite = Site & { pending: boolean };

export const siteKey = (id: string): RowKey => rowKey('site', id);

/** Active sites first, then by name in the reader's language's order. */
function siteOrder(a: Site, b: Site): number {
  return Number(a.status !== 'active') - Number(b.status !== 'active') || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

/** Every site on the device, active ones first. */
export function useSites(): ShownSite[] | undefined {
  const { db } = useLocalData();
  const pending = usePendingKeys();
  const stored = useLiveQuery(async () => db.sites.toArray(), [db]);
  if (!stored) return undefined;
  return stored.map((s) => ({ ...s, pending: pending.has(siteKey(s.id)) })).sort(siteOrder);
}

/** One site as stored (what a local write's effect reads); null when the device holds none of that id. */
export function useStoredSite(id: string): Site | null | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.sites.get(id)) ?? null, [db, id]);
}

/** One site; null when the device holds none of that id. */
export function useSite(id: string): ShownSite | null | undefined {
  const pending = usePendingKeys();
  const stored = useStoredSite(id);
  if (stored === undefined) return undefined;
  return stored && { ...stored, pending: pending.has(siteKey(id)) };
}

/** The budget's total (SAR, VAT included): what its lines add up to, to the halala. */
export function budgetTotal(lines: ReadonlyArray<{ budget_amount: number }>): number {
  return lines.reduce((sum, l) => sum + Math.round(l.budget_amount * 100), 0) / 100;
}
