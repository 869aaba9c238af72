/**
 * The profile write a client may queue offline: the same service
 * function as POST /api/profiles, so an edit made on site is checked by the same rules
 * (role locked, phone to E.164, CR and VAT) when it arrives.
 */
import { areaMutations } from '../sync/contracts';
import { saveProfile } from './service';

export const mutations = areaMutations({
  'profile.save': (trx, user, args) => saveProfile(trx, user, args),
});
