/**
 * A tender's questions and answers: a contractor asks until the project's
 * questions_until, the owner answers, and the answer is published to every reader of the
 * project. Who asked is withheld from everyone but the project's owner and the asking
 * company: for others `mine` is false and `asker_name` null (server/modules/projects/
 * tender-questions.ts presents it so for REST and the sync push alike).
 */
import { z } from 'zod';
import { MAX, clientIdField, requiredText, timestampSchema, uuidSchema } from './common';

export const tenderQuestionSchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema,
  text: z.string(),
  asked_at: timestampSchema,
  answer: z.string().nullable(),
  answered_at: timestampSchema.nullable(),
  /** the reader's company asked it */
  mine: z.boolean(),
  /** the asking company's name: to the project's owner and the asker only, else null */
  asker_name: z.string().nullable(),
});
export type TenderQuestion = z.infer<typeof tenderQuestionSchema>;

/** POST /api/projects/:id/questions (the id is the client's, so a resend is the same question). */
export const questionAskSchema = z.strictObject({
  ...clientIdField,
  text: requiredText(MAX.text),
});
/** The sync mutation tender_question.ask: the body, the question's id and the project's id. */
export const questionAskArgsSchema = questionAskSchema.extend({ id: uuidSchema, project_id: uuidSchema });
export type QuestionAskArgs = z.infer<typeof questionAskArgsSchema>;

/** POST /api/projects/:id/questions/:qid/answer. */
export const questionAnswerSchema = z.strictObject({ text: requiredText(MAX.text) });
/** The sync mutation tender_question.answer: the answer, the question's id as `id` and its project's id. */
export const questionAnswerArgsSchema = questionAnswerSchema.extend({ id: uuidSchema, project_id: uuidSchema });
export type QuestionAnswerArgs = z.infer<typeof questionAnswerArgsSchema>;
