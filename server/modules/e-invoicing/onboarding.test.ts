/**
 * Onboarding a supplier's e-invoicing unit through the REST API, end to end against the
 * development ZATCA this server mounts (ZATCA_API_URL unset): the unit becomes ready with
 * a production certificate from the test authority, its private key and secrets are
 * stored encrypted, and every refusal (no tax profile, the wrong person, a wrong OTP,
 * ZATCA's own refusal) is answered with its code and leaves a unit that can try again.
 * The development ZATCA itself is checked on its paths: OTP, credentials, documents,
 * standard ones cleared and simplified ones reported, each path refusing the other kind.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoicingStatusSchema } from '../../../shared/schemas/einvoicing';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs } from '../../test/sign-in';
import { taxProfile } from '../../test/tax-profile';
import { decryptSecret, certificateOfToken, unitCredentials, unitSigningKey } from './secrets';
import { buildCsr, certificateInfo, certificatePem } from './zatca/pki';
import { verifyCertificate } from './zatca/test-authority';
import { FIRST_PIH } from './zatca/standards';
import { buildInvoiceXml } from './zatca/document';
import type { InvoiceDocument } from './zatca/invoice-types';
import { buildSignedInvoice, signInvoice, type SigningKeys } from './zatca/sign';
import { CREDIT_NOTE, STANDARD_LINES, invoiceOf, unitKeys } from './zatca/fixtures';

type Client = Awaited<ReturnType<typeof signInAs>>;

describe('POST /api/e-invoicing/onboard against the development ZATCA', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const knex = () => server.db.knex;

  const supplierWithProfile = async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    expect((await owner.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    return owner;
  };
  const memberOf = async (owner: Client) => {
    const { token } = (await owner.post('/api/company/invites', { role: 'member' })).body;
    const person = await signInAs(server, { role: null });
    expect((await person.post(`/api/company/invites/${token}/accept`)).status).toBe(200);
    return person;
  };

  it('makes the unit ready: key, CSR, compliance certificate, compliance checks, production certificate; the key is stored encrypted', async () => {
    const owner = await supplierWithProfile();
    expect((await owner.get('/api/e-invoicing/status')).body).toMatchObject({ status: 'none', has_tax_profile: true, environment: 'development' });
    const res = await owner.post('/api/e-invoicing/onboard', { otp: '١٢٣٤٥٦' }); // six digits, typed in Arabic-Indic
    expect(res.status, res.text).toBe(200);
    const status = einvoicingStatusSchema.parse(res.body);
    expect(status).toMatchObject({ status: 'ready', messages: [], has_tax_profile: true });
    expect(Date.parse(status.certificate_expires_at!)).toBeGreaterThan(Date.now() + 300 * 86_400_000);

    const unit = await knex()('einvoicing_units').where({ company_id: owner.user.id }).first();
    // The chain starts at ZATCA's first PIH with no invoice counted: the compliance samples are not part of it.
    expect(unit).toMatchObject({ status: 'ready', last_invoice_hash: FIRST_PIH });
    expect(Number(unit.icv)).toBe(0);
    // Encrypted at rest: no PEM in the columns, and the key opens only with the configured key and this company.
    const row = JSON.stringify(unit);
    expect(row).not.toMatch(/PRIVATE KEY|BEGIN/);
    const pem = decryptSecret(server.config.einvoicing.key, unit.private_key_encrypted, owner.user.id);
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(() => decryptSecret(server.config.einvoicing.key, unit.private_key_encrypted, crypto.randomUUID())).toThrow();
    expect(() => decryptSecret(Buffer.alloc(32), unit.private_key_encrypted, owner.user.id)).toThrow();
    // The production certificate: issued by the development ZATCA's authority for this unit's key, VAT number and serial.
    const cert = certificatePem(certificateOfToken(unit.production_token));
    const info = certificateInfo(cert);
    expect(info.san).toMatchObject({ vatNumber: (await owner.get('/api/company/tax-profile')).body.vat_number, serialNumber: `1-Binaa|2-1.0|3-${unit.serial}`, invoiceTypes: '1100' });
    expect(crypto.createPublicKey(pem).export({ type: 'spki', format: 'der' }).equals(info.publicKeyDer)).toBe(true);
    const { certPem: authority } = JSON.parse(fs.readFileSync(`${server.config.dataDir}/dev-zatca-authority.json`, 'utf8'));
    expect(verifyCertificate(cert, authority)).toBe(true);

    // A member reads the status; onboarding again is refused while ready.
    const member = await memberOf(owner);
    expect((await member.get('/api/e-invoicing/status')).body.status).toBe('ready');
    const again = await owner.post('/api/e-invoicing/onboard', { otp: '654321' });
    expect([again.status, again.body.code]).toEqual([409, 'einvoicing_ready']);
  });

  it('answers 409 tax_profile_required without a tax profile, 400 for a code that is not six digits, and leaves no unit', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    const res = await owner.post('/api/e-invoicing/onboard', { otp: '123456' });
    expect([res.status, res.body.code]).toEqual([409, 'tax_profile_required']);
    expect((await owner.get('/api/e-invoicing/status')).body).toMatchObject({ status: 'none', has_tax_profile: false });
    expect((await owner.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    for (const otp of ['12345', '1234567', 'abcdef', '']) {
      const wrong = await owner.post('/api/e-invoicing/onboard', { otp });
      expect([wrong.status, wrong.body.code], otp).toEqual([400, 'validation_failed']);
      expect(wrong.body.details[0]).toMatchObject({ path: 'otp' });
    }
    expect(await knex()('einvoicing_units').where({ company_id: owner.user.id }).first()).toBeUndefined();
  });

  it('is the supplier company owner’s: 403 owner_only to a member, 403 to a contractor, 401 signed out', async () => {
    const owner = await supplierWithProfile();
    const member = await memberOf(owner);
    const res = await member.post('/api/e-invoicing/onboard', { otp: '123456' });
    expect([res.status, res.body.code]).toEqual([403, 'owner_only']);
    const contractor = await signInAs(server, { role: 'contractor' });
    expect((await contractor.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    expect((await contractor.post('/api/e-invoicing/onboard', { otp: '123456' })).body.code).toBe('forbidden');
    expect((await new TestClient(server.url).post('/api/e-invoicing/onboard', { otp: '123456' })).status).toBe(401);
    expect(await knex()('einvoicing_units').where({ company_id: owner.user.id }).first()).toBeUndefined();
  });

  describe('the development ZATCA', () => {
    const zatca = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/dev-zatca${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Version': 'V2', ...headers }, body: JSON.stringify(body) });
    const basic = (token: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${token}:${secret}`).toString('base64')}` });
    const codes = (body: { validationResults: { errorMessages: { code: string }[] } }) => body.validationResults.errorMessages.map((m) => m.code);
    /** A signed document as ZATCA's paths take it, and the answer: HTTP status and body. */
    const post = async (path: string, signed: { xml: string; hash: string }, uuid: string, headers: Record<string, string>) => {
      const res = await zatca(path, { invoiceHash: signed.hash, uuid, invoice: Buffer.from(signed.xml).toString('base64') }, headers);
      return { status: res.status, body: await res.json() };
    };
    const csrOf = (privateKeyPem: string, invoiceTypes: string) =>
      buildCsr({
        privateKeyPem, commonName: 'TST-1-399999999900003', organizationName: 'شركة مواد البناء المتحدة المحدودة', organizationUnit: 'Riyadh Branch', country: 'SA',
        serialNumber: '1-Binaa|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f', vatNumber: '399999999900003', invoiceTypes,
        registeredAddress: '2322 طريق الملك فهد', businessCategory: 'Building materials', environment: 'development',
      });
    const SIMPLIFIED: InvoiceDocument = invoiceOf(STANDARD_LINES, { simplified: true, buyer: undefined, paymentMeansCode: '10' });

    it('refuses an OTP that is not six digits with 400, as ZATCA does, and a CSR whose fields ZATCA would refuse', async () => {
      const csr = 'not a csr';
      const wrongOtp = await zatca('/compliance', { csr }, { OTP: '12a456' });
      expect(wrongOtp.status).toBe(400);
      expect(JSON.stringify(await wrongOtp.json())).toContain('Invalid-OTP');
      const badCsr = await zatca('/compliance', { csr }, { OTP: '123456' });
      expect(badCsr.status).toBe(400);
      expect((await badCsr.json()).errors[0].code).toBe('Invalid-CSR');
    });

    it('checks documents by the rules, hash, signature and QR, and answers in ZATCA’s shape; the production CSID needs passed checks', async () => {
      // Compliance credentials as onboarding gets them (a fixture key with a CSR of the right template).
      const { privateKeyPem } = unitKeys();
      const csr = csrOf(privateKeyPem, '1000');
      const issued = await zatca('/compliance', { csr }, { OTP: '000000' });
      expect(issued.status).toBe(200);
      const { requestID, binarySecurityToken: token, secret, dispositionMessage } = await issued.json();
      expect(dispositionMessage).toBe('ISSUED');
      const auth = basic(token, secret);
      const keys = { privateKeyPem, certificatePem: certificatePem(certificateOfToken(token)) };
      const send = (xml: string, hash: string, uuid: string, headers = auth) => zatca('/compliance/invoices', { invoiceHash: hash, uuid, invoice: Buffer.from(xml).toString('base64') }, headers);

      // Before any check passed: no production certificate.
      const early = await zatca('/production/csids', { compliance_request_id: String(requestID) }, auth);
      expect(early.status).toBe(400);
      // A wrong secret is 401.
      expect((await send('<x/>', 'h', 'u', basic(token, 'wrong'))).status).toBe(401);

      const invoiceDoc = invoiceOf(STANDARD_LINES);
      const signed = signInvoice(buildInvoiceXml(invoiceDoc), keys);
      // A hash that is not the document's is refused with ZATCA's error shape.
      const wrongHash = await send(signed.xml, FIRST_PIH, invoiceDoc.uuid);
      expect(wrongHash.status).toBe(400);
      const refused = await wrongHash.json();
      expect(refused.validationResults.status).toBe('ERROR');
      expect(refused.validationResults.errorMessages.map((m: { code: string }) => m.code)).toContain('invalid-invoice-hash');
      expect(refused.clearanceStatus).toBe('NOT_CLEARED');
      // A document changed after signing fails its hash and signature.
      const tampered = signed.xml.replace('<cbc:Name>أسمنت', '<cbc:Name>رمل');
      const tamperedRes = await (await send(tampered, signed.hash, invoiceDoc.uuid)).json();
      expect(tamperedRes.validationResults.errorMessages.map((m: { code: string }) => m.code)).toEqual(expect.arrayContaining(['invalid-invoice-hash']));

      const ok = await send(signed.xml, signed.hash, invoiceDoc.uuid);
      const passed = await ok.json();
      expect(ok.status, JSON.stringify(passed.validationResults.errorMessages)).toBeLessThan(300);
      expect(passed).toMatchObject({ clearanceStatus: 'CLEARED', validationResults: { errorMessages: [] } });
      const note = signInvoice(buildInvoiceXml({ ...CREDIT_NOTE, pih: signed.hash }), keys);
      expect((await send(note.xml, note.hash, CREDIT_NOTE.uuid)).status).toBeLessThan(300);

      const production = await zatca('/production/csids', { compliance_request_id: String(requestID) }, auth);
      expect(production.status).toBe(200);
      const prod = await production.json();
      // Compliance credentials do not clear; production ones do, and the cleared document comes back.
      const clearBody = { invoiceHash: signed.hash, uuid: invoiceDoc.uuid, invoice: Buffer.from(signed.xml).toString('base64') };
      expect((await zatca('/invoices/clearance/single', clearBody, auth)).status).toBe(401);
      const prodKeys = { privateKeyPem, certificatePem: certificatePem(certificateOfToken(prod.binarySecurityToken)) };
      const real = signInvoice(buildInvoiceXml(invoiceDoc), prodKeys);
      const cleared = await zatca('/invoices/clearance/single', { ...clearBody, invoiceHash: real.hash, invoice: Buffer.from(real.xml).toString('base64') }, basic(prod.binarySecurityToken, prod.secret));
      const clearedBody = await cleared.json();
      expect(cleared.status, JSON.stringify(clearedBody.validationResults)).toBeLessThan(300);
      expect(clearedBody.clearanceStatus).toBe('CLEARED');
      expect(Buffer.from(clearedBody.clearedInvoice, 'base64').toString()).toBe(real.xml);
      // Signed with another certificate than the caller's: not cleared.
      const other = await zatca('/invoices/clearance/single', clearBody, basic(prod.binarySecurityToken, prod.secret));
      expect((await other.json()).validationResults.errorMessages.map((m: { code: string }) => m.code)).toContain('certificate-mismatch');

      // This certificate covers standard documents only (1000): a simplified one is refused, even in the compliance checks.
      const simplified = signInvoice(buildInvoiceXml(SIMPLIFIED), keys);
      const notCovered = await post('/compliance/invoices', simplified, SIMPLIFIED.uuid, auth);
      expect([notCovered.status, notCovered.body.reportingStatus]).toEqual([400, 'NOT_REPORTED']);
      expect(codes(notCovered.body)).toContain('invalid-invoice-type');
    }, 60_000);

    it('gives a unit issuing both kinds (1100) its production certificate only once it passed simplified documents too', async () => {
      const { privateKeyPem } = unitKeys();
      const { requestID, binarySecurityToken: token, secret } = await (await zatca('/compliance', { csr: csrOf(privateKeyPem, '1100') }, { OTP: '000000' })).json();
      const auth = basic(token, secret);
      const keys = { privateKeyPem, certificatePem: certificatePem(certificateOfToken(token)) };
      const check = async (doc: InvoiceDocument) => {
        const answer = await post('/compliance/invoices', signInvoice(buildInvoiceXml(doc), keys), doc.uuid, auth);
        expect(answer.status, JSON.stringify(answer.body.validationResults.errorMessages)).toBe(200);
        return answer.body;
      };
      expect(await check(invoiceOf(STANDARD_LINES))).toMatchObject({ clearanceStatus: 'CLEARED', reportingStatus: null });
      await check(CREDIT_NOTE);
      const early = await zatca('/production/csids', { compliance_request_id: String(requestID) }, auth);
      expect(early.status).toBe(400);
      expect(JSON.stringify(await early.json())).toContain('missing: simplified 388, simplified 381');
      expect(await check(SIMPLIFIED)).toMatchObject({ reportingStatus: 'REPORTED', clearanceStatus: null });
      await check({ ...CREDIT_NOTE, simplified: true, buyer: undefined });
      expect((await zatca('/production/csids', { compliance_request_id: String(requestID) }, auth)).status).toBe(200);
    }, 60_000);

    it('reports a simplified document and clears a standard one, each path refusing the other kind; a simplified document breaking a rule is not reported', async () => {
      // A unit onboarded through the API: standard and simplified, with its production credentials.
      const owner = await supplierWithProfile();
      expect((await owner.post('/api/e-invoicing/onboard', { otp: '123456' })).body.status).toBe('ready');
      const unit = await knex()('einvoicing_units').where({ company_id: owner.user.id }).first();
      const keys: SigningKeys = unitSigningKey(unit, server.config.einvoicing.key);
      const { token, secret } = unitCredentials(unit, server.config);
      const auth = basic(token, secret);

      const simplified = buildSignedInvoice(SIMPLIFIED, keys);
      const reported = await post('/invoices/reporting/single', simplified, SIMPLIFIED.uuid, auth);
      expect(reported.status, JSON.stringify(reported.body.validationResults)).toBe(200);
      expect(reported.body).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { status: 'PASS', errorMessages: [] } });
      expect(reported.body).not.toHaveProperty('clearedInvoice');

      const notCleared = await post('/invoices/clearance/single', simplified, SIMPLIFIED.uuid, auth);
      expect([notCleared.status, notCleared.body.clearanceStatus, notCleared.body.clearedInvoice]).toEqual([400, 'NOT_CLEARED', null]);
      expect(codes(notCleared.body)).toEqual(['invalid-invoice-type']);

      const standardDoc = invoiceOf(STANDARD_LINES);
      const standard = buildSignedInvoice(standardDoc, keys);
      const notReported = await post('/invoices/reporting/single', standard, standardDoc.uuid, auth);
      expect([notReported.status, notReported.body.reportingStatus]).toEqual([400, 'NOT_REPORTED']);
      expect(codes(notReported.body)).toEqual(['invalid-invoice-type']);
      expect((await post('/invoices/clearance/single', standard, standardDoc.uuid, auth)).body.clearanceStatus).toBe('CLEARED');

      // A wrong total with VAT, signed as it is (its hash, signature and QR hold): ZATCA's rule refuses it, in its words.
      const wrongTotal = signInvoice(buildInvoiceXml(SIMPLIFIED).replace(/(<cbc:TaxInclusiveAmount currencyID="SAR">)[^<]*/, '$11.00'), keys);
      const broken = await post('/invoices/reporting/single', wrongTotal, SIMPLIFIED.uuid, auth);
      expect([broken.status, broken.body.reportingStatus, broken.body.validationResults.status]).toEqual([400, 'NOT_REPORTED', 'ERROR']);
      expect(broken.body.validationResults.errorMessages).toEqual(
        expect.arrayContaining([expect.objectContaining({ code: 'BR-CO-15', category: 'EN', message: expect.stringContaining('Invoice total amount with VAT') })]),
      );
    }, 60_000);
  });
});

describe('onboarding when ZATCA refuses', () => {
  let server: TestServer;
  let zatca: http.Server;
  let calls = 0;
  beforeAll(async () => {
    // A ZATCA that refuses every OTP, as the real one refuses an expired code.
    zatca = http.createServer((_req, res) => {
      calls++;
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ errorCode: 'Invalid-OTP', errors: [{ type: 'ERROR', code: 'Invalid-OTP', category: 'OTP', message: 'The OTP is expired' }] }));
    });
    await new Promise<void>((resolve) => zatca.listen(0, '127.0.0.1', resolve));
    server = await startTestServer({ env: { ZATCA_API_URL: `http://127.0.0.1:${(zatca.address() as AddressInfo).port}/e-invoicing/simulation` } });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => zatca.close(resolve));
  });

  it('answers 400 zatca_refused with ZATCA’s messages, leaves the unit failed with them, and lets the owner try again', async () => {
    const owner = await signInAs(server, { role: 'supplier' });
    expect((await owner.put('/api/company/tax-profile', taxProfile())).status).toBe(200);
    const res = await owner.post('/api/e-invoicing/onboard', { otp: '123456' });
    expect([res.status, res.body.code]).toEqual([400, 'zatca_refused']);
    expect(res.body.details).toEqual([{ path: 'OTP', message: 'The OTP is expired', code: 'Invalid-OTP' }]);
    const status = (await owner.get('/api/e-invoicing/status')).body;
    expect(status).toMatchObject({ status: 'failed', environment: 'simulation', messages: [{ code: 'Invalid-OTP', message: 'The OTP is expired' }] });
    expect((await owner.post('/api/e-invoicing/onboard', { otp: '123456' })).body.code).toBe('zatca_refused');
    expect(calls).toBe(2);
    // The development ZATCA is not mounted when ZATCA_API_URL is set.
    expect((await fetch(`${server.url}/dev-zatca/compliance`, { method: 'POST', headers: { 'Content-Type': 'application/json', OTP: '123456' }, body: '{}' })).status).not.toBe(200);
  });
});
