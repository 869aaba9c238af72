/**
 * Profiles: one per user, created at setup. The role chosen at setup is final
 * (409 role_locked), because everything the user made belongs to that role's flows.
 */
import type { Knex } from 'knex';
import type { ProfileUpsert } from '../../../shared/schemas/profile';
import type { SessionUser } from '../../auth/session-user';
import { crNumberTaken, notFound, ownerOnly, roleLocked, validationFailed, vatNumberTaken } from '../../../shared/errors';
import { SELF_ASSIGNABLE_ROLES } from '../../../shared/constants';
import { recordChange, recordChanges } from '../../db/changes';
import { rowsOfUser } from './cascade';
import { profilePolicy } from './policy';

export const PROFILE_COLUMNS = [
  'user_id',
  'role',
  'company_name',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
  'description',
  'verification_tier',
  'average_rating',
  'total_reviews',
  'cr_number',
  'vat_number',
  'language',
  'receipt_tolerance_percent',
  'suspended_at',
  'suspension_reason',
] as const;

export async function getProfile(knex: Knex, userId: string) {
  const row = await knex('profiles').where({ user_id: userId }).first(PROFILE_COLUMNS);
  if (!row) throw notFound('Profile');
  return row;
}

/**
 * The VAT and CR numbers a company's profile shows: its tax profile's once it has one (its
 * invoices name those, and the two never disagree, whatever the profile form sent); before
 * that, what it declares, unless another company's tax profile holds the number
 * (vat_number_taken, cr_number_taken: a number belongs to one company).
 */
async function taxNumbersOf(trx: Knex.Transaction, companyId: string, input: ProfileUpsert): Promise<Pick<ProfileUpsert, 'vat_number' | 'cr_number'>> {
  const own = await trx('company_tax_profiles').where({ company_id: companyId }).first('vat_number', 'cr_number');
  if (own) return own;
  const held = async (column: 'vat_number' | 'cr_number', value: string | null | undefined) =>
    !!value && !!(await trx('company_tax_profiles').where(column, value).whereNot('company_id', companyId).first('company_id'));
  if (await held('vat_number', input.vat_number)) throw vatNumberTaken();
  if (await held('cr_number', input.cr_number)) throw crNumberTaken();
  return {};
}

/**
 * The caller's company profile: created at setup (which founds the company: a trigger
 * makes its owner row), then changed by its owner only. A member or driver of a company
 * cannot found another one.
 */
export async function saveProfile(trx: Knex.Transaction, user: SessionUser, input: ProfileUpsert) {
  if (user.company_id && user.member_role !== 'owner') throw ownerOnly();
  const existing = await trx('profiles').where({ user_id: user.account_id }).forUpdate().first('role', 'company_name', 'phone', 'website', 'city');
  if (existing && existing.role !== input.role) {
    throw roleLocked();
  }
  if (!existing && !(SELF_ASSIGNABLE_ROLES as readonly string[]).includes(input.role)) {
    throw validationFailed('Invalid input: role', [{ path: 'role', message: 'Choose supplier, contractor, government or transport' }]);
  }
  const fields = { ...input, ...(await taxNumbersOf(trx, user.account_id, input)), updated_at: trx.fn.now() };
  if (existing) {
    await trx('profiles').where({ user_id: user.account_id }).update(fields);
  } else {
    await trx('profiles').insert({ ...fields, user_id: user.account_id });
  }
  await recordChange(trx, 'profile', user.account_id, profilePolicy.audiences({ user_id: user.account_id }));
  // Other users' copies show this company name (supplier_name, government_name, ...), and
  // a supplier's products show their phone, website and city.
  const shown = ['company_name', 'phone', 'website', 'city'] as const;
  if (existing && shown.some((f) => input[f] !== undefined && (input[f] ?? null) !== (existing[f] ?? null))) {
    await recordChanges(trx, await rowsOfUser(trx, user.account_id, 'upsert'));
  }
  return trx('profiles').where({ user_id: user.account_id }).first(PROFILE_COLUMNS);
}
