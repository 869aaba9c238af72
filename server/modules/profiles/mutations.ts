/**
 * The profile write a client may queue offline: the same service
 * function as POST /api/profiles, so an edit made on site is checked by the same rules
 * (role locked, phone to E.164, CR and VAT) when it arrives; and the company's tax
 * profile, the same function as PUT /api/company/tax-profile.
 */
import { areaMutations } from '../sync/contracts';
import { saveTaxProfile } from '../company/tax-profile';
import { saveProfile } from './service';

export const mutations = areaMutations({
  'profile.save': (trx, user, args) => saveProfile(trx, user, args),
  'tax_profile.save': (trx, user, args) => saveTaxProfile(trx, user, args),
});
