/**
 * Local effects of project, bid and tender writes (see types.ts), following
 * shared/lifecycle.ts and the sealed tender's rules (shared/tender.ts). What only the
 * server can know stays empty until its answer: a bid's receipt (digest and the time it
 * was received), the opening record, the end of a standstill.
 */
import { bidBondCompliant, tenderDeadline } from '../../../shared/tender';
import { rowKey, type RowKey } from '../db/schema';
import { getRow, keysWhere, patchRow, rowsOf, setRow, type EffectTable } from './types';

type Projects = Pick<
  EffectTable,
  | 'project.create'
  | 'project.award'
  | 'project.status'
  | 'project.closeBidding'
  | 'project.technicalEvaluation'
  | 'project.openFinancial'
  | 'bid.create'
  | 'bid.withdraw'
  | 'objection.create'
  | 'objection.answer'
>;

export const projectEffects: Projects = {
  'project.create': {
    keys: async (args) => [rowKey('project', args.id)],
    apply(args, rows, ctx) {
      if (getRow(rows, 'project', args.id)) return;
      const deadline = tenderDeadline(args);
      setRow(rows, 'project', {
        id: args.id,
        government_id: ctx.user_id,
        title: args.title,
        description: args.description,
        budget: args.budget ?? null,
        location: args.location,
        deadline_at: deadline?.at ?? null,
        deadline_date: deadline?.day ?? null,
        requirements: args.requirements ?? null,
        status: 'open',
        awarded_bid_id: null,
        government_name: ctx.company_name,
        bid_count: 0,
        opens_at: deadline?.at ?? null,
        opened_at: null,
        awarded_at: null,
        standstill_ends_at: null,
        award_final_at: null,
        phase: 'bidding',
        questions_until: args.questions_until ?? null,
        envelopes: args.envelopes ?? 1,
        bid_bond_percent: args.bid_bond_percent ?? null,
        technical_evaluated_at: null,
        financial_opened_at: null,
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
      patchRow(rows, 'project', args.id, { awarded_bid_id: args.bid_id, awarded_at: ctx.now, standstill_ends_at: null, phase: 'standstill' }, ctx);
    },
  },
  'project.closeBidding': {
    // The owner of a project without a deadline opens its bids now.
    keys: async (args) => [rowKey('project', args.id)],
    apply(args, rows, ctx) {
      const project = getRow(rows, 'project', args.id);
      // A two-envelope tender opens its technical envelopes only.
      patchRow(rows, 'project', args.id, { opens_at: ctx.now, phase: project?.envelopes === 2 ? 'technical_evaluation' : 'evaluation' }, ctx);
    },
  },
  'project.technicalEvaluation': {
    // The verdicts land on the technical envelopes the owner's device holds; the bidders'
    // bid rows are not on it (their amounts are sealed), so only the envelopes change.
    keys: async (args): Promise<RowKey[]> => [rowKey('project', args.id), ...args.results.map((r) => rowKey('technical_envelope', r.bid_id))],
    apply(args, rows, ctx) {
      const project = getRow(rows, 'project', args.id);
      if (!project || project.technical_evaluated_at) return;
      patchRow(rows, 'project', args.id, { technical_evaluated_at: ctx.now }, ctx);
      for (const r of args.results) {
        const envelope = getRow(rows, 'technical_envelope', r.bid_id);
        if (envelope?.project_id !== args.id) continue;
        patchRow(rows, 'technical_envelope', r.bid_id, { result: { pass: r.pass, reason: r.pass ? null : (r.reason ?? null) } }, ctx);
      }
    },
  },
  'project.openFinancial': {
    // The amounts of the passed bids come with the server's answer (their rows and the
    // completed opening record); the device knows only that they are open.
    keys: async (args) => [rowKey('project', args.id)],
    apply(args, rows, ctx) {
      const project = getRow(rows, 'project', args.id);
      if (!project?.technical_evaluated_at || project.financial_opened_at) return;
      patchRow(rows, 'project', args.id, { financial_opened_at: ctx.now, phase: project.phase === 'technical_evaluation' ? 'evaluation' : project.phase }, ctx);
    },
  },
  'project.status': {
    keys: async (args, read) => [rowKey('project', args.id), ...(await keysWhere(read, 'bid', 'project_id', args.id))],
    apply(args, rows, ctx) {
      patchRow(rows, 'project', args.id, { status: args.status }, ctx);
      for (const bid of rowsOf(rows, 'bid')) {
        if (bid.project_id !== args.id) continue;
        const status = args.status === 'cancelled' && bid.status === 'submitted' ? 'rejected' : bid.status;
        patchRow(rows, 'bid', bid.id, { status, project_status: args.status }, ctx);
      }
    },
  },
  'bid.create': {
    keys: async (args) => [rowKey('bid', args.id), rowKey('project', args.project_id)],
    apply(args, rows, ctx) {
      const project = getRow(rows, 'project', args.project_id);
      const current = getRow(rows, 'bid', args.id);
      const asksBond = project ? project.bid_bond_percent != null : !!args.bid_bond;
      const fields = {
        amount: args.amount,
        proposal: args.proposal,
        estimated_completion_days: args.estimated_completion_days ?? null,
        // The receipt is the server's: none until it has received this version.
        received_at: ctx.now,
        digest: '',
        // Who sent this version: this device's person, until the server answers.
        created_by_name: ctx.person_name ?? null,
        technical: args.technical ? { text: args.technical.text ?? null, document_ids: args.technical.document_ids } : null,
        bid_bond: args.bid_bond ?? null,
        // Held to the deadline as the server holds it; null where the tender asks for no bond.
        bid_bond_compliant: asksBond ? !!project?.opens_at && bidBondCompliant(args.bid_bond, project.opens_at) : null,
        technical_result: null,
        updated_at: ctx.now,
      };
      if (current) {
        setRow(rows, 'bid', { ...current, ...fields });
        return;
      }
      setRow(rows, 'bid', {
        id: args.id,
        project_id: args.project_id,
        contractor_id: ctx.user_id,
        ...fields,
        status: 'submitted',
        contractor_name: ctx.company_name,
        contractor_verification_tier: ctx.verification_tier,
        // The server fills them from the bidder's reviews.
        contractor_average_rating: 0,
        contractor_total_reviews: 0,
        contractor_scorecard: null,
        project_title: project?.title ?? '',
        project_status: project?.status ?? 'open',
        created_at: ctx.now,
      });
      // A count this device is not shown (null: sealed until the opening) stays unknown.
      if (project && project.bid_count != null) setRow(rows, 'project', { ...project, bid_count: project.bid_count + 1 });
    },
  },
  'bid.withdraw': {
    keys: async (args, read) => {
      const bid = await read.get(rowKey('bid', args.id));
      return [rowKey('bid', args.id), ...(bid ? [rowKey('project', String(bid.project_id))] : [])];
    },
    apply(args, rows, ctx) {
      const bid = getRow(rows, 'bid', args.id);
      if (!bid || bid.status === 'withdrawn') return;
      // The receipt of the last version stays the server's record of what it received.
      patchRow(rows, 'bid', args.id, { status: 'withdrawn' }, ctx);
      // The count is of the bids still standing.
      const project = getRow(rows, 'project', bid.project_id);
      if (project && project.bid_count != null) setRow(rows, 'project', { ...project, bid_count: Math.max(0, project.bid_count - 1) });
    },
  },
  'objection.create': {
    keys: async (args, read): Promise<RowKey[]> => [rowKey('objection', args.id), rowKey('project', args.project_id), ...(await keysWhere(read, 'bid', 'project_id', args.project_id))],
    apply(args, rows, ctx) {
      if (getRow(rows, 'objection', args.id)) return;
      const project = getRow(rows, 'project', args.project_id);
      const mine = rowsOf(rows, 'bid').find((bid) => bid.project_id === args.project_id && bid.contractor_id === ctx.user_id);
      // Only a bidder may object to an award: without both the server refuses it.
      if (!project?.awarded_bid_id || !mine) return;
      setRow(rows, 'objection', {
        id: args.id,
        project_id: args.project_id,
        award_bid_id: project.awarded_bid_id,
        bid_id: mine.id,
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
      const objection = getRow(rows, 'objection', args.id);
      if (!objection || objection.status !== 'open') return;
      patchRow(rows, 'objection', args.id, { status: args.decision, answer: args.answer, answered_at: ctx.now }, ctx);
      // Upheld: the award is withdrawn and the owner decides again.
      if (args.decision === 'upheld') {
        patchRow(rows, 'project', objection.project_id, { awarded_bid_id: null, awarded_at: null, standstill_ends_at: null, phase: 'evaluation' }, ctx);
      }
    },
  },
};
