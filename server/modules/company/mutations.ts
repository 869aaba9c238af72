/**
 * The company write a client may queue offline: its tax profile, the same function as
 * PUT /api/company/tax-profile, so a profile saved on site meets the same checks (the
 * owner only, numbers no other company holds, a VAT number ZATCA onboarded stays).
 */
import { areaMutations } from '../sync/contracts';
import { saveTaxProfile } from './tax-profile';

export const mutations = areaMutations({
  'tax_profile.save': (trx, user, args) => saveTaxProfile(trx, user, args),
});
