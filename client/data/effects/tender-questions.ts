/**
 * Local effects of a tender's questions (see types.ts): none. Questions are read online
 * (GET /api/projects/{id}/questions), not from the local store, since who may see one and
 * whether its asker is shown are the server's to decide per reader; until a question
 * queued offline is sent, its asker sees it waiting in the outbox
 * (features/projects/TenderQuestions.tsx).
 */
import type { EffectTable } from './types';

export const questionEffects: Pick<EffectTable, 'tender_question.ask' | 'tender_question.answer'> = {
  'tender_question.ask': {
    keys: async () => [],
    apply() {},
  },
  'tender_question.answer': {
    keys: async () => [],
    apply() {},
  },
};
