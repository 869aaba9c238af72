/**
 * The admin panel's lists (products, projects and users tabs, plus the
 * quick-signup requests): each with a search box, newest first, paged. Products and
 * projects come through their own areas' queries, so they look exactly as everywhere else
 * and deleted ones stay hidden here too. Searches fold Arabic spelling variants
 * (normalize_search), so "مؤسسة" finds "موسسه".
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { AdminListQuery, AdminUser } from '../../../shared/schemas/admin';
import type { Product } from '../../../shared/schemas/product';
import type { Project } from '../../../shared/schemas/project';
import type { RegistrationRequest } from '../../../shared/schemas/quick-signup';
import { forbidden } from '../../../shared/errors';
import { likePattern, page, type Page } from '../../db/page';
import { productQuery, NEWEST_FIRST as PRODUCTS_NEWEST_FIRST } from '../products/queries';
import { projectQuery } from '../projects/queries';

/** Admin services check the flag themselves, like every service (the route checks too). */
export function assertAdmin(user: SessionUser): void {
  if (!user.is_admin) throw forbidden('This page is for admins only');
}

export const newestFirst = (alias: string) => [
  { column: `${alias}.created_at`, order: 'desc' as const },
  { column: `${alias}.id`, order: 'desc' as const },
];

/** Matches `term` anywhere in any of the SQL expressions, Arabic variants folded. */
export function whereSearch(q: Knex.QueryBuilder, term: string | undefined, expressions: string[]): Knex.QueryBuilder {
  if (!term) return q;
  const pattern = likePattern(term);
  return q.where((w) => {
    for (const e of expressions) w.orWhereRaw(`normalize_search(coalesce(${e}, '')) like normalize_search(?)`, [pattern]);
  });
}

export function userQuery(db: Knex, ownerEmail: string | undefined) {
  return db('users as u')
    .leftJoin('profiles as p', 'p.user_id', 'u.id')
    .whereNull('u.deleted_at')
    .select(
      'u.id',
      'u.email',
      'u.name',
      'u.is_admin',
      db.raw('(lower(u.email) = ?) as is_owner', [ownerEmail?.toLowerCase() ?? '']),
      'p.role',
      'p.company_name',
      'p.verification_tier',
      'u.created_at',
      'p.suspended_at',
      'p.suspension_reason',
    );
}

export async function listUsers(
  knex: Knex,
  user: SessionUser,
  query: AdminListQuery,
  ownerEmail: string | undefined,
): Promise<Page<AdminUser>> {
  assertAdmin(user);
  const q = whereSearch(userQuery(knex, ownerEmail), query.search, ['u.email', 'u.name', 'p.company_name']);
  return page(q, { ...query, orderBy: newestFirst('u') });
}

export async function listAdminProducts(knex: Knex, user: SessionUser, query: AdminListQuery): Promise<Page<Product>> {
  assertAdmin(user);
  const q = whereSearch(productQuery(knex, user.language), query.search, ['p.name', 'p.description', 'sp.company_name', 'su.name']);
  return page(q, { ...query, orderBy: PRODUCTS_NEWEST_FIRST });
}

/** Every project, whatever its status. */
export async function listAdminProjects(knex: Knex, user: SessionUser, query: AdminListQuery, now: Date): Promise<Page<Project>> {
  assertAdmin(user);
  const q = whereSearch(projectQuery(knex, now), query.search, ['p.title', 'p.description', 'p.location', 'gp.company_name', 'gu.name']);
  return page(q, { ...query, orderBy: newestFirst('p') });
}

export async function listQuickSignups(knex: Knex, user: SessionUser, query: AdminListQuery): Promise<Page<RegistrationRequest>> {
  assertAdmin(user);
  const q = knex('registration_requests as r').select(
    'r.id',
    'r.signup_type',
    'r.company_name',
    'r.contact_person',
    'r.phone',
    'r.email',
    'r.city',
    'r.service_description',
    'r.experience_years',
    'r.status',
    'r.created_at',
  );
  whereSearch(q, query.search, ['r.company_name', 'r.contact_person', 'r.email', 'r.phone', 'r.city']);
  return page(q, { ...query, orderBy: newestFirst('r') });
}
