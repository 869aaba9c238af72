/**
 * The tax profile of a company (shared/schemas/tax-profile.ts): saved by its owner, read
 * by the owner and members (drivers act only for their deliveries), carried to their
 * devices inside the company's profile row (sync.ts). Its VAT and CR numbers
 * are the company's: saving writes them to the profile too, so the two never disagree.
 *
 * A VAT number and a CR number belong to one company: a profile naming numbers another
 * company's profile holds is refused (vat_number_taken, cr_number_taken; unique indexes
 * hold it under concurrent saves). A profile is the company's own word, so saving it lifts
 * no verification tier; neither does the e-invoicing onboarding: ZATCA's OTP shows who holds
 * the VAT number's portal, not that the CR is active under the company's name, which only
 * the commercial register answers. The tier is earned (shared/tiers.ts, modules/tiers).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { TaxProfile, TaxProfileSave } from '../../../shared/schemas/tax-profile';
import { crNumberTaken, notFound, vatNumberLocked, vatNumberTaken } from '../../../shared/errors';
import { recordChange } from '../../db/changes';
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
  const taken = await trx('company_tax_profiles')
    .whereNot('company_id', companyId)
    .where((w) => w.where('vat_number', input.vat_number).orWhere('cr_number', input.cr_number))
    .first('vat_number');
  if (taken) throw taken.vat_number === input.vat_number ? vatNumberTaken() : crNumberTaken();
  // ZATCA onboarded the unit for the VAT number it holds: its certificate names that number.
  const onboardedFor = await trx('company_tax_profiles as t')
    .join('einvoicing_units as u', 'u.company_id', 't.company_id')
    .where({ 't.company_id': companyId, 'u.status': 'ready' })
    .first('t.vat_number');
  if (onboardedFor && onboardedFor.vat_number !== input.vat_number) throw vatNumberLocked();
  await trx('company_tax_profiles')
    .insert({ company_id: companyId, ...row })
    .onConflict('company_id')
    .merge({ ...row, updated_at: trx.fn.now() });
  await trx('profiles').where({ user_id: companyId }).update({ vat_number: input.vat_number, cr_number: input.cr_number, updated_at: trx.fn.now() });
  await recordChange(trx, 'profile', companyId, profilePolicy.audiences({ user_id: companyId }));
  return (await taxProfileOf(trx, companyId))!;
}
