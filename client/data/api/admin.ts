/**
 * The admin panel's reads and writes. They are
 * not in the offline store (admin lists span every user) and admin writes are not sync
 * mutations: all of it is online-only REST, and the screen says so when offline.
 */
import { LIST_DEFAULT_LIMIT } from '../../../shared/constants';
import type { z } from 'zod';
import {
  adminInvoiceSchema,
  adminPaymentSchema,
  adminPurchaseOrderSchema,
  adminUserSchema,
  type AdminInvoice,
  type AdminPayment,
  type AdminPurchaseOrder,
  type AdminUser,
  type AdminUserPatch,
} from '../../../shared/schemas/admin';
import { productSchema, type Product } from '../../../shared/schemas/product';
import { projectSchema, type Project } from '../../../shared/schemas/project';
import { registrationRequestSchema, type RegistrationRequest } from '../../../shared/schemas/quick-signup';
import type { Page } from './catalogue';
import { api } from './client';
import { useRemote } from '../useRemote';

export type AdminTab = 'products' | 'projects' | 'users' | 'quickSignups' | 'purchaseOrders' | 'invoices' | 'payments';
/** The tabs whose rows the admin may delete; the money on the platform is read-only. */
export type DeletableTab = 'products' | 'projects' | 'users';
export type { AdminUser };

export interface AdminRows {
  products: Product;
  projects: Project;
  users: AdminUser;
  quickSignups: RegistrationRequest;
  purchaseOrders: AdminPurchaseOrder;
  invoices: AdminInvoice;
  payments: AdminPayment;
}

const PATHS: Record<AdminTab, string> = {
  products: '/api/admin/products',
  projects: '/api/admin/projects',
  users: '/api/admin/users',
  quickSignups: '/api/admin/quick-signups',
  purchaseOrders: '/api/admin/purchase-orders',
  invoices: '/api/admin/invoices',
  payments: '/api/admin/payments',
};

/** Each tab's row schema, the one its route declares. */
const ROWS: { [T in AdminTab]: z.ZodType<AdminRows[T]> } = {
  products: productSchema,
  projects: projectSchema,
  users: adminUserSchema,
  quickSignups: registrationRequestSchema,
  purchaseOrders: adminPurchaseOrderSchema,
  invoices: adminInvoiceSchema,
  payments: adminPaymentSchema,
};

export const ADMIN_PAGE_SIZE = LIST_DEFAULT_LIMIT;

/**
 * One page of an admin list (search, the money tabs' status, and page); `reload` bumps to
 * fetch again after a write.
 */
export function useAdminList<T extends AdminTab>(tab: T, search: string, page: number, reload: number, status: string | null = null) {
  return useRemote<Page<AdminRows[T]>>(async () => {
    const query = { search: search.trim() || undefined, status: status ?? undefined, limit: ADMIN_PAGE_SIZE, offset: page * ADMIN_PAGE_SIZE };
    const { data, total } = await api.get<unknown>(PATHS[tab], query);
    const items = ROWS[tab].array().parse(data);
    return { items, total: total ?? items.length };
  }, [tab, search, page, reload, status]);
}

export async function adminDelete(tab: DeletableTab, id: string): Promise<void> {
  await api.request('DELETE', `${PATHS[tab]}/${encodeURIComponent(id)}`);
}

/** Suspends the company `companyId` (its founder's user id) with a reason its members see, or changes the reason. */
export async function adminSuspendCompany(companyId: string, reason: string): Promise<void> {
  await api.request('POST', `/api/admin/companies/${encodeURIComponent(companyId)}/suspension`, { reason });
}

export async function adminLiftSuspension(companyId: string): Promise<void> {
  await api.request('DELETE', `/api/admin/companies/${encodeURIComponent(companyId)}/suspension`);
}

export async function adminPatchUser(userId: string, patch: AdminUserPatch): Promise<AdminUser> {
  return adminUserSchema.parse((await api.request<unknown>('PATCH', `${PATHS.users}/${encodeURIComponent(userId)}`, patch)).data);
}
