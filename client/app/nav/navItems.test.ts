import { describe, expect, it } from 'vitest';
import { driverMayOpen, navEntriesOf, navItemsFor } from './navItems';

type Args = Parameters<typeof navItemsFor>;
const labels = (role: Args[0], admin = false, memberRole: Args[2] = null) => navItemsFor(role, admin, memberRole).map((i) => i.labelKey.replace('nav.', ''));

describe('navigation per role', () => {
  it('gives a supplier its products, instant orders, quote requests, purchase orders, invoices and statements between the dashboard and the common entries', () => {
    expect(labels('supplier')).toEqual(['dashboard', 'myProducts', 'instantOrders', 'quotes', 'purchaseOrders', 'invoices', 'statements', 'transport', 'notifications', 'companyProfile', 'pricing']);
  });
  it('gives a contractor products, instant orders, requests for quotation, purchase orders, available projects, invoices and statements', () => {
    expect(labels('contractor')).toEqual(['dashboard', 'browseProducts', 'instantOrders', 'rfqs', 'purchaseOrders', 'sites', 'purchaseRequests', 'availableProjects', 'invoices', 'statements', 'transport', 'notifications', 'companyProfile', 'pricing']);
  });
  it('gives a government entity its projects', () => {
    expect(labels('government')).toEqual(['dashboard', 'myProjects', 'transport', 'notifications', 'companyProfile', 'pricing']);
  });
  it('gives a transport company only the common entries', () => {
    expect(labels('transport')).toEqual(['dashboard', 'transport', 'notifications', 'companyProfile', 'pricing']);
  });
  it('adds the admin panel for admins only', () => {
    expect(labels('contractor', true).at(-1)).toBe('admin');
    expect(labels('contractor', false)).not.toContain('admin');
  });
  it('puts the unread badge on notifications', () => {
    expect(navItemsFor('supplier', false).find((i) => i.badge)?.path).toBe('/notifications');
  });
  it('puts the count waiting for the person on a contractor’s purchase requests', () => {
    expect(navItemsFor('contractor', false, 'member').filter((i) => i.badge).map((i) => [i.path, i.badge])).toEqual([['/purchase-requests', 'waiting'], ['/notifications', 'unread']]);
  });
});

describe('navigation in a company', () => {
  it('adds the team and the tax profile to the company settings for the owner and for members, of every role', () => {
    for (const role of ['supplier', 'contractor', 'government', 'transport'] as const) {
      expect(labels(role, false, 'owner').slice(-5), role).toEqual(['companyProfile', 'company', 'taxProfile', 'audit', 'pricing']);
      expect(labels(role, false, 'member').slice(-4), role).toEqual(['companyProfile', 'company', 'taxProfile', 'pricing']);
    }
    expect(labels('transport', true, 'owner').slice(-2)).toEqual(['pricing', 'admin']);
    expect(navItemsFor('supplier', false, 'owner').find((i) => i.labelKey === 'nav.taxProfile')?.path).toBe('/company/tax');
  });
  it('gives the company’s audit trail to its owner only (a member’s menu has none)', () => {
    expect(navItemsFor('contractor', false, 'owner').find((i) => i.labelKey === 'nav.audit')).toMatchObject({ path: '/company/audit', group: 'company' });
    expect(labels('contractor', false, 'member')).not.toContain('audit');
    expect(labels('driver', false, 'driver')).not.toContain('audit');
  });
  it('shows no team or tax profile to someone without a company', () => {
    expect(labels('supplier', false, null)).not.toContain('company');
    expect(labels('supplier', false, null)).not.toContain('taxProfile');
  });
  it('shows no company settings to an admin account, which has no company', () => {
    expect(labels('admin', true, 'owner')).toEqual(['dashboard', 'transport', 'notifications', 'pricing', 'admin']);
  });
  it('gives a driver their jobs, notifications and profile, nothing of the company’s business', () => {
    expect(labels('driver', false, 'driver')).toEqual(['jobs', 'notifications', 'profile']);
    // The session's profile says driver even before member_role is read, and the other way round.
    expect(labels('driver')).toEqual(['jobs', 'notifications', 'profile']);
    expect(labels('transport', false, 'driver')).toEqual(['jobs', 'notifications', 'profile']);
    expect(navItemsFor('driver', false, 'driver').map((i) => i.path)).toEqual(['/jobs', '/notifications', '/profile']);
  });
  it('keeps the unread badge on a driver’s notifications', () => {
    expect(navItemsFor('driver', false, 'driver').find((i) => i.badge)?.path).toBe('/notifications');
  });
});

describe('the bar’s groups', () => {
  const shape = (...args: Args) =>
    navEntriesOf(navItemsFor(...args)).map((e) => (e.kind === 'link' ? e.item.labelKey.replace('nav.', '') : `${e.id}: ${e.items.map((i) => i.labelKey.replace('nav.', '')).join(' ')}`));
  it('gathers a supplier’s dozen entries under selling, finance and company', () => {
    expect(shape('supplier', false, 'owner')).toEqual([
      'dashboard',
      'selling: myProducts instantOrders quotes purchaseOrders',
      'money: invoices statements',
      'transport',
      'notifications',
      'company: companyProfile company taxProfile audit pricing',
    ]);
  });
  it('gathers a contractor’s under buying, finance and company, its tenders beside them', () => {
    expect(shape('contractor', true, 'member')).toEqual([
      'dashboard',
      'buying: browseProducts instantOrders rfqs purchaseOrders sites purchaseRequests',
      'availableProjects',
      'money: invoices statements',
      'transport',
      'notifications',
      'company: companyProfile company taxProfile pricing',
      'admin',
    ]);
  });
  it('leaves a group of one as a plain link', () => {
    expect(shape('admin', true)).toEqual(['dashboard', 'transport', 'notifications', 'pricing', 'admin']);
    expect(shape('driver', false, 'driver')).toEqual(['jobs', 'notifications', 'profile']);
  });
});

describe('pages a driver may open', () => {
  it('opens their jobs, notifications, profile and the sync centre', () => {
    for (const path of ['/jobs', '/jobs/123', '/notifications', '/profile', '/sync']) expect(driverMayOpen(path), path).toBe(true);
  });
  it('sends them away from the company’s business and the team', () => {
    for (const path of ['/dashboard', '/transport', '/pricing', '/company', '/products', '/setup', '/admin', '/jobsX']) expect(driverMayOpen(path), path).toBe(false);
  });
  it('lets a driver who is also a site admin open the admin panel', () => {
    expect(driverMayOpen('/admin', true)).toBe(true);
  });
});
