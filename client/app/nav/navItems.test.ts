import { describe, expect, it } from 'vitest';
import { navItemsFor } from './navItems';

const labels = (role: Parameters<typeof navItemsFor>[0], admin = false) => navItemsFor(role, admin).map((i) => i.labelKey.replace('nav.', ''));

describe('navigation per role', () => {
  it('gives a supplier its products and instant orders between the dashboard and the common entries', () => {
    expect(labels('supplier')).toEqual(['dashboard', 'myProducts', 'instantOrders', 'transport', 'notifications', 'pricing']);
  });
  it('gives a contractor products, available projects and instant orders', () => {
    expect(labels('contractor')).toEqual(['dashboard', 'browseProducts', 'availableProjects', 'instantOrders', 'transport', 'notifications', 'pricing']);
  });
  it('gives a government entity its projects', () => {
    expect(labels('government')).toEqual(['dashboard', 'myProjects', 'transport', 'notifications', 'pricing']);
  });
  it('gives a transport company only the common entries', () => {
    expect(labels('transport')).toEqual(['dashboard', 'transport', 'notifications', 'pricing']);
  });
  it('adds the admin panel for admins only', () => {
    expect(labels('contractor', true).at(-1)).toBe('admin');
    expect(labels('contractor', false)).not.toContain('admin');
  });
  it('puts the unread badge on notifications', () => {
    expect(navItemsFor('supplier', false).find((i) => i.badge)?.path).toBe('/notifications');
  });
});
