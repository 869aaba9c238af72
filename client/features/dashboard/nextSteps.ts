/**
 * Suggested next steps (at most 2) and quick actions per role, from what
 * the local store knows. Labels are keys of the dashboard namespace. The plans prompt
 * names what a plan gives that role: a supplier lists products, a transport company
 * offers its services and lists none.
 */
import { MAX_NEXT_STEPS, type Role } from '../../../shared/constants';
import { FREE_PLAN_ID } from '../../../shared/schemas/subscription';
import { PATHS } from '../../paths';
import type { Profile } from '../../data/types';
import type { DashboardData } from './queries';
import type { KeysUnder } from '../../i18n/keys';

type NextStep = Step<KeysUnder<'dashboard', 'next'>>;

export interface Step<K extends string> {
  key: K;
  path: string;
}

export function nextSteps(role: Role, facts: DashboardData['facts'], profile: Pick<Profile, 'phone' | 'city'> | null): NextStep[] {
  // A driver never sees the dashboard (ProtectedRoute sends them to their jobs).
  if (role === 'driver') return [];
  const incomplete = !profile?.phone || !profile?.city;
  const candidates: Array<NextStep | false> =
    role === 'supplier'
      ? [facts.products === 0 && { key: 'addProduct', path: PATHS.products }, facts.activeOrders > 0 && { key: 'answerOrders', path: PATHS.instantOrders }, incomplete && { key: 'completeProfile', path: PATHS.profile }, facts.plan === FREE_PLAN_ID && { key: 'upgradeProducts', path: PATHS.pricing }]
      : role === 'contractor'
        ? // Requests for quotation are a contractor's main job: always the first suggestion.
          [{ key: 'requestQuotes', path: `${PATHS.rfqs}/new` }, facts.orders === 0 && { key: 'postOrder', path: PATHS.instantOrders }, facts.openProjects > 0 && { key: 'bidOnProject', path: PATHS.projects }, incomplete && { key: 'completeProfile', path: PATHS.profile }, { key: 'browseProducts', path: PATHS.products }]
        : role === 'government'
          ? [facts.projects === 0 && { key: 'postProject', path: PATHS.projects }, facts.bidsToReview > 0 && { key: 'reviewBids', path: PATHS.projects }, incomplete && { key: 'completeProfile', path: PATHS.profile }, { key: 'requestTransport', path: PATHS.transport }]
          : role === 'transport'
            ? [facts.openRequests > 0 && { key: 'quoteRequests', path: PATHS.transport }, incomplete && { key: 'completeProfile', path: PATHS.profile }, facts.plan === FREE_PLAN_ID && { key: 'upgradeTransport', path: PATHS.pricing }]
            : [{ key: 'moderate', path: PATHS.admin }];
  return candidates.filter((s): s is NextStep => Boolean(s)).slice(0, MAX_NEXT_STEPS);
}

export const QUICK_ACTIONS: Record<Role, Step<KeysUnder<'dashboard', 'quick'>>[]> = {
  supplier: [
    { key: 'myProducts', path: PATHS.products },
    { key: 'instantOrders', path: PATHS.instantOrders },
    { key: 'pricing', path: PATHS.pricing },
  ],
  contractor: [
    { key: 'rfqs', path: PATHS.rfqs },
    { key: 'browseProducts', path: PATHS.products },
    { key: 'projects', path: PATHS.projects },
    { key: 'instantOrders', path: PATHS.instantOrders },
  ],
  government: [
    { key: 'myProjects', path: PATHS.projects },
    { key: 'transport', path: PATHS.transport },
    { key: 'notifications', path: PATHS.notifications },
  ],
  transport: [
    { key: 'transport', path: PATHS.transport },
    { key: 'notifications', path: PATHS.notifications },
    { key: 'pricing', path: PATHS.pricing },
  ],
  admin: [
    { key: 'admin', path: PATHS.admin },
    { key: 'browseProducts', path: PATHS.products },
  ],
  /** None: a driver's home is their jobs, not the dashboard (app/ProtectedRoute.tsx). */
  driver: [],
};
