/**
 * A test authority for the development ZATCA and the tests: a self-signed secp256k1 CA
 * named as ZATCA's test sub-CA is, the leaf certificates it issues from CSRs whose own
 * signature holds (carrying their SAN and template name), and the check that a
 * certificate was issued by it and is still valid. Production certificates come from ZATCA.
 */
import { randomBytes } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  KeyUsage,
  KeyUsageFlags,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  id_ce_subjectAltName,
} from '@peculiar/asn1-x509';
import { CertificationRequest } from '@peculiar/asn1-csr';
import { ECDSA_WITH_SHA256, derOf, ecdsaSha256, nameOf, pem, signDer, toBuffer, verifyDer } from './asn1';
import { CERTIFICATE_TEMPLATE_NAME, csrDer, generateKeyPair, parseCsr, requestedExtensions } from './pki';

/** A positive serial of 16 random bytes (RFC 5280 allows up to 20 octets). */
function randomSerial(): bigint {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return BigInt(`0x${bytes.toString('hex')}`);
}

/** A serial as the unsigned big-endian bytes INTEGER wants (a leading zero when the top bit is set). */
function serialBytes(serial: bigint): ArrayBuffer {
  let hex = serial.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (/^[89a-f]/.test(hex)) hex = `00${hex}`;
  return new Uint8Array(Buffer.from(hex, 'hex')).buffer;
}

function signCertificate(tbs: TBSCertificate, keyPem: string): string {
  const tbsDer = toBuffer(AsnConvert.serialize(tbs));
  const cert = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: ecdsaSha256(),
    signatureValue: new Uint8Array(signDer(tbsDer, keyPem)).buffer,
  });
  return pem('CERTIFICATE', toBuffer(AsnConvert.serialize(cert)));
}

const keyUsage = (flags: number) =>
  new Extension({ extnID: id_ce_keyUsage, critical: true, extnValue: new OctetString(AsnConvert.serialize(new KeyUsage(flags))) });

/** A self-signed secp256k1 authority for the development ZATCA and the tests, named as ZATCA's test sub-CA is. */
export function createTestAuthority(): { keyPem: string; certPem: string } {
  const { privateKeyPem, publicKeyDer } = generateKeyPair();
  const name = nameOf([
    ['DC', 'local'],
    ['DC', 'binaa'],
    ['CN', 'Binaa Development ZATCA CA'],
  ]);
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serialBytes(randomSerial()),
    signature: ecdsaSha256(),
    issuer: name,
    validity: new Validity({ notBefore: new Date(now - 60_000), notAfter: new Date(now + 3650 * 86_400_000) }),
    subject: name,
    subjectPublicKeyInfo: AsnConvert.parse(publicKeyDer, SubjectPublicKeyInfo),
    extensions: new Extensions([
      new Extension({
        extnID: id_ce_basicConstraints,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints({ cA: true }))),
      }),
      keyUsage(KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign),
    ]),
  });
  return { keyPem: privateKeyPem, certPem: signCertificate(tbs, privateKeyPem) };
}

/**
 * A leaf certificate for a CSR whose signature holds: its subject, key, SAN and template
 * name, issued by the given authority for `days` days.
 */
export function issueCertificate(input: { csrBase64: string; caKeyPem: string; caCertPem: string; days: number; serialNumber?: bigint }): string {
  const csr = AsnConvert.parse(csrDer(input.csrBase64), CertificationRequest);
  if (!parseCsr(input.csrBase64).signatureValid) throw new Error('the CSR signature does not verify');
  const ca = AsnConvert.parse(derOf(input.caCertPem), Certificate);
  const info = csr.certificationRequestInfo;
  const carried = requestedExtensions(info).filter((e) => e.extnID === id_ce_subjectAltName || e.extnID === CERTIFICATE_TEMPLATE_NAME);
  const now = Date.now();
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: serialBytes(input.serialNumber ?? randomSerial()),
    signature: ecdsaSha256(),
    issuer: ca.tbsCertificate.subject,
    validity: new Validity({ notBefore: new Date(now - 60_000), notAfter: new Date(now + input.days * 86_400_000) }),
    subject: info.subject,
    subjectPublicKeyInfo: info.subjectPKInfo,
    extensions: new Extensions([...carried, keyUsage(KeyUsageFlags.digitalSignature)]),
  });
  return signCertificate(tbs, input.caKeyPem);
}

/** Whether a certificate was signed by the authority's key and names it as issuer, and is within its validity. */
export function verifyCertificate(certPem: string, caCertPem: string): boolean {
  try {
    const cert = AsnConvert.parse(derOf(certPem), Certificate);
    const ca = AsnConvert.parse(derOf(caCertPem), Certificate);
    const sameIssuer = Buffer.compare(toBuffer(AsnConvert.serialize(cert.tbsCertificate.issuer)), toBuffer(AsnConvert.serialize(ca.tbsCertificate.subject))) === 0;
    const now = Date.now();
    const { notBefore, notAfter } = cert.tbsCertificate.validity;
    const current = notBefore.getTime().getTime() <= now && now <= notAfter.getTime().getTime();
    const tbs = cert.tbsCertificateRaw ? toBuffer(cert.tbsCertificateRaw) : toBuffer(AsnConvert.serialize(cert.tbsCertificate));
    const caKey = toBuffer(AsnConvert.serialize(ca.tbsCertificate.subjectPublicKeyInfo));
    return sameIssuer && current && cert.signatureAlgorithm.algorithm === ECDSA_WITH_SHA256 && verifyDer(tbs, toBuffer(cert.signatureValue), caKey);
  } catch {
    return false;
  }
}
