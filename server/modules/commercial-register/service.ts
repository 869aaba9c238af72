/**
 * A company's CR checked against the commercial register (shared/schemas/cr-verification.ts
 * says what each result means). The owner asks (verifyCompanyCr); the yearly check on the
 * CR's confirmation date and the check of a changed CR run in the sweep (sweepCrChecks,
 * every few minutes in the upkeep and at once when the test clock moves).
 * Each asks the register outside any transaction, then records its answer and the tier it
 * gives in one short transaction (recordCheck), so no row lock waits on the network.
 *
 * The tier: the check's result is on record, and the company's tier is then recomputed
 * by the one rule (shared/tiers.ts, modules/tiers): an active CR under the company's own
 * name verifies it (and its deals may earn more); any other answer leaves it `unverified`,
 * whatever tier it had, until a check passes again.
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { CrCheckResult, CrVerification, CrVerifyAnswer } from '../../../shared/schemas/cr-verification';
import { crNumberMissing, notFound, registerUnavailable } from '../../../shared/errors';
import { recomputeTier } from '../tiers/recompute';
import { assertCompanyOwner, assertTeamReader } from '../company/service';
import { lookUpCr, RegisterUnavailable, type RegisterRecord } from './wathq';
import { sameRegisteredName } from './names';

/** The CR a company gives and the legal name the register must hold for it. */
async function companyOf(db: Knex, companyId: string): Promise<{ cr_number: string | null; legal_name: string | null }> {
  const row = await db('profiles as p')
    .leftJoin('company_tax_profiles as t', 't.company_id', 'p.user_id')
    .where('p.user_id', companyId)
    .first(db.raw('coalesce(t.cr_number, p.cr_number) as cr_number'), db.raw('coalesce(t.legal_name, p.company_name) as legal_name'));
  if (!row) throw notFound('Company');
  return row;
}

/** What the register's record says of the company. */
function checkResult(record: RegisterRecord | null, legalName: string | null): CrCheckResult {
  if (!record) return 'not_found';
  const status = record.status_id.toLowerCase();
  if (status !== 'active') return status.includes('suspend') ? 'suspended' : status.includes('expir') ? 'expired' : 'inactive';
  return legalName && sameRegisteredName(record.name, legalName) ? 'verified' : 'name_mismatch';
}

const addYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`.replace(/-02-29$/, '-02-28');

/** The day of the next yearly check: the CR's confirmation date still to come, else a year from today; none unless verified. */
function nextCheckOn(result: CrCheckResult, record: RegisterRecord | null, today: string): string | null {
  if (result !== 'verified') return null;
  const confirmation = record?.confirmation_date;
  return confirmation && confirmation > today ? confirmation : addYear(today);
}

async function askRegister(config: Pick<Config, 'wathq'>, cr: string): Promise<RegisterRecord | null> {
  try {
    return await lookUpCr(config, cr);
  } catch (error) {
    if (error instanceof RegisterUnavailable) throw registerUnavailable();
    throw error;
  }
}

const toVerification = (row: Record<string, unknown>): CrVerification => ({
  cr_number: row.cr_number as string,
  result: row.result as CrCheckResult,
  register_name: (row.register_name as string | null) ?? null,
  register_status: (row.register_status as string | null) ?? null,
  checked_at: new Date(row.checked_at as string).toISOString(),
  next_check_on: row.next_check_on ? String(row.next_check_on).slice(0, 10) : null,
});

/** Records the register's answer about `cr` and the tier it gives; answers both. */
async function recordCheck(
  knex: Knex,
  companyId: string,
  cr: string,
  legalName: string | null,
  record: RegisterRecord | null,
  clock: Pick<Clock, 'now' | 'today'>,
): Promise<CrVerifyAnswer> {
  const result = checkResult(record, legalName);
  const row = {
    company_id: companyId,
    cr_number: cr,
    result,
    register_name: record?.name ?? null,
    register_status: record?.status_name ?? null,
    checked_at: clock.now(),
    next_check_on: nextCheckOn(result, record, clock.today()),
  };
  return knex.transaction(async (trx) => {
    const profile = await trx('profiles').where({ user_id: companyId }).forUpdate().first('user_id');
    if (!profile) throw notFound('Company');
    await trx('company_cr_checks').insert(row).onConflict('company_id').merge();
    const tier = (await recomputeTier(trx, companyId, clock.now()))!;
    return { verification: toVerification(row as never), tier };
  });
}

/** POST /api/company/verify-cr: the owner has the company's CR checked now. */
export async function verifyCompanyCr(knex: Knex, config: Pick<Config, 'wathq'>, clock: Pick<Clock, 'now' | 'today'>, user: SessionUser): Promise<CrVerifyAnswer> {
  const companyId = assertCompanyOwner(user);
  const company = await companyOf(knex, companyId);
  if (!company.cr_number) throw crNumberMissing();
  const record = await askRegister(config, company.cr_number);
  return recordCheck(knex, companyId, company.cr_number, company.legal_name, record, clock);
}

/** GET /api/company/cr-verification: the last check (owner and members). */
export async function getCrVerification(db: Knex, user: SessionUser): Promise<CrVerification> {
  const row = await db('company_cr_checks').where({ company_id: assertTeamReader(user) }).first();
  if (!row) throw notFound('CR verification');
  return toVerification(row);
}

/**
 * The checks that are due: a verified CR on its yearly day, and a CR that changed since its
 * check (the company's profile or tax profile now gives another: the check of the old one
 * stands for nothing, and the new one is asked within the sweep's few minutes). Each is
 * asked and recorded on its own; one the register does not answer now stays due for the
 * next run. Answers how many were checked.
 */
export async function sweepCrChecks(knex: Knex, config: Pick<Config, 'wathq'>, clock: Pick<Clock, 'now' | 'today'>, batch = 50): Promise<number> {
  const due = await knex('company_cr_checks as c')
    .join('profiles as p', 'p.user_id', 'c.company_id')
    .leftJoin('company_tax_profiles as t', 't.company_id', 'c.company_id')
    .where((w) => w.where('c.next_check_on', '<=', clock.today()).orWhereRaw('c.cr_number is distinct from coalesce(t.cr_number, p.cr_number)'))
    .orderBy('c.checked_at')
    .limit(batch)
    .select('c.company_id', knex.raw('coalesce(t.cr_number, p.cr_number) as cr_number'), knex.raw('coalesce(t.legal_name, p.company_name) as legal_name'));
  let checked = 0;
  for (const { company_id, cr_number, legal_name } of due) {
    if (!cr_number) continue;
    try {
      const record = await lookUpCr(config, cr_number);
      await recordCheck(knex, company_id, cr_number, legal_name, record, clock);
      checked += 1;
    } catch (error) {
      if (!(error instanceof RegisterUnavailable)) throw error;
    }
  }
  return checked;
}
