/**
 * The navigation entries per role: dashboard for all, then the role's own entries, then
 * transport, notifications and pricing for all, the company's page (its people) for the
 * people of a company, and the admin panel for admins. A driver is the exception: they see
 * their jobs, notifications and their profile, nothing of the company's business
 * (requests, prices, plans, the company's page), and only those pages open for them
 * (`driverMayOpen`). Labels are keys of the common namespace.
 */
import type { MemberRole } from '../../../shared/constants';
import type { Role } from '../../data/types';
import { PATHS } from '../../paths';
import type { KeysUnder } from '../../i18n/keys';

export interface NavItem {
  path: string;
  labelKey: `nav.${KeysUnder<'common', 'nav'>}`;
  /** The notifications entry carries the unread badge. */
  badge?: 'unread';
}

const NOTIFICATIONS: NavItem = { path: PATHS.notifications, labelKey: 'nav.notifications', badge: 'unread' };

const ROLE_ITEMS: Record<Role, NavItem[]> = {
  supplier: [
    { path: PATHS.products, labelKey: 'nav.myProducts' },
    { path: PATHS.instantOrders, labelKey: 'nav.instantOrders' },
    { path: PATHS.quotes, labelKey: 'nav.quotes' },
    { path: PATHS.purchaseOrders, labelKey: 'nav.purchaseOrders' },
    { path: PATHS.invoices, labelKey: 'nav.invoices' },
    { path: PATHS.statements, labelKey: 'nav.statements' },
  ],
  contractor: [
    { path: PATHS.products, labelKey: 'nav.browseProducts' },
    { path: PATHS.projects, labelKey: 'nav.availableProjects' },
    { path: PATHS.instantOrders, labelKey: 'nav.instantOrders' },
    { path: PATHS.rfqs, labelKey: 'nav.rfqs' },
    { path: PATHS.purchaseOrders, labelKey: 'nav.purchaseOrders' },
    { path: PATHS.invoices, labelKey: 'nav.invoices' },
    { path: PATHS.statements, labelKey: 'nav.statements' },
  ],
  government: [{ path: PATHS.projects, labelKey: 'nav.myProjects' }],
  transport: [],
  admin: [],
  driver: [{ path: PATHS.jobs, labelKey: 'nav.jobs' }],
};

/** A driver's whole navigation: their deliveries, their news, their account. */
const DRIVER_ITEMS: NavItem[] = [...ROLE_ITEMS.driver, NOTIFICATIONS, { path: PATHS.profile, labelKey: 'nav.profile' }];

/** Whether the person is a driver: by their place in the company, or the profile's role the session gives them. */
export const isDriver = (role: Role | undefined, memberRole?: MemberRole | null) => memberRole === 'driver' || role === 'driver';

export function navItemsFor(role: Role | undefined, isAdmin: boolean, memberRole: MemberRole | null = null): NavItem[] {
  if (isDriver(role, memberRole)) return isAdmin ? [...DRIVER_ITEMS, { path: PATHS.admin, labelKey: 'nav.admin' }] : DRIVER_ITEMS;
  const items: NavItem[] = [{ path: PATHS.dashboard, labelKey: 'nav.dashboard' }];
  if (role) items.push(...ROLE_ITEMS[role]);
  items.push({ path: PATHS.transport, labelKey: 'nav.transport' }, NOTIFICATIONS, { path: PATHS.pricing, labelKey: 'nav.pricing' });
  // An admin account is not a company with a team.
  if ((memberRole === 'owner' || memberRole === 'member') && role !== 'admin') items.push({ path: PATHS.company, labelKey: 'nav.company' });
  if (isAdmin || role === 'admin') items.push({ path: PATHS.admin, labelKey: 'nav.admin' });
  return items;
}

/** The signed-in pages a driver may open; any other sends them to their jobs. */
const DRIVER_PATHS: readonly string[] = [PATHS.jobs, PATHS.notifications, PATHS.profile, PATHS.syncCentre];

export function driverMayOpen(pathname: string, isAdmin = false): boolean {
  const allowed = isAdmin ? [...DRIVER_PATHS, PATHS.admin] : DRIVER_PATHS;
  return allowed.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
