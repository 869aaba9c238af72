/**
 * A development ZATCA served by the same server at /dev-zatca (config.ts DEV_ZATCA_PREFIX),
 * as the development identity provider stands in for Google: the paths and shapes of
 * ZATCA's API (zatca-api.ts), so onboarding and clearance run end to end on a fresh
 * machine. It is not a stub; it judges as ZATCA does, by the rules the tests use:
 * - POST /compliance: any six-digit OTP (anything else 400, as ZATCA answers a wrong
 *   one); the CSR must parse, its own signature hold, and its fields be what ZATCA's CSR
 *   template asks (parseCsr); a compliance certificate from the test authority;
 * - POST /compliance/invoices, /invoices/clearance/single and /invoices/reporting/single:
 *   the document's schema and rules (validateInvoice), its hash, signature and QR
 *   (verifyInvoice), the hash and UUID sent matching the document, the signing
 *   certificate being the caller's, and its invoice types (the CSR's flags: 1000 standard,
 *   0100 simplified, 1100 both) covering the document's kind; errors answer 400 with
 *   ZATCA's shape. Clearance takes standard documents only (KSA-2 01...) and returns the
 *   document as cleared; reporting takes simplified ones only (02...) and answers
 *   REPORTED or NOT_REPORTED;
 * - POST /production/csids: only once the compliance request passed an invoice and a
 *   credit note of each kind its certificate covers.
 *
 * The test authority is kept in DATA_DIR (so certificates issued before a restart still
 * verify), and a certificate's secret is an HMAC of its token under a key derived from
 * the session secret, so credentials need no table. The progress of compliance checks is
 * held in memory: an onboarding cut by a restart is simply tried again. It cannot run in
 * production: devZatcaRouter refuses, and createApp mounts it only when ZATCA_API_URL is
 * unset, which production refuses (config.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import { DEV_ZATCA_PREFIX, type Config } from '../../config';
import type { ZatcaMessage } from '../../../shared/schemas/einvoicing';
import { parseCsr, certificateInfo, certificatePem } from './zatca/pki';
import { createTestAuthority, issueCertificate, verifyCertificate } from './zatca/test-authority';
import { validateInvoice } from './zatca/validate';
import { verifyInvoice } from './zatca/sign';
import { children, NS, parseXml } from './zatca/hash';
import { certificateOfToken } from './secrets';

/**
 * The largest body the development ZATCA takes (app.ts gives its paths this limit, not the
 * app's 100 kB): ZATCA takes a document of up to 10 MB base64 encoded, and the JSON
 * around it (hash, UUID) is small. A 500-line invoice is about 1 MB of base64.
 */
export const DEV_ZATCA_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 16 * 1024;

/** The paths a server-to-server caller POSTs to without an Origin (app.ts exempts them from the origin check). */
export const DEV_ZATCA_PATHS = ['/compliance', '/compliance/invoices', '/production/csids', '/invoices/clearance/single', '/invoices/reporting/single'].map((p) => DEV_ZATCA_PREFIX + p);

type Authority = { keyPem: string; certPem: string };

/** The test authority of this DATA_DIR, made once. */
function authorityIn(dataDir: string): Authority {
  const file = path.join(dataDir, 'dev-zatca-authority.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Authority;
    if (stored.keyPem && stored.certPem && verifyCertificate(stored.certPem, stored.certPem)) return stored;
  } catch {
    /* none yet, or expired: make one */
  }
  const authority = createTestAuthority();
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(authority), { mode: 0o600 });
  return authority;
}

type Kind = 'compliance' | 'production';

interface ComplianceRequest {
  token: string;
  csr: string;
  /** the documents that passed, by kind and type code: 'standard 388' (invoice), 'simplified 381' (credit note)... */
  passed: Set<string>;
}

type DocumentKind = 'standard' | 'simplified';

/** The kind of a document by its KSA-2 subtype: 01... standard, 02... simplified. */
const kindOf = (subtype: string): DocumentKind | null => (subtype.startsWith('01') ? 'standard' : subtype.startsWith('02') ? 'simplified' : null);

/** The kinds a certificate may sign, by its invoice-type flags (the first standard, the second simplified). */
const kindsOf = (invoiceTypes: string): DocumentKind[] => [
  ...(invoiceTypes[0] === '1' ? (['standard'] as const) : []),
  ...(invoiceTypes[1] === '1' ? (['simplified'] as const) : []),
];

const message = (code: string, category: string, text: string, type = 'ERROR'): ZatcaMessage & { status: string } => ({
  type,
  code,
  category,
  message: text,
  status: type === 'ERROR' ? 'ERROR' : type === 'WARNING' ? 'WARNING' : 'PASS',
});

/** What ZATCA checks of a CSR: its signature, and the fields its CSR template asks for. */
function csrErrors(csrBase64: string, environment: string): ZatcaMessage[] {
  let parsed;
  try {
    parsed = parseCsr(csrBase64);
  } catch {
    return [message('Invalid-CSR', 'CSR', 'The CSR is not a PKCS#10 request')];
  }
  const errors: ZatcaMessage[] = [];
  const fail = (code: string, text: string) => errors.push(message(code, 'CSR', text));
  if (!parsed.signatureValid) fail('Invalid-CSR-Signature', "The CSR's signature does not verify with its public key");
  if (parsed.subject.country !== 'SA') fail('Invalid-Country', 'The country name must be SA');
  if (!parsed.subject.commonName) fail('Missing-Common-Name', 'The common name is missing');
  if (!parsed.subject.organizationName) fail('Missing-Organization-Name', 'The organization name is missing');
  if (!parsed.subject.organizationUnit) fail('Missing-Organization-Unit', 'The organization unit name is missing');
  if (!/^3\d{13}3$/.test(parsed.san.vatNumber)) fail('Invalid-VAT-Number', 'The organization identifier must be a VAT number of 15 digits, first and last 3');
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(parsed.san.serialNumber)) fail('Invalid-Serial-Number', 'The serial number must be 1-<solution>|2-<model or version>|3-<serial>');
  if (!/^[01]{4}$/.test(parsed.san.invoiceTypes) || parsed.san.invoiceTypes === '0000') fail('Invalid-Invoice-Type', 'The invoice type must be four flags of 0 and 1, at least one set');
  if (!parsed.san.registeredAddress) fail('Missing-Address', 'The location address is missing');
  if (!parsed.san.businessCategory) fail('Missing-Category', 'The industry business category is missing');
  const template = environment === 'development' ? 'TSTZATCA-Code-Signing' : environment === 'simulation' ? 'PREZATCA-Code-Signing' : 'ZATCA-Code-Signing';
  if (parsed.templateName !== template) fail('Invalid-Template', `The certificate template name must be ${template}`);
  return errors;
}

const textOf = (el: { textContent?: string | null } | undefined) => el?.textContent?.trim() ?? '';

export function devZatcaRouter(config: Config): Router {
  if (config.production) throw new Error('The development ZATCA cannot run in production');
  const authority = authorityIn(config.dataDir);
  const hmacKey = crypto.createHmac('sha256', config.sessionSecret).update('dev-zatca credentials').digest();
  const secretOf = (kind: Kind, token: string) => crypto.createHmac('sha256', hmacKey).update(`${kind}|${token}`).digest('base64url');
  const requests = new Map<string, ComplianceRequest>();
  const router = new Router({ prefix: DEV_ZATCA_PREFIX });

  /** A certificate for the CSR, as ZATCA's binarySecurityToken carries it, with its secret. */
  function csid(kind: Kind, csr: string) {
    const pem = issueCertificate({ csrBase64: csr, caKeyPem: authority.keyPem, caCertPem: authority.certPem, days: kind === 'compliance' ? 7 : 365 });
    const token = Buffer.from(certificateInfo(pem).base64Der).toString('base64');
    return { token, secret: secretOf(kind, token) };
  }

  /** The caller's credentials: a token this authority issued and its secret, of the kind the path needs. */
  function authenticate(ctx: Context, kind: Kind): string | null {
    const header = ctx.get('Authorization');
    const decoded = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    const colon = decoded.lastIndexOf(':');
    const [token, secret] = colon > 0 ? [decoded.slice(0, colon), decoded.slice(colon + 1)] : ['', ''];
    const expected = Buffer.from(secretOf(kind, token));
    const ok = token !== '' && expected.length === Buffer.byteLength(secret) && crypto.timingSafeEqual(expected, Buffer.from(secret));
    if (!ok || !verifyCertificate(certificatePem(certificateOfToken(token)), authority.certPem)) {
      ctx.status = 401;
      ctx.body = { code: 'Unauthorized', message: 'The binary security token or its secret is not valid' };
      return null;
    }
    return token;
  }

  /** ZATCA's checks of a document sent by the holder of `token`; its validation results and type code. */
  async function judge(ctx: Context, token: string) {
    const body = (ctx.request.body ?? {}) as { invoiceHash?: unknown; uuid?: unknown; invoice?: unknown };
    const xml = typeof body.invoice === 'string' ? Buffer.from(body.invoice, 'base64').toString('utf8') : '';
    const errors: ZatcaMessage[] = [];
    const warnings: ZatcaMessage[] = [];
    let typeCode = '';
    let subtype = '';
    try {
      const root = parseXml(xml).documentElement!;
      const type = children(root, NS.cbc, 'InvoiceTypeCode')[0];
      typeCode = textOf(type);
      subtype = type?.getAttribute('name') ?? '';
      if (textOf(children(root, NS.cbc, 'UUID')[0]) !== body.uuid) errors.push(message('invalid-uuid', 'INVOICE_ERRORS', 'The uuid sent is not the document\'s UUID'));
    } catch {
      errors.push(message('invalid-invoice', 'XSD validation', 'The invoice is not well-formed XML (base64 of the document expected)'));
      return { errors, warnings, typeCode, kind: null };
    }
    const { errors: ruleErrors, warnings: ruleWarnings } = await validateInvoice(xml, ctx.deps.clock.now());
    const category = (source: string) => (source === 'xsd' ? 'XSD validation' : source === 'ksa' ? 'KSA' : 'EN');
    errors.push(...ruleErrors.map((f) => message(f.id, category(f.source), f.text)));
    warnings.push(...ruleWarnings.map((f) => message(f.id, category(f.source), f.text, 'WARNING')));
    const verified = verifyInvoice(xml);
    if (!verified.hashOk || verified.hash !== body.invoiceHash) errors.push(message('invalid-invoice-hash', 'INVOICE_HASHING_ERRORS', 'The invoice hash does not match the document'));
    if (!verified.signatureOk) errors.push(message('invalid-signature', 'SIGNATURE_ERRORS', 'The signature does not verify'));
    if (!verified.qrOk) errors.push(message('QRCODE_INVALID', 'QRCODE_ERRORS', 'The QR code does not match the document'));
    const own = certificatePem(certificateOfToken(token));
    if (verified.certificatePem.replace(/\s+/g, '') !== own.replace(/\s+/g, '')) errors.push(message('certificate-mismatch', 'SIGNATURE_ERRORS', 'The document is not signed with the certificate of these credentials'));
    const kind = kindOf(subtype);
    if (!kind || !kindsOf(certificateInfo(own).san?.invoiceTypes ?? '').includes(kind)) {
      errors.push(message('invalid-invoice-type', 'INVOICE_ERRORS', `The certificate of these credentials does not cover documents of subtype ${subtype || '(none)'}`));
    }
    return { errors, warnings, typeCode, kind };
  }

  const results = (errors: ZatcaMessage[], warnings: ZatcaMessage[]) => ({
    infoMessages: errors.length ? [] : [message('XSD_ZATCA_VALID', 'XSD validation', 'Complied with UBL 2.1 standards in line with ZATCA specifications', 'INFO')],
    warningMessages: warnings,
    errorMessages: errors,
    status: errors.length ? 'ERROR' : warnings.length ? 'WARNING' : 'PASS',
  });

  router.post('/compliance', (ctx) => {
    const otp = ctx.get('OTP');
    const csr = (ctx.request.body as { csr?: unknown } | undefined)?.csr;
    if (!/^\d{6}$/.test(otp)) {
      ctx.status = 400;
      ctx.body = { errorCode: 'Invalid-OTP', errorMessage: 'The OTP is not valid', errors: [message('Invalid-OTP', 'OTP', 'The OTP is not valid')] };
      return;
    }
    const errors = typeof csr === 'string' ? csrErrors(csr, config.einvoicing.environment) : [message('Missing-CSR', 'CSR', 'The csr is missing')];
    if (errors.length) {
      ctx.status = 400;
      ctx.body = { errors };
      return;
    }
    const { token, secret } = csid('compliance', csr as string);
    const requestID = String(Date.now() * 1000 + crypto.randomInt(1000));
    requests.set(requestID, { token, csr: csr as string, passed: new Set() });
    ctx.body = { requestID: Number(requestID), dispositionMessage: 'ISSUED', binarySecurityToken: token, secret, errors: null };
  });

  router.post('/compliance/invoices', async (ctx) => {
    const token = authenticate(ctx, 'compliance');
    if (!token) return;
    const { errors, warnings, typeCode, kind } = await judge(ctx, token);
    const standard = kind === 'standard';
    if (!errors.length) for (const r of requests.values()) if (r.token === token) r.passed.add(`${kind} ${typeCode}`);
    ctx.status = errors.length ? 400 : warnings.length ? 202 : 200;
    ctx.body = {
      validationResults: results(errors, warnings),
      clearanceStatus: standard ? (errors.length ? 'NOT_CLEARED' : 'CLEARED') : null,
      reportingStatus: standard ? null : errors.length ? 'NOT_REPORTED' : 'REPORTED',
    };
  });

  router.post('/production/csids', (ctx) => {
    const token = authenticate(ctx, 'compliance');
    if (!token) return;
    const id = String((ctx.request.body as { compliance_request_id?: unknown } | undefined)?.compliance_request_id ?? '');
    const request = requests.get(id);
    if (!request || request.token !== token) {
      ctx.status = 400;
      ctx.body = { errors: [message('Invalid-Request-ID', 'CSID', 'No compliance request of these credentials has this id')] };
      return;
    }
    const kinds = kindsOf(parseCsr(request.csr).san.invoiceTypes);
    const missing = kinds.flatMap((kind) => [`${kind} 388`, `${kind} 381`]).filter((doc) => !request.passed.has(doc));
    if (missing.length) {
      ctx.status = 400;
      ctx.body = { errors: [message('Compliance-Checks-Incomplete', 'CSID', `The compliance checks have not passed an invoice and a credit note of each kind the certificate covers (${kinds.join(', ')}); missing: ${missing.join(', ')}`)] };
      return;
    }
    requests.delete(id);
    const { token: productionToken, secret } = csid('production', request.csr);
    ctx.body = { requestID: Number(id), dispositionMessage: 'ISSUED', binarySecurityToken: productionToken, secret, tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3' };
  });

  /**
   * Clearance takes standard documents, reporting simplified ones, each refusing the other
   * kind as ZATCA does; accepted: 200, or 202 with warnings; refused: 400.
   */
  async function production(ctx: Context, takes: DocumentKind) {
    const token = authenticate(ctx, 'production');
    if (!token) return;
    const { errors, warnings, kind } = await judge(ctx, token);
    if (kind !== takes) {
      errors.push(
        takes === 'standard'
          ? message('invalid-invoice-type', 'INVOICE_ERRORS', 'Only standard tax invoices and their notes are cleared; simplified ones are reported')
          : message('invalid-invoice-type', 'INVOICE_ERRORS', 'Only simplified tax invoices and their notes are reported; standard ones are cleared'),
      );
    }
    const accepted = errors.length === 0;
    ctx.status = accepted ? (warnings.length ? 202 : 200) : 400;
    ctx.body =
      takes === 'standard'
        ? { validationResults: results(errors, warnings), clearanceStatus: accepted ? 'CLEARED' : 'NOT_CLEARED', clearedInvoice: accepted ? (ctx.request.body as { invoice: string }).invoice : null }
        : { validationResults: results(errors, warnings), reportingStatus: accepted ? 'REPORTED' : 'NOT_REPORTED' };
  }

  router.post('/invoices/clearance/single', (ctx) => production(ctx, 'standard'));
  router.post('/invoices/reporting/single', (ctx) => production(ctx, 'simplified'));

  return router;
}
