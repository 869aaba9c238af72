/**
 * The project, bid and tender writes a client may queue offline. Each runs the
 * same service function as its REST route; the args (shared/mutations.ts) are the route's
 * body plus the id its path carries, as `id`.
 */
import { areaMutations } from '../sync/contracts';
import { awardProject, changeProjectStatus, createProject } from './service';
import { submitBid, withdrawBid } from './bids';
import { closeBidding } from './tender-closing';
import { evaluateTechnical, openFinancial } from './tender-envelopes';
import { answerObjection, createObjection } from './tender-objections';
import { answerQuestion, askQuestion } from './tender-questions';

export const mutations = areaMutations({
  'project.create': async (trx, user, args, deps) => (await createProject(trx, user, args, deps)).row,
  'project.award': awardProject,
  'project.status': changeProjectStatus,
  'project.closeBidding': closeBidding,
  'project.technicalEvaluation': evaluateTechnical,
  'project.openFinancial': openFinancial,
  'bid.create': async (trx, user, args, deps) => (await submitBid(trx, user, args, deps)).row,
  'bid.withdraw': withdrawBid,
  'objection.create': async (trx, user, args, deps) => (await createObjection(trx, user, args, deps)).row,
  'objection.answer': answerObjection,
  'tender_question.ask': async (trx, user, args, deps) => (await askQuestion(trx, user, args, deps)).row,
  'tender_question.answer': answerQuestion,
});
