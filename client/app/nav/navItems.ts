/**
 * The navigation entries per role: dashboard for all, then the role's own entries, then
 * transport and notifications for all, then the company's settings (its profile, its team
 * and its tax profile and e-invoicing, for the people of a company; its audit trail, for
 * its owner) and the plans, and the
 * admin panel for admins. A driver is the exception: they see their jobs, notifications
 * and their profile, nothing of the company's business (requests, prices, plans, the
 * company's page), and only those pages open for them (`driverMayOpen`). Labels are keys
 * of the common namespace.
 *
 * Entries carry a group (buying, selling, money, company): a wide screen shows each group
 * as one menu in the bar, so a role's dozen entries fit one row in every language, and the
 * phone's menu shows the same groups under headings. Entries of a group are consecutive.
 */
import type { MemberRole } from '../../../shared/constants';
import type { Role } from '../../data/types';
import { PATHS } from '../../paths';
import type { KeysUnder } from '../../i18n/keys';

type NavGroupId = 'buying' | 'selling' | 'money' | 'company';

export interface NavItem {
  path: string;
  labelKey: `nav.${KeysUnder<'common', 'nav'>}`;
  /** The notifications entry carries the unread badge; purchase requests the count waiting for the person's approval. */
  badge?: 'unread' | 'waiting';
  group?: NavGroupId;
}

/** One entry of the bar: a link, or a group's menu of links. */
export type NavEntry = { kind: 'link'; item: NavItem } | { kind: 'group'; id: NavGroupId; labelKey: `navGroups.${NavGroupId}`; items: NavItem[] };

const NOTIFICATIONS: NavItem = { path: PATHS.notifications, labelKey: 'nav.notifications', badge: 'unread' };
const MONEY: NavItem[] = [
  { path: PATHS.invoices, labelKey: 'nav.invoices', group: 'money' },
  { path: PATHS.statements, labelKey: 'nav.statements', group: 'money' },
];

const ROLE_ITEMS: Record<Role, NavItem[]> = {
  supplier: [
    { path: PATHS.products, labelKey: 'nav.myProducts', group: 'selling' },
    { path: PATHS.instantOrders, labelKey: 'nav.instantOrders', group: 'selling' },
    { path: PATHS.quotes, labelKey: 'nav.quotes', group: 'selling' },
    { path: PATHS.purchaseOrders, labelKey: 'nav.purchaseOrders', group: 'selling' },
    ...MONEY,
  ],
  contractor: [
    { path: PATHS.products, labelKey: 'nav.browseProducts', group: 'buying' },
    { path: PATHS.instantOrders, labelKey: 'nav.instantOrders', group: 'buying' },
    { path: PATHS.rfqs, labelKey: 'nav.rfqs', group: 'buying' },
    { path: PATHS.purchaseOrders, labelKey: 'nav.purchaseOrders', group: 'buying' },
    { path: PATHS.sites, labelKey: 'nav.sites', group: 'buying' },
    // A site's requests, with how many wait for the person's approval.
    { path: PATHS.purchaseRequests, labelKey: 'nav.purchaseRequests', group: 'buying', badge: 'waiting' },
    // The tenders a contractor bids on: what it sells, beside what it buys.
    { path: PATHS.projects, labelKey: 'nav.availableProjects' },
    ...MONEY,
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
  items.push({ path: PATHS.transport, labelKey: 'nav.transport' }, NOTIFICATIONS);
  // An admin account is not a company: no company profile, team or tax profile.
  if (role && role !== 'admin') items.push({ path: PATHS.profile, labelKey: 'nav.companyProfile', group: 'company' });
  if ((memberRole === 'owner' || memberRole === 'member') && role !== 'admin') {
    items.push({ path: PATHS.company, labelKey: 'nav.company', group: 'company' }, { path: PATHS.companyTax, labelKey: 'nav.taxProfile', group: 'company' });
  }
  // The company's audit trail is its owner's to read (GET /api/company/audit is owner only).
  if (memberRole === 'owner' && role !== 'admin') items.push({ path: PATHS.companyAudit, labelKey: 'nav.audit', group: 'company' });
  items.push({ path: PATHS.pricing, labelKey: 'nav.pricing', group: 'company' });
  if (isAdmin || role === 'admin') items.push({ path: PATHS.admin, labelKey: 'nav.admin' });
  return items;
}

/**
 * The entries as the bar shows them: consecutive entries of one group become its menu; a
 * group of one entry stays a plain link (a menu of one is a click more for nothing).
 */
export function navEntriesOf(items: readonly NavItem[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const item of items) {
    const last = entries.at(-1);
    if (item.group && last?.kind === 'group' && last.id === item.group) last.items.push(item);
    else if (item.group) entries.push({ kind: 'group', id: item.group, labelKey: `navGroups.${item.group}`, items: [item] });
    else entries.push({ kind: 'link', item });
  }
  return entries.map((e) => (e.kind === 'group' && e.items.length === 1 ? { kind: 'link', item: e.items[0] } : e));
}

/** Whether the current path is one of the entry's pages (a group's menu is marked active for its pages). */
export function isActivePath(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The signed-in pages a driver may open; any other sends them to their jobs. */
const DRIVER_PATHS: readonly string[] = [PATHS.jobs, PATHS.notifications, PATHS.profile, PATHS.syncCentre];

export function driverMayOpen(pathname: string, isAdmin = false): boolean {
  const allowed = isAdmin ? [...DRIVER_PATHS, PATHS.admin] : DRIVER_PATHS;
  return allowed.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
