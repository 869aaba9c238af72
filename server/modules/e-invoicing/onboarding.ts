/**
 * Onboarding a supplier company's e-invoicing unit with ZATCA, and the unit's status.
 *
 * The owner gives the one-time code (OTP) of the Fatoora portal. With the company's tax
 * profile the server makes a secp256k1 key pair and a CSR as ZATCA's template asks, gets
 * the compliance certificate (CSID), passes the compliance checks with sample documents
 * built and signed as real ones are (of each kind the unit issues, standard and
 * simplified: a tax invoice and a credit note against it, all four chained by ICV and
 * PIH), then gets the production certificate: status `ready`. Any
 * refusal leaves the unit `failed` with ZATCA's messages, and onboarding can be tried
 * again with a new code; the unit's serial stays, its key is new each time.
 *
 * The network calls run outside any transaction (ZATCA may take seconds): the unit is
 * claimed first (status `compliance`, under its row lock, so two onboardings of one
 * company do not run at once; a claim older than CLAIM_STALE_MS is taken as abandoned),
 * and each result is written as it arrives. The private key and secrets are stored
 * encrypted (secrets.ts).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import { roleOf } from '../../auth/guards';
import type { Config } from '../../config';
import type { EinvoicingStatusView, ZatcaMessage } from '../../../shared/schemas/einvoicing';
import type { TaxProfile } from '../../../shared/schemas/tax-profile';
import { einvoicingReady, forbidden, onboardingInProgress, taxProfileRequired, zatcaRefused, zatcaRejected, zatcaUnavailable } from '../../../shared/errors';
import { assertCompanyOwner, assertTeamReader } from '../company/service';
import { taxProfileOf } from '../company/tax-profile';
import { buildInvoiceXml, issueDateTime } from './zatca/document';
import type { InvoiceDocument, InvoiceParty } from './zatca/invoice-types';
import { buildCsr, certificateInfo, certificatePem, generateKeyPair } from './zatca/pki';
import { signInvoice } from './zatca/sign';
import { FIRST_PIH } from './zatca/standards';
import { certificateOfToken, encryptSecret } from './secrets';
import { ZatcaRefusal, ZatcaUnavailable, messagesOf, zatcaApi, type ZatcaApi } from './zatca-api';

/** A claim this old is an onboarding that died (a restart mid-way): it may be taken over. */
const CLAIM_STALE_MS = 2 * 60_000;

/** Our solution's name and version in the unit's serial (1-<solution>|2-<version>|3-<unit uuid>). */
const SOLUTION = '1-Binaa|2-1.0';

/** The buyer of the sample documents: ZATCA's own sample buyer's VAT number, a Saudi address. */
const SAMPLE_BUYER: InvoiceParty = {
  legalName: 'شركة العميل التجريبي',
  vatNumber: '399999999800003',
  crNumber: '1010000000',
  address: { buildingNumber: '1111', street: 'شارع الأمير سلطان', district: 'المحمدية', city: 'جدة', postalCode: '23333', additionalNumber: '2222' },
};

interface UnitRow {
  id: string;
  company_id: string;
  status: EinvoicingStatusView['status'];
  serial: string;
  messages: ZatcaMessage[];
  production_token: string | null;
  ready_at: Date | null;
  updated_at: Date;
}

/** The seller as the documents and the CSR state it. */
const partyOf = (p: TaxProfile): InvoiceParty => ({
  legalName: p.legal_name,
  vatNumber: p.vat_number,
  crNumber: p.cr_number,
  address: {
    buildingNumber: p.address.building_number,
    street: p.address.street,
    district: p.address.district,
    city: p.address.city,
    postalCode: p.address.postal_code,
    additionalNumber: p.address.additional_number ?? undefined,
  },
});

/**
 * What a unit issues, as the CSR's invoice-type flags: standard tax invoices (to a business
 * with a tax profile, cleared) and simplified ones (to a buyer without one, such as a
 * subscriber to a plan, reported). ZATCA's certificate covers only what the CSR asked for.
 */
const INVOICE_TYPES = '1100';

/** The CSR ZATCA's template asks for, from the tax profile. */
function csrOf(profile: TaxProfile, serial: string, privateKeyPem: string, environment: Config['einvoicing']['environment']): string {
  const a = profile.address;
  return buildCsr({
    privateKeyPem,
    commonName: `BINAA-${serial.slice(0, 8)}-${profile.vat_number}`,
    organizationName: profile.legal_name,
    organizationUnit: a.city,
    country: 'SA',
    serialNumber: `${SOLUTION}|3-${serial}`,
    vatNumber: profile.vat_number,
    invoiceTypes: INVOICE_TYPES,
    registeredAddress: `${a.building_number} ${a.street}، ${a.district}، ${a.city} ${a.postal_code}`,
    businessCategory: 'Building materials',
    environment,
  });
}

/**
 * The compliance samples, in the order they are chained (each takes the previous one's
 * hash as its PIH): for each kind, a tax invoice, then a credit note against it. The
 * simplified ones have no buyer, as a consumer's need not.
 */
function sampleDocuments(seller: InvoiceParty, now: Date): Array<Omit<InvoiceDocument, 'icv' | 'pih'>> {
  const base = {
    issuedAt: now,
    supplyDate: issueDateTime(now).date,
    seller,
    lines: [{ name: 'أسمنت بورتلاندي 50 كجم', quantity: 10, unitCode: 'PCE', unitPrice: 1850, vatCategory: 'S' as const }],
  };
  const kinds = [
    { simplified: false, tag: 'STD', paymentMeansCode: '30', buyer: SAMPLE_BUYER },
    { simplified: true, tag: 'SMP', paymentMeansCode: '10', buyer: undefined },
  ];
  return kinds.flatMap(({ tag, ...kind }) => [
    { ...base, ...kind, kind: 'invoice' as const, id: `COMPLIANCE-${tag}-INV-1`, uuid: crypto.randomUUID() },
    {
      ...base,
      ...kind,
      kind: 'credit-note' as const,
      id: `COMPLIANCE-${tag}-CN-1`,
      uuid: crypto.randomUUID(),
      billingReference: `COMPLIANCE-${tag}-INV-1`,
      reason: 'إرجاع بضاعة (مستند تجريبي لفحص الامتثال)',
    },
  ]);
}

/** The unit of the company, made (status none, ZATCA's first PIH) on first use, locked for this transaction. */
async function lockUnit(trx: Knex.Transaction, companyId: string): Promise<UnitRow> {
  await trx('einvoicing_units').insert({ company_id: companyId, serial: crypto.randomUUID(), last_invoice_hash: FIRST_PIH }).onConflict('company_id').ignore();
  return trx('einvoicing_units').where({ company_id: companyId }).forUpdate().first();
}

/** Passes the compliance checks with the samples, signed with the compliance certificate; throws ZATCA's refusal. */
async function passComplianceChecks(api: ZatcaApi, credentials: { token: string; secret: string }, keys: { privateKeyPem: string; certificatePem: string }, seller: InvoiceParty, now: Date) {
  let pih = FIRST_PIH;
  for (const [n, sample] of sampleDocuments(seller, now).entries()) {
    const document: InvoiceDocument = { ...sample, icv: n + 1, pih };
    const signed = signInvoice(buildInvoiceXml(document), keys, now);
    const answer = await api.complianceCheck(credentials, { invoiceHash: signed.hash, uuid: document.uuid, invoice: Buffer.from(signed.xml, 'utf8').toString('base64') });
    if (answer.validationResults?.status === 'ERROR' || answer.validationResults?.errorMessages?.length) throw new ZatcaRefusal(400, messagesOf(answer), answer);
    pih = signed.hash;
  }
}

/** POST /api/e-invoicing/onboard: the whole onboarding, answering the unit's status once ready. */
export async function onboard(knex: Knex, config: Config, user: SessionUser, otp: string, now: Date): Promise<EinvoicingStatusView> {
  const companyId = assertCompanyOwner(user);
  if (roleOf(user) !== 'supplier') throw forbidden('E-invoicing is for supplier companies, who issue the invoices');
  const profile = await taxProfileOf(knex, companyId);
  if (!profile) throw taxProfileRequired();

  const unit = await knex.transaction(async (trx) => {
    const row = await lockUnit(trx, companyId);
    if (row.status === 'ready') throw einvoicingReady();
    if (row.status === 'compliance' && now.getTime() - new Date(row.updated_at).getTime() < CLAIM_STALE_MS) throw onboardingInProgress();
    await trx('einvoicing_units').where({ id: row.id }).update({ status: 'compliance', messages: JSON.stringify([]), updated_at: now });
    return row;
  });

  const key = config.einvoicing.key;
  const seal = (value: string) => encryptSecret(key, value, companyId);
  const save = (fields: Record<string, unknown>) => knex('einvoicing_units').where({ id: unit.id }).update({ ...fields, updated_at: now });
  const api = zatcaApi(config, user.language === 'ar' ? 'ar' : 'en');
  let step: 'csid' | 'checks' = 'csid';
  try {
    const { privateKeyPem } = generateKeyPair();
    const csr = csrOf(profile, unit.serial, privateKeyPem, config.einvoicing.environment);
    const compliance = await api.complianceCsid(otp, csr);
    await save({
      private_key_encrypted: seal(privateKeyPem),
      csr,
      compliance_request_id: String(compliance.requestID),
      compliance_token: compliance.binarySecurityToken,
      compliance_secret_encrypted: seal(compliance.secret),
    });
    step = 'checks';
    const credentials = { token: compliance.binarySecurityToken, secret: compliance.secret };
    const keys = { privateKeyPem, certificatePem: certificatePem(certificateOfToken(compliance.binarySecurityToken)) };
    await passComplianceChecks(api, credentials, keys, partyOf(profile), now);
    const production = await api.productionCsid(credentials, String(compliance.requestID));
    await knex('einvoicing_units')
      .where({ id: unit.id })
      .update({
        status: 'ready',
        production_token: production.binarySecurityToken,
        production_secret_encrypted: seal(production.secret),
        messages: JSON.stringify([]),
        ready_at: now,
        updated_at: now,
      });
  } catch (err) {
    const messages = err instanceof ZatcaRefusal ? err.messages : [{ type: 'ERROR', code: err instanceof ZatcaUnavailable ? 'unavailable' : 'internal', category: null, message: (err as Error).message }];
    await save({ status: 'failed', messages: JSON.stringify(messages) });
    const details = messages.map((m) => ({ path: m.category ?? 'zatca', message: m.message, code: m.code }));
    if (err instanceof ZatcaRefusal) throw step === 'csid' ? zatcaRefused('ZATCA refused the onboarding request (the OTP or the CSR)', details) : zatcaRejected("ZATCA's compliance checks refused the sample documents", details);
    if (err instanceof ZatcaUnavailable) throw zatcaUnavailable();
    throw err;
  }
  return einvoicingStatus(knex, config, user);
}

/** GET /api/e-invoicing/status: the company's unit as owner and members see it. */
export async function einvoicingStatus(db: Knex, config: Config, user: SessionUser): Promise<EinvoicingStatusView> {
  const companyId = assertTeamReader(user);
  const [unit, profile] = await Promise.all([
    db('einvoicing_units').where({ company_id: companyId }).first<UnitRow | undefined>('status', 'messages', 'ready_at', 'production_token'),
    db('company_tax_profiles').where({ company_id: companyId }).first('company_id'),
  ]);
  const expires = unit?.status === 'ready' && unit.production_token ? certificateInfo(certificateOfToken(unit.production_token)).notAfter : null;
  return {
    status: unit?.status ?? 'none',
    messages: unit?.messages ?? [],
    ready_at: unit?.ready_at ? new Date(unit.ready_at).toISOString() : null,
    certificate_expires_at: expires ? new Date(expires).toISOString() : null,
    has_tax_profile: !!profile,
    environment: config.einvoicing.environment,
  };
}
