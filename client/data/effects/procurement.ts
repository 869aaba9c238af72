/** Local effects of project and bid writes (see types.ts), following shared/lifecycle.ts. */
import { rowKey } from '../db/schema';
import { keysWhere, patchRow, type EffectTable } from './types';

type Procurement = Pick<EffectTable, 'project.create' | 'project.award' | 'project.status' | 'bid.create' | 'bid.withdraw'>;

export const procurementEffects: Procurement = {
  'project.create': {
    keys: async (args) => [rowKey('project', args.id)],
    apply(args, rows, ctx) {
      const key = rowKey('project', args.id);
      if (rows.get(key)) return;
      rows.set(key, {
        id: args.id,
        government_id: ctx.user_id,
        title: args.title,
        description: args.description,
        budget: args.budget ?? null,
        location: args.location,
        deadline_date: args.deadline_date ?? null,
        requirements: args.requirements ?? null,
        status: 'open',
        awarded_bid_id: null,
        government_name: ctx.company_name,
        bid_count: 0,
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'project.award': {
    keys: async (args, read) => [rowKey('project', args.id), ...(await keysWhere(read, 'bid', 'project_id', args.id))],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('project', args.id), { status: 'in_progress', awarded_bid_id: args.bid_id }, ctx);
      for (const [key, row] of rows) {
        if (!row || !key.startsWith('bid:') || row.project_id !== args.id) continue;
        if (row.id === args.bid_id) rows.set(key, { ...row, status: 'accepted', project_status: 'in_progress', updated_at: ctx.now });
        else if (row.status === 'submitted') rows.set(key, { ...row, status: 'rejected', project_status: 'in_progress', updated_at: ctx.now });
      }
    },
  },
  'project.status': {
    keys: async (args, read) => [rowKey('project', args.id), ...(await keysWhere(read, 'bid', 'project_id', args.id))],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('project', args.id), { status: args.status }, ctx);
      for (const [key, row] of rows) {
        if (!row || !key.startsWith('bid:') || row.project_id !== args.id) continue;
        const status = args.status === 'cancelled' && row.status === 'submitted' ? 'rejected' : row.status;
        rows.set(key, { ...row, status, project_status: args.status, updated_at: ctx.now });
      }
    },
  },
  'bid.create': {
    keys: async (args) => [rowKey('bid', args.id), rowKey('project', args.project_id)],
    apply(args, rows, ctx) {
      const key = rowKey('bid', args.id);
      const project = rows.get(rowKey('project', args.project_id));
      const current = rows.get(key);
      const fields = {
        amount: args.amount,
        proposal: args.proposal,
        estimated_completion_days: args.estimated_completion_days ?? null,
        updated_at: ctx.now,
      };
      if (current) {
        rows.set(key, { ...current, ...fields });
        return;
      }
      rows.set(key, {
        id: args.id,
        project_id: args.project_id,
        contractor_id: ctx.user_id,
        ...fields,
        status: 'submitted',
        contractor_name: ctx.company_name,
        contractor_verification_tier: ctx.verification_tier,
        contractor_average_rating: 0,
        contractor_total_reviews: 0,
        project_title: project ? String(project.title) : '',
        project_status: project ? project.status : 'open',
        created_at: ctx.now,
      });
      if (project) rows.set(rowKey('project', args.project_id), { ...project, bid_count: Number(project.bid_count ?? 0) + 1 });
    },
  },
  'bid.withdraw': {
    keys: async (args) => [rowKey('bid', args.id)],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('bid', args.id), { status: 'withdrawn' }, ctx);
    },
  },
};
