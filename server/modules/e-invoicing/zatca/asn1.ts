/**
 * The ASN.1 and signature pieces the keys, the CSRs and the certificates of ZATCA
 * e-invoicing share: DER strings, X.509 names by the short names OpenSSL and ZATCA's
 * CSR template use (and read back, RFC 4514 for the issuer), ZATCA's SAN fields, PEM,
 * and ECDSA over SHA-256 with DER signatures through Node's crypto, because WebCrypto
 * (what @peculiar's higher-level x509 package signs with) has no secp256k1.
 */
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, AttributeTypeAndValue, AttributeValue, Extension, Name, RelativeDistinguishedName, SubjectAlternativeName, id_ce_subjectAltName } from '@peculiar/asn1-x509';

/** ecdsa-with-SHA256: the only signature algorithm ZATCA issues and accepts. */
export const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';

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

export const toBuffer = (data: ArrayBuffer | ArrayBufferView): Buffer =>
  ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(data);

/** A DER string of the given universal tag (length of any size). */
export function derString(tag: number, text: string): Buffer {
  const body = Buffer.from(text, tag === 0x13 || tag === 0x16 ? 'latin1' : 'utf8');
  const len = body.length;
  const lenBytes = len < 0x80 ? Buffer.from([len]) : len < 0x100 ? Buffer.from([0x81, len]) : Buffer.from([0x82, len >> 8, len & 0xff]);
  return Buffer.concat([Buffer.from([tag]), lenBytes, body]);
}

/** One attribute per RDN, in the given order, as OpenSSL writes a configured name. */
export function nameOf(parts: ReadonlyArray<readonly [keyof typeof OID, string]>, printable: ReadonlyArray<string> = []): Name {
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

export function subjectOf(name: Name): CsrSubject {
  const a = attributesOf(name);
  return { commonName: a.get('CN') ?? '', organizationName: a.get('O') ?? '', organizationUnit: a.get('OU') ?? '', country: a.get('C') ?? '' };
}

export function sanOf(extensions: ReadonlyArray<Extension>): CsrSan | undefined {
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
export function rfc4514(name: Name): string {
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

export const ecdsaSha256 = () => new AlgorithmIdentifier({ algorithm: ECDSA_WITH_SHA256 });

/** ECDSA over SHA-256 with a DER signature, as X.509 and ZATCA's XAdES carry it. */
export function signDer(data: Buffer, key: KeyObject | string): Buffer {
  return sign('sha256', data, { key: typeof key === 'string' ? createPrivateKey(key) : key, dsaEncoding: 'der' });
}

export function verifyDer(data: Buffer, signature: Buffer, publicKeyDer: Buffer): boolean {
  try {
    const key = createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
    return verify('sha256', data, { key, dsaEncoding: 'der' }, signature);
  } catch {
    return false;
  }
}


export const pem = (label: string, der: Buffer): string =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** The DER inside a PEM text, or the DER of a bare base64 string. */
export function derOf(pemOrBase64: string): Buffer {
  const body = pemOrBase64.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return Buffer.from(body, 'base64');
}

/** SHA-256 helper shared by the signature code. */
export const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
