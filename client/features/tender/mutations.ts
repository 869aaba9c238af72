/** Tender writes through the outbox: closing the bidding, objecting to an award, answering an objection. */
import type { ObjectionAnswer } from '../../../shared/schemas/tender';
import { useMutate } from '../../data/local/hooks';

export function useTenderMutations() {
  const mutate = useMutate();
  return {
    /** The owner of a project without a deadline ends the bidding, which opens the bids. */
    closeBidding: (projectId: string) => mutate('project.closeBidding', { id: projectId }),
    fileObjection: (projectId: string, reason: string) => mutate('objection.create', { id: crypto.randomUUID(), project_id: projectId, reason }),
    answerObjection: (objectionId: string, answer: ObjectionAnswer) => mutate('objection.answer', { id: objectionId, ...answer }),
  };
}
