/**
 * The tax profile of a company (shared/schemas/tax-profile.ts): saved by its owner, read
 * by the owner and members (drivers act only for their deliveries), carried to their
 * devices inside the company's profile row (profiles/sync.ts). Its VAT and CR numbers
 * are the company's: saving writes them to the profile too, so the two never disagree.
 *
 * A complete, valid tax profile is evidence of a registered business, so it lifts the
 * company from `unverified` to the first verified tier (tierWithTaxProfile, shared with
 * the offline copy); higher tiers stay an admin's to give.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { tierWithTaxProfile, type TaxProfile, type TaxProfileSave } from '../../../shared/schemas/tax-profile';
import { notFound } from '../../../shared/errors';
import { recordChange, recordChanges } from '../../db/changes';
import { rowsOfUser } from '../admin/cascade';
import { profilePolicy } from '../profiles/policy';
import { assertCompanyOwner, assertTeamReader } from './service';

const COLUMNS = [
  'company_id',
  'legal_name',
  'legal_name_en',
  'vat_number',
  'cr_number',
  'iban',
  'building_number',
  'street',
  'district',
  'city',
  'postal_code',
  'additional_number',
  'default_payment_terms_days',
  'updated_at',
] as const;

type TaxProfileRow = Record<(typeof COLUMNS)[number], string | null | Date> & { default_payment_terms_days: number; company_id: string };

/** A row as the API presents it: the address as one object. */
function present(row: TaxProfileRow): TaxProfile {
  return {
    legal_name: row.legal_name as string,
    legal_name_en: row.legal_name_en as string | null,
    vat_number: row.vat_number as string,
    cr_number: row.cr_number as string,
    iban: row.iban as string | null,
    address: {
      building_number: row.building_number as string,
      street: row.street as string,
      district: row.district as string,
      city: row.city as string,
      postal_code: row.postal_code as string,
      additional_number: row.additional_number as string | null,
    },
    default_payment_terms_days: Number(row.default_payment_terms_days) as TaxProfile['default_payment_terms_days'],
    updated_at: new Date(row.updated_at as Date).toISOString(),
  };
}

/** The tax profiles of these companies, by company id (those without one are absent). */
export async function taxProfilesOf(db: Knex, companyIds: string[]): Promise<Map<string, TaxProfile>> {
  if (!companyIds.length) return new Map();
  const rows: TaxProfileRow[] = await db('company_tax_profiles').whereIn('company_id', companyIds).select(COLUMNS);
  return new Map(rows.map((row) => [row.company_id, present(row)]));
}

/** One company's tax profile, or null: what onboarding and invoicing read. */
export async function taxProfileOf(db: Knex, companyId: string): Promise<TaxProfile | null> {
  return (await taxProfilesOf(db, [companyId])).get(companyId) ?? null;
}

export async function getTaxProfile(db: Knex, user: SessionUser): Promise<TaxProfile> {
  const profile = await taxProfileOf(db, assertTeamReader(user));
  if (!profile) throw notFound('Tax profile');
  return profile;
}

/** Applies tierWithTaxProfile to the company; other users' copies show the tier, so they are told when it changes. */
async function liftTierByTaxProfile(trx: Knex.Transaction, companyId: string): Promise<void> {
  const profile = await trx('profiles').where({ user_id: companyId }).forUpdate().first('verification_tier');
  if (!profile) return;
  const next = tierWithTaxProfile(profile.verification_tier);
  if (next === profile.verification_tier) return;
  await trx('profiles').where({ user_id: companyId }).update({ verification_tier: next });
  await recordChanges(trx, await rowsOfUser(trx, companyId, 'upsert'));
}

/** Creates or replaces the company's tax profile (its owner only). */
export async function saveTaxProfile(trx: Knex.Transaction, user: SessionUser, input: TaxProfileSave): Promise<TaxProfile> {
  const companyId = assertCompanyOwner(user);
  const { address, ...fields } = input;
  const row = {
    ...fields,
    legal_name_en: fields.legal_name_en ?? null,
    iban: fields.iban ?? null,
    ...address,
    additional_number: address.additional_number ?? null,
  };
  await trx('company_tax_profiles')
    .insert({ company_id: companyId, ...row })
    .onConflict('company_id')
    .merge({ ...row, updated_at: trx.fn.now() });
  await trx('profiles').where({ user_id: companyId }).update({ vat_number: input.vat_number, cr_number: input.cr_number, updated_at: trx.fn.now() });
  await liftTierByTaxProfile(trx, companyId);
  await recordChange(trx, 'profile', companyId, profilePolicy.audiences({ user_id: companyId }));
  return (await taxProfileOf(trx, companyId))!;
}
