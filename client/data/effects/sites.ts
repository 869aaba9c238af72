/**
 * Local effects of sites (see types.ts), as the server makes them
 * (server/modules/sites/service.ts): a new site is the row the server will answer, active,
 * its budget lines numbered in the order sent, its rules the default (no approval up to
 * 10,000 SAR, the owner above: the writer, the only one who may create a site, and the
 * company's account), no tolerance over an approved amount; new rules replace the site's
 * levels as sent, and its tolerance when one is sent.
 */
import { defaultApprovalLevels } from '../../../shared/schemas/site';
import { rowKey } from '../db/schema';
import { getRow, patchRow, setRow, type EffectTable, type LocalEffect } from './types';

type Sites = Pick<EffectTable, 'site.create' | 'site.set_approval_rules'>;

const create: LocalEffect<'site.create'> = {
  keys: async (args) => [rowKey('site', args.id)],
  apply(args, rows, ctx) {
    // The same id again is the same site: the server answers the stored one.
    if (getRow(rows, 'site', args.id)) return;
    const managerId = args.manager_id ?? null;
    // The person writing (the owner, whose user is the company's account: the two are one id).
    const me = ctx.person_id ?? ctx.user_id;
    setRow(rows, 'site', {
      id: args.id,
      company_id: ctx.user_id,
      name: args.name,
      location: args.location,
      starts_on: args.starts_on ?? null,
      ends_on: args.ends_on ?? null,
      manager_id: managerId,
      // The writer's own name when they run the site themselves; another member's arrives with the server's row.
      manager_name: managerId !== null && managerId === me ? (ctx.person_name ?? null) : null,
      status: 'active',
      created_by: me,
      budget_lines: (args.budget_lines ?? []).map((l, i) => ({
        id: l.id,
        position: i + 1,
        code: l.code ?? null,
        description: l.description,
        quantity: l.quantity,
        unit: l.unit,
        category_id: l.category_id ?? null,
        budget_amount: l.budget_amount,
      })),
      levels: defaultApprovalLevels(ctx.user_id),
      approval_tolerance_percent: 0,
      created_at: ctx.now,
      updated_at: ctx.now,
    });
  },
};

const setRules: LocalEffect<'site.set_approval_rules'> = {
  keys: async (args) => [rowKey('site', args.id)],
  apply: (args, rows, ctx) =>
    patchRow(
      rows,
      'site',
      args.id,
      {
        levels: args.levels.map((l) => ({ up_to_amount: l.up_to_amount, approver_ids: [...l.approver_ids] })),
        ...(args.tolerance_percent === undefined ? {} : { approval_tolerance_percent: args.tolerance_percent }),
      },
      ctx,
    ),
};

export const siteEffects: Sites = { 'site.create': create, 'site.set_approval_rules': setRules };
