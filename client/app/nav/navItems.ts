/**
 * The navigation entries per role: dashboard for all,
 * then the role's own entries, then transport, notifications and pricing for all, and
 * the admin panel for admins. Labels are keys of the common namespace.
 */
import type { Role } from '../../data/types';
import { PATHS } from '../../paths';

export interface NavItem {
  path: string;
  labelKey: string;
  /** The notifications entry carries the unread badge. */
  badge?: 'unread';
}

const ROLE_ITEMS: Record<Role, NavItem[]> = {
  supplier: [
    { path: PATHS.products, labelKey: 'nav.myProducts' },
    { path: PATHS.instantOrders, labelKey: 'nav.instantOrders' },
  ],
  contractor: [
    { path: PATHS.products, labelKey: 'nav.browseProducts' },
    { path: PATHS.projects, labelKey: 'nav.availableProjects' },
    { path: PATHS.instantOrders, labelKey: 'nav.instantOrders' },
  ],
  government: [{ path: PATHS.projects, labelKey: 'nav.myProjects' }],
  transport: [],
  admin: [],
  driver: [],
};

export function navItemsFor(role: Role | undefined, isAdmin: boolean): NavItem[] {
  const items: NavItem[] = [{ path: PATHS.dashboard, labelKey: 'nav.dashboard' }];
  if (role) items.push(...ROLE_ITEMS[role]);
  items.push(
    { path: PATHS.transport, labelKey: 'nav.transport' },
    { path: PATHS.notifications, labelKey: 'nav.notifications', badge: 'unread' },
    { path: PATHS.pricing, labelKey: 'nav.pricing' },
  );
  if (isAdmin || role === 'admin') items.push({ path: PATHS.admin, labelKey: 'nav.admin' });
  return items;
}
