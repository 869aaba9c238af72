/**
 * The keys and certificates of ZATCA e-invoicing: a secp256k1 key pair per e-invoicing
 * unit, the certificate signing request ZATCA's onboarding takes (its CSR template: the
 * subject C/OU/O/CN, a subjectAltName dirName with SN, UID, title, registeredAddress and
 * businessCategory, and Microsoft's certificate template name extension naming the
 * environment), and, for the development ZATCA and the tests, a test authority that issues
 * certificates from such requests.
 *
 * ASN.1 goes through @peculiar/asn1-*; the signatures through Node's crypto, because
 * WebCrypto (what @peculiar's higher-level x509 package signs with) has no secp256k1. A
 * CSR or certificate is signed by serialising its to-be-signed part, signing those bytes
 * with ECDSA over SHA-256 (DER signature) and wrapping them.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
  id_ce_basicConstraints,
  id_ce_keyUsage,
  id_ce_subjectAltName,
} from '@peculiar/asn1-x509';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';

/** ecdsa-with-SHA256: the only signature algorithm ZATCA issues and accepts. */
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
/** PKCS #9 extensionRequest: where a CSR carries the extensions it asks for. */
const EXTENSION_REQUEST = '1.2.840.113549.1.9.14';
/** Microsoft's certificateTemplateName extension, which ZATCA reads to tell the environments apart. */
const CERTIFICATE_TEMPLATE_NAME = '1.3.6.1.4.1.311.20.2';

/** Attribute types by the short names OpenSSL and ZATCA's CSR template use (SN is surname, 2.5.4.4, there). */
const OID = {
  C: '2.5.4.6',
  O: '2.5.4.10',
  OU: '2.5.4.11',
  CN: '2.5.4.3',
  SN: '2.5.4.4',
  UID: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  DC: '0.9.2342.19200300.100.1.25',
  organizationIdentifier: '2.5.4.97',
} as const;
const NAME_OF_OID = new Map<string, string>(Object.entries(OID).map(([name, oid]) => [oid, name]));

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

/** @public */
export interface CsrSubject {
  commonName: string;
  organizationName: string;
  organizationUnit: string;
  country: string;
}

/** @public */
export interface CsrSan {
  serialNumber: string;
  vatNumber: string;
  invoiceTypes: string;
  registeredAddress: string;
  businessCategory: string;
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

const toBuffer = (data: ArrayBuffer | ArrayBufferView): Buffer =>
  ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** A DER string of the given universal tag (length of any size). */
function derString(tag: number, text: string): Buffer {
  const body = Buffer.from(text, tag === 0x13 || tag === 0x16 ? 'latin1' : 'utf8');
  const len = body.length;
  const lenBytes = len < 0x80 ? Buffer.from([len]) : len < 0x100 ? Buffer.from([0x81, len]) : Buffer.from([0x82, len >> 8, len & 0xff]);
  return Buffer.concat([Buffer.from([tag]), lenBytes, body]);
}

/** One attribute per RDN, in the given order, as OpenSSL writes a configured name. */
function nameOf(parts: ReadonlyArray<readonly [keyof typeof OID, string]>, printable: ReadonlyArray<string> = []): Name {
  return new Name(
    parts.map(
      ([type, value]) =>
        new RelativeDistinguishedName([
          new AttributeTypeAndValue({
            type: OID[type],
            value: new AttributeValue(printable.includes(type) ? { printableString: value } : { utf8String: value }),
          }),
        ]),
    ),
  );
}

/** The attributes of a name by short name (the first of each). */
function attributesOf(name: Name): Map<string, string> {
  const found = new Map<string, string>();
  for (const rdn of name) {
    for (const atv of rdn) {
      const key = NAME_OF_OID.get(atv.type) ?? atv.type;
      if (!found.has(key)) found.set(key, atv.value.toString());
    }
  }
  return found;
}

function subjectOf(name: Name): CsrSubject {
  const a = attributesOf(name);
  return { commonName: a.get('CN') ?? '', organizationName: a.get('O') ?? '', organizationUnit: a.get('OU') ?? '', country: a.get('C') ?? '' };
}

function sanOf(extensions: ReadonlyArray<Extension>): CsrSan | undefined {
  const ext = extensions.find((e) => e.extnID === id_ce_subjectAltName);
  if (!ext) return undefined;
  const names = AsnConvert.parse(ext.extnValue.buffer, SubjectAlternativeName);
  const dir = names.find((n) => n.directoryName)?.directoryName;
  if (!dir) return undefined;
  const a = attributesOf(dir);
  return {
    serialNumber: a.get('SN') ?? '',
    vatNumber: a.get('UID') ?? '',
    invoiceTypes: a.get('title') ?? '',
    registeredAddress: a.get('registeredAddress') ?? '',
    businessCategory: a.get('businessCategory') ?? '',
  };
}

/** The RFC 4514 string of a name: RDNs from last to first, ', ' between, as ZATCA writes the issuer. */
function rfc4514(name: Name): string {
  return [...name]
    .reverse()
    .map((rdn) =>
      [...rdn]
        .map((atv) => {
          const key = NAME_OF_OID.get(atv.type) ?? atv.type;
          const value = atv.value.toString().replace(/([,+"\\<>;=])/g, '\\$1');
          return `${key}=${value}`;
        })
        .join('+'),
    )
    .join(', ');
}

const ecdsaSha256 = () => new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });

/** ECDSA over SHA-256 with a DER signature, as X.509 and ZATCA's XAdES carry it. */
export function signDer(data: Buffer, key: KeyObject | string): Buffer {
  return sign('sha256', data, { key: typeof key === 'string' ? createPrivateKey(key) : key, dsaEncoding: 'der' });
}

function verifyDer(data: Buffer, signature: Buffer, publicKeyDer: Buffer): boolean {
  try {
    const key = createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
    return verify('sha256', data, { key, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}

const spkiOfPrivate = (privateKeyPem: string): Buffer =>
  createPublicKey(createPrivateKey(privateKeyPem)).export({ format: 'der', type: 'spki' });

const pem = (label: string, der: Buffer): string =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** The DER inside a PEM text, or the DER of a bare base64 string. */
function derOf(pemOrBase64: string): Buffer {
  const body = pemOrBase64.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

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

function requestedExtensions(info: CertificationRequestInfo): Extension[] {
  const attr = info.attributes?.find((a) => a.type === EXTENSION_REQUEST);
  return attr?.values[0] ? [...AsnConvert.parse(attr.values[0], Extensions)] : [];
}

/** The PEM text of a CSR given as ZATCA's API takes it (base64 of the PEM), or as PEM. */
const csrDer = (csrBase64: string): Buffer =>
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

/** The PEM of a certificate given as PEM or as the base64 of its DER. */
export function certificatePem(certPemOrBase64Der: string): string {
  return pem('CERTIFICATE', derOf(certPemOrBase64Der));
}

/** SHA-256 helper shared by the signature code. */
export const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
