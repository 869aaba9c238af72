/** Project and bid writes, through the outbox (they work offline and are sent once). */
import type { MutationInput } from '../../../shared/mutations';
import { useMutate } from '../../data/local/hooks';

export function useProjectMutations() {
  const mutate = useMutate();
  return {
    /** A new bid, or the update of the contractor's bid on that project (same id). */
    submitBid: (input: Omit<MutationInput<'bid.create'>, 'id'>, existingBidId?: string) =>
      mutate('bid.create', { ...input, id: existingBidId ?? crypto.randomUUID() }),
    withdrawBid: (bidId: string) => mutate('bid.withdraw', { id: bidId }),
    postProject: (input: Omit<MutationInput<'project.create'>, 'id'>) => mutate('project.create', { ...input, id: crypto.randomUUID() }),
    award: (projectId: string, bidId: string) => mutate('project.award', { id: projectId, bid_id: bidId }),
    close: (projectId: string, status: 'completed' | 'cancelled') => mutate('project.status', { id: projectId, status }),
  };
}
