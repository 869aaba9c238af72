/**
 * The unit's keys and certificates: a CSR carries ZATCA's template fields and a signature
 * that holds; the test authority issues a certificate that chains to it and carries the
 * CSR's subject, SAN and key; a certificate's issuer and serial read as ZATCA's XAdES
 * writes them (checked on the certificate of ZATCA's simplified sample).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCsr, certificateInfo, generateKeyPair, parseCsr, type CsrInput } from './pki';
import { createTestAuthority, issueCertificate, verifyCertificate } from './test-authority';
import { SAMPLES } from './standards';

const csrInput = (privateKeyPem: string): CsrInput => ({
  privateKeyPem,
  commonName: 'TST-886431145-399999999900003',
  organizationName: 'شركة مواد البناء المحدودة',
  organizationUnit: 'Riyadh Branch',
  country: 'SA',
  serialNumber: '1-Binaa|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  vatNumber: '399999999900003',
  invoiceTypes: '1100',
  registeredAddress: 'RRRD2929',
  businessCategory: 'Construction supplies',
  environment: 'development',
});

describe('ZATCA keys and certificates', () => {
  it("parses a CSR back with ZATCA's subject, SAN, template name and a valid signature", () => {
    const keys = generateKeyPair();
    const csr = buildCsr(csrInput(keys.privateKeyPem));
    expect(Buffer.from(csr, 'base64').toString('utf8')).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n/);
    const parsed = parseCsr(csr);
    expect(parsed.subject).toEqual({ commonName: 'TST-886431145-399999999900003', organizationName: 'شركة مواد البناء المحدودة', organizationUnit: 'Riyadh Branch', country: 'SA' });
    expect(parsed.san).toEqual({
      serialNumber: '1-Binaa|2-1.0|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
      vatNumber: '399999999900003',
      invoiceTypes: '1100',
      registeredAddress: 'RRRD2929',
      businessCategory: 'Construction supplies',
    });
    expect(parsed.templateName).toBe('TSTZATCA-Code-Signing');
    expect(parsed.publicKeyDer.equals(keys.publicKeyDer)).toBe(true);
    expect(parsed.signatureValid).toBe(true);
  });

  it('names the template of each environment', () => {
    const { privateKeyPem } = generateKeyPair();
    expect(parseCsr(buildCsr({ ...csrInput(privateKeyPem), environment: 'production' })).templateName).toBe('ZATCA-Code-Signing');
    expect(parseCsr(buildCsr({ ...csrInput(privateKeyPem), environment: 'simulation' })).templateName).toBe('PREZATCA-Code-Signing');
  });

  it('reports a CSR whose signature is not its key holder’s as invalid', () => {
    const csr = Buffer.from(buildCsr(csrInput(generateKeyPair().privateKeyPem)), 'base64').toString('utf8');
    const der = Buffer.from(csr.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
    der[der.length - 5] = (der[der.length - 5] ?? 0) ^ 0x01;
    expect(parseCsr(der.toString('base64').replace(/^/, '-----BEGIN CERTIFICATE REQUEST-----\n').concat('\n-----END CERTIFICATE REQUEST-----\n')).signatureValid).toBe(false);
  });

  it('issues a certificate that chains to the test authority and carries the CSR', () => {
    const ca = createTestAuthority();
    const keys = generateKeyPair();
    const cert = issueCertificate({ csrBase64: buildCsr(csrInput(keys.privateKeyPem)), caKeyPem: ca.keyPem, caCertPem: ca.certPem, days: 30, serialNumber: 123456789012345678901234567890n });
    expect(verifyCertificate(cert, ca.certPem)).toBe(true);
    expect(verifyCertificate(cert, createTestAuthority().certPem)).toBe(false);
    const info = certificateInfo(cert);
    expect(info.serialNumber).toBe('123456789012345678901234567890');
    expect(info.issuerName).toBe('CN=Binaa Development ZATCA CA, DC=binaa, DC=local');
    expect(info.publicKeyDer.equals(keys.publicKeyDer)).toBe(true);
    expect(info.san?.vatNumber).toBe('399999999900003');
    expect(info.subject.organizationName).toBe('شركة مواد البناء المحدودة');
    expect(info.notAfter.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("reads the issuer and serial of ZATCA's sample certificate as its XAdES states them", () => {
    const xml = readFileSync(`${SAMPLES}/Simplified_Invoice.xml`, 'utf8');
    const base64 = /<ds:X509Certificate>([^<]+)</.exec(xml)?.[1] ?? '';
    const info = certificateInfo(base64);
    expect(info.issuerName).toBe(/<ds:X509IssuerName>([^<]+)</.exec(xml)?.[1]);
    expect(info.serialNumber).toBe(/<ds:X509SerialNumber>([^<]+)</.exec(xml)?.[1]);
    expect(info.base64Der).toBe(base64);
  });
});
