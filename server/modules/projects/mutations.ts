/**
 * The project and bid writes a client may queue offline (DESIGN section 10). Each runs the
 * same service function as its REST route; the args are the route's body plus the ids its
 * path carries.
 */
import { defineMutation, type MutationTable } from '../sync/contracts';
import { bidCreateSchema, bidWithdrawArgsSchema } from '../../../shared/schemas/bid';
import { projectAwardArgsSchema, projectCreateSchema, projectStatusArgsSchema } from '../../../shared/schemas/project';
import { awardProject, changeProjectStatus, createProject } from './service';
import { submitBid, withdrawBid } from './bids';

export const mutations: MutationTable = {
  'project.create': defineMutation({
    schema: projectCreateSchema,
    run: async (trx, user, args) => (await createProject(trx, user, args)).row,
  }),
  'project.award': defineMutation({ schema: projectAwardArgsSchema, run: awardProject }),
  'project.status': defineMutation({ schema: projectStatusArgsSchema, run: changeProjectStatus }),
  'bid.create': defineMutation({
    schema: bidCreateSchema,
    run: async (trx, user, args) => (await submitBid(trx, user, args)).row,
  }),
  'bid.withdraw': defineMutation({ schema: bidWithdrawArgsSchema, run: withdrawBid }),
};
