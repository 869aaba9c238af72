/**
 * The role guide: shown on the first dashboard visit per role,
 * remembered in localStorage under one key per role.
 */
import type { Role } from '../../../shared/constants';

export const guideKey = (role: Role) => `binaa.guideSeen.${role}`;

/** The steps of each role's guide: keys under dashboard:guide.<role>. */
export const GUIDE_STEPS: Record<Role, string[]> = {
  supplier: ['welcome', 'products', 'orders', 'plans'],
  contractor: ['welcome', 'products', 'projects', 'orders'],
  government: ['welcome', 'projects', 'bids', 'transport'],
  transport: ['welcome', 'requests', 'quotes', 'deliveries'],
  admin: ['welcome', 'moderate', 'users'],
  /** None: a driver never sees the dashboard (app/ProtectedRoute.tsx sends them to their jobs). */
  driver: [],
};

export function guideSeen(role: Role, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(guideKey(role)) === '1';
  } catch {
    return true; // storage blocked: do not nag on every visit
  }
}

export function markGuideSeen(role: Role, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(guideKey(role), '1');
  } catch {
    /* nothing to remember it in */
  }
}
