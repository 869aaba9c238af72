/** Project and bid writes, a two-envelope tender's evaluation among them, through the outbox (they work offline and are sent once). */
import type { MutationInput } from '../../../shared/mutations';
import type { Bid } from '../../../shared/schemas/bid';
import type { Project } from '../../../shared/schemas/project';
import { rowKey, type AnyRow } from '../../data/db/schema';
import { useLocalWrite, useMutate } from '../../data/local/hooks';
import type { RowMap } from '../../data/effects/types';

export function useProjectMutations() {
  const mutate = useMutate();
  const write = useLocalWrite();
  return {
    /**
     * A new bid, or the update of the contractor's bid on that project (same id); resolves to
     * the bid as stored. `show` gets it in the task that stored it, or, given `project` (it and
     * `existing` as the screen holds them), in the tap's own task before it is
     * stored, then null should storing fail (useLocalWrite).
     */
    submitBid: async (
      input: Omit<MutationInput<'bid.create'>, 'id'>,
      existing?: Bid | null,
      show?: (bid: Bid | null) => void,
      project?: Project,
    ): Promise<Bid> => {
      const id = existing?.id ?? crypto.randomUUID();
      const bidOf = (rows: RowMap) => rows.get(rowKey('bid', id)) as unknown as Bid;
      const held: RowMap | undefined = project && new Map([[rowKey('bid', id), (existing ?? null) as AnyRow | null], [rowKey('project', project.id), project as unknown as AnyRow]]);
      const { rows } = await write('bid.create', { ...input, id }, show && ((w) => show(w && bidOf(w.rows))), held);
      return bidOf(rows);
    },
    withdrawBid: (bidId: string) => mutate('bid.withdraw', { id: bidId }),
    postProject: (input: Omit<MutationInput<'project.create'>, 'id'>) => mutate('project.create', { ...input, id: crypto.randomUUID() }),
    award: (projectId: string, bidId: string) => mutate('project.award', { id: projectId, bid_id: bidId }),
    /** A two-envelope tender's owner records a verdict per technical envelope (a fail with its reason), once. */
    technicalEvaluation: (projectId: string, results: MutationInput<'project.technicalEvaluation'>['results']) => mutate('project.technicalEvaluation', { id: projectId, results }),
    /** Then opens the financial envelopes of the bids that passed. */
    openFinancial: (projectId: string) => mutate('project.openFinancial', { id: projectId }),
    close: (projectId: string, status: 'completed' | 'cancelled') => mutate('project.status', { id: projectId, status }),
  };
}
