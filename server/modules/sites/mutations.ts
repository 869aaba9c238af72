/** The site writes a phone may queue offline: the same service functions as the routes, the site named by id. */
import { areaMutations } from '../sync/contracts';
import { createSite, setApprovalRules } from './service';

export const mutations = areaMutations({
  'site.create': (trx, user, args) => createSite(trx, user, args),
  'site.set_approval_rules': (trx, user, { id, ...rules }) => setApprovalRules(trx, user, id, rules),
});
