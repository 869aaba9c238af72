/**
 * The role guide: shown on the first dashboard visit per role,
 * remembered in localStorage under one key per role.
 */
import type { Role } from '../../../shared/constants';
import type { KeysUnder } from '../../i18n/keys';

export const guideKey = (role: Role) => `binaa.guideSeen.${role}`;

/** A step of a role's guide: the key of its branch in dashboard (its title and body beneath). */
type GuideStep = { [R in Role]: `guide.${R}.${KeysUnder<'dashboard', `guide.${R}`>}` }[Role];

/** The steps of each role's guide, in order. */
export const GUIDE_STEPS: Record<Role, GuideStep[]> = {
  supplier: ['guide.supplier.welcome', 'guide.supplier.products', 'guide.supplier.orders', 'guide.supplier.plans'],
  contractor: ['guide.contractor.welcome', 'guide.contractor.rfqs', 'guide.contractor.products', 'guide.contractor.projects', 'guide.contractor.orders'],
  government: ['guide.government.welcome', 'guide.government.projects', 'guide.government.bids', 'guide.government.transport'],
  transport: ['guide.transport.welcome', 'guide.transport.requests', 'guide.transport.quotes', 'guide.transport.deliveries'],
  admin: ['guide.admin.welcome', 'guide.admin.moderate', 'guide.admin.users'],
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
