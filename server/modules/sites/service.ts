/**
 * Sites: a contractor company's own construction projects, each with its budget lines and
 * its approval rules (the levels its purchase requests go through by amount). One function
 * per write, for REST and the sync push alike:
 * - only the company's owner creates a site and sets its rules; its people (owner and
 *   members) read them, nobody else sees them (404);
 * - the device's id makes a site once: the same id again answers the stored site;
 * - a new site starts with the default rules (no approval up to 10,000 SAR, the owner above);
 * - the manager and every approver must be people of the company (owner or member, not a
 *   driver), refused at their path otherwise;
 * - the rules replace the site's levels under the site's row lock, the one a request takes
 *   when it is raised, and apply to the requests already waiting (they are read by the
 *   levels as they are): their rows are sent again, with whom they wait for now.
 */
import type { Knex } from 'knex';
import { conflict, notFound, ownerOnly, validationFailed, type ErrorDetails } from '../../../shared/errors';
import { defaultApprovalLevels, type Site, type SiteApprovalRules, type SiteCreate, type SiteListQuery } from '../../../shared/schemas/site';
import { assertRole } from '../../auth/guards';
import type { SessionUser } from '../../auth/session-user';
import { recordChanges } from '../../db/changes';
import { page, type Page } from '../../db/page';
import { uuidArray } from '../../db/uuid-array';
import type { SiteBudget } from '../../../shared/schemas/site-budget';
import { siteBudget } from './budget';
import { sitePolicy } from './policy';
import { readSites, siteQuery } from './queries';

const NEWEST_FIRST = [
  { column: 's.created_at', order: 'desc' as const },
  { column: 's.id', order: 'desc' as const },
];

/** GET /api/sites: the company's sites, newest first. */
export async function listSites(db: Knex, user: SessionUser, query: SiteListQuery): Promise<Page<Site>> {
  const q = sitePolicy.visible(siteQuery(db), user);
  if (query.status) q.where('s.status', query.status);
  return page<Site>(q, { ...query, orderBy: NEWEST_FIRST });
}

/** One site as its company sees it (404 to anyone else). */
export async function getSite(db: Knex, user: SessionUser, id: string): Promise<Site> {
  const [site] = await readSites(sitePolicy.visible(siteQuery(db).where('s.id', id), user));
  if (!site) throw notFound('Site');
  return site;
}

/** GET /api/sites/{id}/budget (and its XLSX): where every riyal of the site stands, for its company's people (404 to anyone else). */
export async function getSiteBudget(db: Knex, user: SessionUser, id: string, now: Date): Promise<SiteBudget> {
  const site = await sitePolicy.visible(db('sites as s').where('s.id', id), user).first('s.id', 's.name');
  if (!site) throw notFound('Site');
  return siteBudget(db, site, user.account_id, now);
}

/** Of `ids`, those who are people of the company `companyId` now: its owner and members, drivers aside. */
async function peopleOf(db: Knex, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const found: string[] = await db('users as u')
    .leftJoin('company_members as m', 'm.user_id', 'u.id')
    .whereIn('u.id', [...new Set(ids)])
    .whereNull('u.deleted_at')
    .whereRaw('coalesce(m.company_id, u.id) = ?', [companyId])
    .whereRaw(`coalesce(m.role, 'owner') <> 'driver'`)
    .pluck('u.id');
  return new Set(found);
}

/** The caller must be the owner of a contractor's company: sites are its own projects. */
function assertSiteOwner(user: SessionUser, message: string): void {
  assertRole(user, 'contractor');
  if (user.member_role !== 'owner') throw ownerOnly(message);
}

/**
 * POST /api/sites and site.create: creates the site `input.id` with its budget lines and the
 * default rules, or finds the one this id already created (created false).
 */
export async function createSite(trx: Knex.Transaction, user: SessionUser, input: SiteCreate): Promise<{ created: boolean }> {
  assertSiteOwner(user, "Only the company's owner creates its sites");
  const companyId = user.account_id;
  const lines = input.budget_lines ?? [];
  if (input.manager_id && !(await peopleOf(trx, companyId, [input.manager_id])).has(input.manager_id)) {
    throw validationFailed('The manager must be a member of the company', [{ path: 'manager_id', message: 'not a member of the company', code: 'not_a_member' }]);
  }
  // Nothing written on a recorded id: a second send (or two at once) answers the first site.
  const inserted = await trx('sites')
    .insert({
      id: input.id,
      company_id: companyId,
      name: input.name,
      location: input.location,
      starts_on: input.starts_on ?? null,
      ends_on: input.ends_on ?? null,
      manager_id: input.manager_id ?? null,
      status: 'active',
      created_by: user.id,
    })
    .onConflict('id')
    .ignore()
    .returning('id');
  if (!inserted.length) {
    const existing = await trx('sites').where({ id: input.id }).first('company_id');
    if (existing?.company_id !== companyId) throw conflict('This site id belongs to another site');
    return { created: false };
  }
  if (lines.length) {
    const taken = new Set<string>(await trx('site_budget_lines').whereIn('id', lines.map((l) => l.id)).pluck('id'));
    const errors: ErrorDetails = [];
    lines.forEach((l, i) => {
      if (taken.has(l.id)) errors.push({ path: `budget_lines.${i}.id`, message: 'this id belongs to another budget line', code: 'id_taken' });
    });
    if (errors.length) throw validationFailed('These budget line ids belong to other lines', errors);
    await trx('site_budget_lines').insert(
      lines.map((l, i) => ({
        id: l.id,
        site_id: input.id,
        position: i + 1,
        code: l.code ?? null,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        category_id: l.category_id ?? null,
        budget_amount: l.budget_amount,
      })),
    );
  }
  await writeLevels(trx, input.id, defaultApprovalLevels(user.id));
  await recordChanges(trx, [{ entity: 'site', id: input.id, audiences: sitePolicy.audiences({ company_id: companyId }) }]);
  return { created: true };
}

async function writeLevels(trx: Knex.Transaction, siteId: string, levels: SiteApprovalRules['levels']): Promise<void> {
  await trx('site_approval_levels').where({ site_id: siteId }).delete();
  await trx('site_approval_levels').insert(
    levels.map((l, i) => ({ site_id: siteId, position: i + 1, up_to_amount: l.up_to_amount, approver_ids: uuidArray(trx, l.approver_ids) })),
  );
}

/**
 * PUT /api/sites/{id}/approval-rules and site.set_approval_rules: the owner replaces the
 * site's levels; they apply to every request of the site from now, those waiting included.
 */
export async function setApprovalRules(trx: Knex.Transaction, user: SessionUser, id: string, rules: SiteApprovalRules): Promise<Site> {
  const site = await trx('sites').where({ id }).forUpdate().first('id', 'company_id');
  if (!site || site.company_id !== user.account_id) throw notFound('Site');
  assertSiteOwner(user, "Only the company's owner sets a site's approval rules");
  const people = await peopleOf(trx, site.company_id, rules.levels.flatMap((l) => l.approver_ids));
  const errors: ErrorDetails = [];
  rules.levels.forEach((l, i) =>
    l.approver_ids.forEach((approver, j) => {
      if (!people.has(approver)) errors.push({ path: `levels.${i}.approver_ids.${j}`, message: 'not a member of the company', code: 'not_a_member' });
    }),
  );
  if (errors.length) throw validationFailed('Every approver must be a member of the company', errors);
  await writeLevels(trx, id, rules.levels);
  await trx('sites')
    .where({ id })
    .update({ updated_at: trx.fn.now(), ...(rules.tolerance_percent === undefined ? {} : { approval_tolerance_percent: rules.tolerance_percent }) });
  // The requests waiting are decided by these rules now: their rows (whom they wait for)
  // change too, sent to the same company (a request's audience is its company, as a site's).
  const waiting: string[] = await trx('purchase_requests').where({ site_id: id, status: 'pending' }).pluck('id');
  const audiences = sitePolicy.audiences({ company_id: site.company_id });
  await recordChanges(trx, [{ entity: 'site', id, audiences }, ...waiting.map((requestId) => ({ entity: 'purchase_request' as const, id: requestId, audiences }))]);
  return getSite(trx, user, id);
}
