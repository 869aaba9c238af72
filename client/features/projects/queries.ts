/**
 * Projects and sealed bids from the local store. A government sees its own projects and
 * the bids on them; a contractor sees open projects (and those it bid on) and its own
 * bids. The feed only ever brings a bid to its bidder and the project's owner.
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { normalizeSearch } from '../../../shared/search';
import { useLocalData } from '../../data/local/DataProvider';

const newestFirst = <T extends { created_at: string }>(rows: T[]) => rows.sort((a, b) => b.created_at.localeCompare(a.created_at));

/** The government's own projects, newest first. */
export function useMyProjects() {
  const { db } = useLocalData();
  return useLiveQuery(async () => newestFirst(await db.projects.where('government_id').equals(db.accountId).toArray()), [db]);
}

/** Open projects a contractor may bid on, matching the search (Arabic-tolerant, as on the server). */
export function useOpenProjects(search: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const term = normalizeSearch(search.trim());
    const rows = await db.projects.where('status').equals('open').toArray();
    const matches = term
      ? rows.filter((p) => normalizeSearch(`${p.title} ${p.description} ${p.location} ${p.government_name ?? ''}`).includes(term))
      : rows;
    return newestFirst(matches);
  }, [db, search]);
}

/** The bids on one project (its owner sees them all), lowest amount first. */
export function useBidsOn(projectId: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.bids.where('project_id').equals(projectId).toArray()).sort((a, b) => a.amount - b.amount), [db, projectId]);
}

/** The contractor's own bids, newest first, each with its project when this device has it; none read unless `enabled`. */
export function useMyBids(enabled = true) {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    if (!enabled) return undefined;
    const bids = newestFirst(await db.bids.where('contractor_id').equals(db.accountId).toArray());
    const projects = await db.projects.bulkGet(bids.map((b) => b.project_id));
    return bids.map((bid, i) => ({ bid, project: projects[i] ?? null }));
  }, [db, enabled]);
}

/** The contractor's bid on one project, if any (a second submission updates it). */
export function useMyBidOn(projectId: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.bids.where('project_id').equals(projectId).toArray()).find((b) => b.contractor_id === db.accountId) ?? null, [db, projectId]);
}

/** A tender's technical envelopes on this device (its owner's from the opening, a bidder's own), oldest first. */
export function useTechnicalEnvelopes(projectId: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.technical_envelopes.where('project_id').equals(projectId).toArray()).sort((a, b) => a.received_at.localeCompare(b.received_at) || a.id.localeCompare(b.id)), [db, projectId]);
}

/** The technical envelope of one bid (its id is the bid's), when this device has it. */
export function useTechnicalEnvelope(bidId: string | undefined) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (bidId ? ((await db.technical_envelopes.get(bidId)) ?? null) : null), [db, bidId]);
}

/** How many bids on the project this device holds (a two-envelope tender's owner: those that passed); none read unless `enabled`. */
export function useBidCountOn(projectId: string, enabled: boolean) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (enabled ? db.bids.where('project_id').equals(projectId).count() : undefined), [db, projectId, enabled]);
}
