/** Project and bid writes, a two-envelope tender's evaluation among them, through the outbox (they work offline and are sent once). */
import type { MutationInput } from '../../../shared/mutations';
import type { Bid } from '../../../shared/schemas/bid';
import { rowKey } from '../../data/db/schema';
import { useLocalWrite, useMutate } from '../../data/local/hooks';
import type { RowMap } from '../../data/effects/types';

export function useProjectMutations() {
  const mutate = useMutate();
  const write = useLocalWrite();
  return {
    /**
     * A new bid, or the update of the contractor's bid on that project (same id); resolves to
     * the bid as stored, which `show` gets in the task that stored it (useLocalWrite).
     */
    submitBid: async (input: Omit<MutationInput<'bid.create'>, 'id'>, existingBidId?: string, show?: (bid: Bid) => void): Promise<Bid> => {
      const id = existingBidId ?? crypto.randomUUID();
      const bidOf = (rows: RowMap) => rows.get(rowKey('bid', id)) as unknown as Bid;
      const { rows } = await write('bid.create', { ...input, id }, show && ((w) => w && show(bidOf(w.rows))));
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
