/**
 * Local effects of project, bid and tender writes (see types.ts), following
 * shared/lifecycle.ts and the sealed tender's rules (shared/tender.ts). What only the
 * server can know stays empty until its answer: a bid's receipt (digest and the time it
 * was received), the opening record, the end of a standstill.
 */
import { openingMoment } from '../../../shared/tender';
import { rowKey, type RowKey } from '../db/schema';
import { keysWhere, patchRow, type EffectTable } from './types';

type Procurement = Pick<
  EffectTable,
  'project.create' | 'project.award' | 'project.status' | 'project.closeBidding' | 'bid.create' | 'bid.withdraw' | 'objection.create' | 'objection.answer'
>;

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
        opens_at: args.deadline_date ? openingMoment(args.deadline_date) : null,
        opened_at: null,
        awarded_at: null,
        standstill_ends_at: null,
        award_final_at: null,
        phase: 'bidding',
        created_at: ctx.now,
        updated_at: ctx.now,
      });
    },
  },
  'project.award': {
    // The award starts the standstill: the project stays open and the bids submitted
    // until the award is final (the server's sweep, or at once with no standstill).
    keys: async (args) => [rowKey('project', args.id)],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('project', args.id), { awarded_bid_id: args.bid_id, awarded_at: ctx.now, standstill_ends_at: null, phase: 'standstill' }, ctx);
    },
  },
  'project.closeBidding': {
    // The owner of a project without a deadline opens its bids now.
    keys: async (args) => [rowKey('project', args.id)],
    apply(args, rows, ctx) {
      patchRow(rows, rowKey('project', args.id), { opens_at: ctx.now, phase: 'evaluation' }, ctx);
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
        // The receipt is the server's: none until it has received this version.
        received_at: ctx.now,
        digest: '',
        // Who sent this version: this device's person, until the server answers.
        created_by_name: ctx.person_name ?? null,
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
        // The server names the person who sent it.
        contractor_average_rating: 0,
        contractor_total_reviews: 0,
        project_title: project ? String(project.title) : '',
        project_status: project ? project.status : 'open',
        created_at: ctx.now,
      });
      // A count this device is not shown (null: sealed until the opening) stays unknown.
      if (project && project.bid_count != null) rows.set(rowKey('project', args.project_id), { ...project, bid_count: Number(project.bid_count) + 1 });
    },
  },
  'bid.withdraw': {
    keys: async (args, read) => {
      const bid = await read.get(rowKey('bid', args.id));
      return [rowKey('bid', args.id), ...(bid ? [rowKey('project', String(bid.project_id))] : [])];
    },
    apply(args, rows, ctx) {
      const key = rowKey('bid', args.id);
      const bid = rows.get(key);
      if (!bid || bid.status === 'withdrawn') return;
      patchRow(rows, key, { status: 'withdrawn', digest: '' }, ctx);
      // The count is of the bids still standing.
      const projectKey = rowKey('project', String(bid.project_id));
      const project = rows.get(projectKey);
      if (project && project.bid_count != null) rows.set(projectKey, { ...project, bid_count: Math.max(0, Number(project.bid_count) - 1) });
    },
  },
  'objection.create': {
    keys: async (args, read): Promise<RowKey[]> => [rowKey('objection', args.id), rowKey('project', args.project_id), ...(await keysWhere(read, 'bid', 'project_id', args.project_id))],
    apply(args, rows, ctx) {
      const key = rowKey('objection', args.id);
      if (rows.get(key)) return;
      const project = rows.get(rowKey('project', args.project_id));
      const mine = [...rows.values()].find((row) => row && row.project_id === args.project_id && row.contractor_id === ctx.user_id && 'amount' in row);
      rows.set(key, {
        id: args.id,
        project_id: args.project_id,
        award_bid_id: project?.awarded_bid_id ?? null,
        bid_id: mine?.id ?? null,
        contractor_id: ctx.user_id,
        contractor_name: ctx.company_name,
        reason: args.reason,
        status: 'open',
        answer: null,
        created_at: ctx.now,
        answered_at: null,
        updated_at: ctx.now,
      });
    },
  },
  'objection.answer': {
    keys: async (args, read) => {
      const objection = await read.get(rowKey('objection', args.id));
      return [rowKey('objection', args.id), ...(objection ? [rowKey('project', String(objection.project_id))] : [])];
    },
    apply(args, rows, ctx) {
      const key = rowKey('objection', args.id);
      const objection = rows.get(key);
      if (!objection || objection.status !== 'open') return;
      patchRow(rows, key, { status: args.decision, answer: args.answer, answered_at: ctx.now }, ctx);
      // Upheld: the award is withdrawn and the owner decides again.
      if (args.decision === 'upheld') {
        patchRow(rows, rowKey('project', String(objection.project_id)), { awarded_bid_id: null, awarded_at: null, standstill_ends_at: null, phase: 'evaluation' }, ctx);
      }
    },
  },
};
