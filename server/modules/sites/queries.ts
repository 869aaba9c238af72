/**
 * How sites are read: the row as the API presents it (its budget lines and its approval
 * levels, in their order), for REST and the sync loader alike.
 */
import type { Knex } from 'knex';
import type { Site } from '../../../shared/schemas/site';

/** Sites (alias s) with their manager's name. */
export function siteQuery(db: Knex) {
  return db('sites as s')
    .leftJoin('users as mu', 'mu.id', 's.manager_id')
    .select(
      's.id',
      's.company_id',
      's.name',
      's.location',
      db.raw(`to_char(s.starts_on, 'YYYY-MM-DD') as starts_on`),
      db.raw(`to_char(s.ends_on, 'YYYY-MM-DD') as ends_on`),
      's.manager_id',
      db.raw(`nullif(trim(mu.name), '') as manager_name`),
      's.status',
      's.created_by',
      db.raw('s.approval_tolerance_percent::float8 as approval_tolerance_percent'),
      db.raw(`coalesce((select json_agg(json_build_object('id', b.id, 'position', b.position, 'code', b.code, 'description', b.description,
                 'quantity', b.quantity, 'unit', b.unit, 'category_id', b.category_id, 'budget_amount', b.budget_amount) order by b.position)
               from site_budget_lines b where b.site_id = s.id), '[]'::json) as budget_lines`),
      db.raw(`coalesce((select json_agg(json_build_object('up_to_amount', al.up_to_amount, 'approver_ids', to_json(al.approver_ids)) order by al.position)
               from site_approval_levels al where al.site_id = s.id), '[]'::json) as levels`),
      's.created_at',
      's.updated_at',
    );
}

/** The rows of `q` as the API presents them. */
export async function readSites(q: Knex.QueryBuilder): Promise<Site[]> {
  return (await q) as Site[];
}
