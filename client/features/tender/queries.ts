/**
 * The tender's rows from the local store: a project's opening record (the owner's from the
 * opening, a bidder's once the award is made: the feed brings it no earlier) and the
 * objections to its award (the owner sees all, a bidder their own).
 */
import { useEffect, useState } from 'react';
import type { Project } from '../../../shared/schemas/project';
import { phaseOf, type TenderPhase } from '../../../shared/tender';
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useLocalData } from '../../data/local/DataProvider';

export function useOpeningRecord(projectId: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.tender_openings.get(projectId)) ?? null, [db, projectId]);
}

/** The objections on a project, oldest first. */
export function useObjectionsOn(projectId: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => (await db.objections.where('project_id').equals(projectId).toArray()).sort((a, b) => a.created_at.localeCompare(b.created_at)), [db, projectId]);
}

/** The latest timer a page can hold (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The project's tender phase as the device sees it at `now`: the server's, except that the
 * opening, once its moment has passed on this device's clock, ends the bidding without
 * waiting for the next sync (so a bidder is not offered a change the server would refuse).
 */
export function devicePhase(project: Project, now: number): TenderPhase | null {
  if (project.phase !== 'bidding') return project.phase;
  // A two-envelope tender opens into its technical evaluation, a one-envelope one into the evaluation.
  const local = phaseOf(project, now);
  return local === 'evaluation' || local === 'technical_evaluation' ? local : project.phase;
}

/** devicePhase now, rendering again at the opening's moment. */
export function useTenderPhase(project: Project): TenderPhase | null {
  const [now, setNow] = useState(() => Date.now());
  const opensAt = project.opens_at ? Date.parse(project.opens_at) : null;
  useEffect(() => {
    if (opensAt === null || opensAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(opensAt - now + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [opensAt, now]);
  return devicePhase(project, now);
}
