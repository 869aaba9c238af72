/**
 * The project and bid writes a client may queue offline. Each runs the
 * same service function as its REST route; the args (shared/mutations.ts) are the route's
 * body plus the id its path carries, as `id`.
 */
import { defineMutation, type AreaMutations } from '../sync/contracts';
import { awardProject, changeProjectStatus, createProject } from './service';
import { submitBid, withdrawBid } from './bids';

export const mutations = {
  'project.create': defineMutation('project.create', async (trx, user, args) => (await createProject(trx, user, args)).row),
  'project.award': defineMutation('project.award', awardProject),
  'project.status': defineMutation('project.status', changeProjectStatus),
  'bid.create': defineMutation('bid.create', async (trx, user, args) => (await submitBid(trx, user, args)).row),
  'bid.withdraw': defineMutation('bid.withdraw', withdrawBid),
} satisfies AreaMutations<'project.create' | 'project.award' | 'project.status' | 'bid.create' | 'bid.withdraw'>;
