/**
 * The site an RFQ or an instant order buys for, checked as a purchase request checks its
 * own: a site of the buyer's company (404 otherwise, as to anyone outside it), active, and
 * every budget line named one of that site. A company that runs sites buys through them: a
 * member who is not its owner names the site, so no order of theirs escapes the site's
 * approvals by leaving it out.
 */
import type { Knex } from 'knex';
import { notFound, siteClosed, validationFailed, type ErrorDetails } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session-user';

export interface SiteOrderLine {
  /** where the line sits in the body, for the error's path */
  path: string;
  budget_line_id?: string | null;
}

export async function checkOrderSite(trx: Knex.Transaction, user: SessionUser, siteId: string | null | undefined, lines: readonly SiteOrderLine[]): Promise<void> {
  if (!siteId) {
    if (user.member_role === 'owner') return;
    const runsSites = await trx('sites').where({ company_id: user.account_id, status: 'active' }).first('id');
    if (runsSites) throw validationFailed('Your company buys through its sites: name the site this is for', [{ path: 'site_id', message: 'required', code: 'site_required' }]);
    return;
  }
  const site = await trx('sites').where({ id: siteId }).first('id', 'company_id', 'status');
  if (!site || site.company_id !== user.account_id) throw notFound('Site');
  if (site.status !== 'active') throw siteClosed('This site is closed: nothing more is bought for it');
  const named = [...new Set(lines.map((l) => l.budget_line_id).filter((id): id is string => !!id))];
  const ofSite = new Set<string>(named.length ? await trx('site_budget_lines').where({ site_id: siteId }).whereIn('id', named).pluck('id') : []);
  const errors: ErrorDetails = lines
    .filter((l) => l.budget_line_id && !ofSite.has(l.budget_line_id))
    .map((l) => ({ path: l.path, message: 'not a budget line of this site', code: 'not_of_site' }));
  if (errors.length) throw validationFailed('These budget lines are not lines of this site', errors);
}
