/**
 * The keys and certificates of an e-invoicing unit, as ZATCA's onboarding takes and gives
 * them: a secp256k1 key pair, the certificate signing request of ZATCA's CSR template
 * (the subject C/OU/O/CN, a subjectAltName dirName with SN, UID, title, registeredAddress
 * and businessCategory, and Microsoft's certificate template name extension naming the
 * environment), that request read back, and what the signature and the QR take from the
 * certificate ZATCA issues. A CSR is signed by serialising its to-be-signed part, signing
 * those bytes with ECDSA over SHA-256 (DER signature) and wrapping them (asn1.ts); the
 * development ZATCA's authority is test-authority.ts.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { Attribute, Certificate, Extension, Extensions, GeneralName, SubjectAlternativeName, SubjectPublicKeyInfo, id_ce_subjectAltName } from '@peculiar/asn1-x509';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { ECDSA_WITH_SHA256, derOf, derString, ecdsaSha256, nameOf, pem, rfc4514, sanOf, signDer, subjectOf, toBuffer, verifyDer, type CsrSan, type CsrSubject } from './asn1';

/** PKCS #9 extensionRequest: where a CSR carries the extensions it asks for. */
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
/** Microsoft's certificateTemplateName extension, which ZATCA reads to tell the environments apart. */
export const CERTIFICATE_TEMPLATE_NAME = '1.3.6.1.4.1.311.20.2';

/** @public */
export type ZatcaEnvironment = 'production' | 'simulation' | 'development';

/** ZATCA's certificate template per environment (production, simulation, developer portal). */
const TEMPLATE_NAME: Record<ZatcaEnvironment, string> = {
  production: 'ZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  development: 'TSTZATCA-Code-Signing',
};

export interface CsrInput {
  privateKeyPem: string;
  commonName: string;
  organizationName: string;
  organizationUnit: string;
  country: 'SA';
  /** the unit's serial, '1-<solution>|2-<version>|3-<uuid>' */
  serialNumber: string;
  vatNumber: string;
  /** four flags: standard, simplified, and two reserved ('1100' issues standard and simplified) */
  invoiceTypes: string;
  registeredAddress: string;
  businessCategory: string;
  environment: ZatcaEnvironment;
}


export interface ParsedCsr {
  subject: CsrSubject;
  san: CsrSan;
  /** the template name extension's value, e.g. 'TSTZATCA-Code-Signing' */
  templateName: string | undefined;
  publicKeyDer: Buffer;
  signatureValid: boolean;
}

export interface CertificateInfo {
  /** the issuer as RFC 4514 writes it (last RDN first, ', ' between), as ZATCA's XAdES X509IssuerName carries it */
  issuerName: string;
  /** decimal */
  serialNumber: string;
  /** SubjectPublicKeyInfo, DER */
  publicKeyDer: Buffer;
  /** the certificate's own signature (ECDSA, DER): the QR's tag 9 */
  signatureDer: Buffer;
  /** the certificate's DER in base64, as ds:X509Certificate carries it */
  base64Der: string;
  notAfter: Date;
  subject: CsrSubject;
  san: CsrSan | undefined;
}

const spkiOfPrivate = (privateKeyPem: string): Buffer =>
  createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'der', type: 'spki' });

/** A new secp256k1 key pair: the private key as PKCS #8 PEM, the public key as SubjectPublicKeyInfo DER. */
export function generateKeyPair(): { privateKeyPem: string; publicKeyDer: Buffer } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return {
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicKeyDer: publicKey.export({ format: 'der', type: 'spki' }),
  };
}

/** The SAN dirName ZATCA's CSR template asks for. */
function zatcaSan(san: CsrSan): SubjectAlternativeName {
  return new SubjectAlternativeName([
    new GeneralName({
      directoryName: nameOf([
        ['SN', san.serialNumber],
        ['UID', san.vatNumber],
        ['title', san.invoiceTypes],
        ['registeredAddress', san.registeredAddress],
        ['businessCategory', san.businessCategory],
      ]),
    }),
  ]);
}

/**
 * A CSR as ZATCA's onboarding API takes it: the PEM text, base64 encoded once more. The
 * template name is a PrintableString, as ZATCA's own OpenSSL template writes it.
 */
export function buildCsr(input: CsrInput): string {
  const extensions = new Extensions([
    new Extension({
      extnID: CERTIFICATE_TEMPLATE_NAME,
      critical: false,
      extnValue: new OctetString(derString(0x13, TEMPLATE_NAME[input.environment])),
    }),
    new Extension({
      extnID: id_ce_subjectAltName,
      critical: false,
      extnValue: new OctetString(AsnConvert.serialize(zatcaSan(input))),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject: nameOf(
      [
        ['C', input.country],
        ['OU', input.organizationUnit],
        ['O', input.organizationName],
        ['CN', input.commonName],
      ],
      ['C'],
    ),
    subjectPKInfo: AsnConvert.parse(spkiOfPrivate(input.privateKeyPem), SubjectPublicKeyInfo),
    attributes: new Attributes([new Attribute({ type: EXTENSION_REQUEST, values: [AsnConvert.serialize(extensions)] })]),
  });
  const infoDer = toBuffer(AsnConvert.serialize(info));
  const csr = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: ecdsaSha256(),
    signature: new Uint8Array(signDer(infoDer, input.privateKeyPem)).buffer,
  });
  return Buffer.from(pem('CERTIFICATE REQUEST', toBuffer(AsnConvert.serialize(csr)))).toString('base64');
}

export function requestedExtensions(info: CertificationRequestInfo): Extension[] {
  const attr = info.attributes?.find((a) => a.type === EXTENSION_REQUEST);
  return attr?.values[0] ? [...AsnConvert.parse(attr.values[0], Extensions)] : [];
}

/** The PEM text of a CSR given as ZATCA's API takes it (base64 of the PEM), or as PEM. */
export const csrDer = (csrBase64: string): Buffer =>
  derOf(csrBase64.includes('-----BEGIN') ? csrBase64 : Buffer.from(csrBase64, 'base64').toString('utf8'));

/** A CSR's subject, ZATCA's SAN fields, its template name, its key, and whether its own signature holds. */
export function parseCsr(csrBase64: string): ParsedCsr {
  const csr = AsnConvert.parse(csrDer(csrBase64), CertificationRequest);
  const info = csr.certificationRequestInfo;
  const extensions = requestedExtensions(info);
  const template = extensions.find((e) => e.extnID === CERTIFICATE_TEMPLATE_NAME);
  const publicKeyDer = toBuffer(AsnConvert.serialize(info.subjectPKInfo));
  const tbs = csr.certificationRequestInfoRaw ? toBuffer(csr.certificationRequestInfoRaw) : toBuffer(AsnConvert.serialize(info));
  return {
    subject: subjectOf(info.subject),
    san: sanOf(extensions) ?? { serialNumber: '', vatNumber: '', invoiceTypes: '', registeredAddress: '', businessCategory: '' },
    // A string's DER: tag, one length byte (template names are short), the text.
    templateName: template ? toBuffer(template.extnValue.buffer).subarray(2).toString('latin1') : undefined,
    publicKeyDer,
    signatureValid: csr.signatureAlgorithm.algorithm === ECDSA_WITH_SHA256 && verifyDer(tbs, toBuffer(csr.signature), publicKeyDer),
  };
}

/** What ZATCA's XAdES and QR take from a certificate (PEM or the base64 of its DER). */
export function certificateInfo(certPemOrBase64Der: string): CertificateInfo {
  const der = derOf(certPemOrBase64Der);
  const cert = AsnConvert.parse(der, Certificate);
  const tbs = cert.tbsCertificate;
  return {
    issuerName: rfc4514(tbs.issuer),
    serialNumber: BigInt(`0x${toBuffer(tbs.serialNumber).toString('hex') || '0'}`).toString(10),
    publicKeyDer: toBuffer(AsnConvert.serialize(tbs.subjectPublicKeyInfo)),
    signatureDer: toBuffer(cert.signatureValue),
    base64Der: der.toString('base64'),
    notAfter: tbs.validity.notAfter.getTime(),
    subject: subjectOf(tbs.subject),
    san: sanOf(tbs.extensions ? [...tbs.extensions] : []),
  };
}

/** The PEM of a certificate given as PEM or as the base64 of its DER. */
export function certificatePem(certPemOrBase64Der: string): string {
  return pem('CERTIFICATE', derOf(certPemOrBase64Der));
}
