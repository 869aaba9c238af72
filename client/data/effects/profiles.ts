/** Local effects of the company's profile and tax profile (see types.ts), as server/modules/profiles saves them. */
import { taxProfileFromInput } from '../../../shared/schemas/tax-profile';
import { rowKey } from '../db/schema';
import { defined, patchRow, type EffectTable } from './types';

export const profileEffects: Pick<EffectTable, 'profile.save' | 'tax_profile.save'> = {
  'profile.save': {
    // The caller's own profile: the fields sent change (null clears one), the rest stay,
    // as on the server. The role cannot change there, so it is not taken from the args.
    keys: async (_args, _read, ctx) => [rowKey('profile', ctx.user_id)],
    apply({ role: _role, ...fields }, rows, ctx) {
      patchRow(rows, 'profile', ctx.user_id, defined(fields), ctx);
    },
  },
  'tax_profile.save': {
    // The company's profile row carries its tax profile; the profile's VAT and CR numbers
    // change with it, as on the server (a tax profile earns no tier: onboarding does).
    keys: async (_args, _read, ctx) => [rowKey('profile', ctx.user_id)],
    apply(args, rows, ctx) {
      patchRow(rows, 'profile', ctx.user_id, { vat_number: args.vat_number, cr_number: args.cr_number, tax_profile: taxProfileFromInput(args, ctx.now) }, ctx);
    },
  },
};
