/**
 * Stamps a document as ZATCA's SDK does, and checks a stamped one from its own content.
 *
 * The signature is XAdES-BES enveloped in ext:UBLExtensions, laid out as the SDK lays it
 * out (and as ZATCA's samples show). Three of its rules differ from plain XML-DSig, and
 * ZATCA checks them as written:
 * - the signature value is ECDSA (secp256k1, SHA-256, DER) over the 32 bytes of the invoice
 *   hash, not over the canonical SignedInfo;
 * - the certificate digest is base64 of the hex SHA-256 of the certificate's base64 text;
 * - the SignedProperties digest is base64 of the hex SHA-256 of the SignedProperties written
 *   in the SDK's fixed form (xades declared on the element, ds declared on each ds element,
 *   a self-closing DigestMethod, the SDK's indentation), whatever the document's own layout.
 * Each was checked against ZATCA's samples (sign.test.ts holds them).
 *
 * The QR reference is filled from the document itself, so what is printed, signed and
 * encoded cannot drift apart: tags 1 to 8, and on a simplified document (KSA-2 02...) tag 9,
 * the certificate's signature, which ZATCA requires there since a consumer's reader checks
 * the QR offline, before ZATCA has seen the document.
 */
import { createPrivateKey, createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { Document, Element } from '@xmldom/xmldom';
import { children, hashOfParsed, idOf, NS, parseXml } from './hash';
import { renderInvoice, type QrFields } from './document';
import type { InvoiceDocument } from './invoice-types';
import { certificateInfo, certificatePem, type CertificateInfo } from './pki';
import { sha256, signDer } from './asn1';
import { decodeQr, encodeQr } from './qr';

export interface SignedInvoice {
  xml: string;
  /** base64, the next invoice's PIH */
  hash: string;
  /** base64 DER */
  signature: string;
  /** base64 TLV */
  qr: string;
}

export interface InvoiceVerification {
  /** the hash recomputed from the document equals the signature's invoiceSignedData digest */
  hashOk: boolean;
  /** the signature verifies with the certificate's key, and the signed properties and certificate digests hold */
  signatureOk: boolean;
  /** the QR's tags match the document, its hash, signature and certificate */
  qrOk: boolean;
  /** the recomputed hash */
  hash: string;
  certificatePem: string;
}

/** Parsed keys and certificates by their PEM text: a seller signs many invoices with one pair. */
const keyCache = new Map<string, KeyObject>();
const certCache = new Map<string, CertificateInfo & { digest: string }>();
const CACHE_LIMIT = 64;

function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

const hexDigestBase64 = (text: string): string => Buffer.from(sha256(text).toString('hex')).toString('base64');

const certificateOf = (pemOrBase64: string) =>
  remember(certCache, pemOrBase64, () => {
    const info = certificateInfo(pemOrBase64);
    return { ...info, digest: hexDigestBase64(info.base64Der) };
  });

const I = (n: number): string => ' '.repeat(n);

/** SignedProperties in the SDK's fixed form: what its digest is taken over. */
function signedPropertiesForDigest(p: { signingTime: string; certDigest: string; issuer: string; serial: string }): string {
  const ds = ' xmlns:ds="http://www.w3.org/2000/09/xmldsig#"';
  return [
    '<xades:SignedProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Id="xadesSignedProperties">',
    `${I(36)}<xades:SignedSignatureProperties>`,
    `${I(40)}<xades:SigningTime>${p.signingTime}</xades:SigningTime>`,
    `${I(40)}<xades:SigningCertificate>`,
    `${I(44)}<xades:Cert>`,
    `${I(48)}<xades:CertDigest>`,
    `${I(52)}<ds:DigestMethod${ds} Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>`,
    `${I(52)}<ds:DigestValue${ds}>${p.certDigest}</ds:DigestValue>`,
    `${I(48)}</xades:CertDigest>`,
    `${I(48)}<xades:IssuerSerial>`,
    `${I(52)}<ds:X509IssuerName${ds}>${escapeText(p.issuer)}</ds:X509IssuerName>`,
    `${I(52)}<ds:X509SerialNumber${ds}>${p.serial}</ds:X509SerialNumber>`,
    `${I(48)}</xades:IssuerSerial>`,
    `${I(44)}</xades:Cert>`,
    `${I(40)}</xades:SigningCertificate>`,
    `${I(36)}</xades:SignedSignatureProperties>`,
    `${I(32)}</xades:SignedProperties>`,
  ].join('\n');
}

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The UBLExtensions block, indented as ZATCA's samples are. */
function ublExtensions(p: {
  hash: string;
  propertiesDigest: string;
  signature: string;
  certificate: string;
  signingTime: string;
  certDigest: string;
  issuer: string;
  serial: string;
}): string {
  const xpath = (expr: string) =>
    `${I(36)}<ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">\n${I(40)}<ds:XPath>${expr}</ds:XPath>\n${I(36)}</ds:Transform>`;
  return [
    '<ext:UBLExtensions>',
    `${I(4)}<ext:UBLExtension>`,
    `${I(8)}<ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>`,
    `${I(8)}<ext:ExtensionContent>`,
    `${I(12)}<sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">`,
    `${I(16)}<sac:SignatureInformation>`,
    `${I(20)}<cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>`,
    `${I(20)}<sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>`,
    `${I(20)}<ds:Signature xmlns:ds="http://www.w3.org/2000/09/xmldsig#" Id="signature">`,
    `${I(24)}<ds:SignedInfo>`,
    `${I(28)}<ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>`,
    `${I(28)}<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>`,
    `${I(28)}<ds:Reference Id="invoiceSignedData" URI="">`,
    `${I(32)}<ds:Transforms>`,
    xpath('not(//ancestor-or-self::ext:UBLExtensions)'),
    xpath('not(//ancestor-or-self::cac:Signature)'),
    xpath("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
    `${I(36)}<ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>`,
    `${I(32)}</ds:Transforms>`,
    `${I(32)}<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>`,
    `${I(32)}<ds:DigestValue>${p.hash}</ds:DigestValue>`,
    `${I(28)}</ds:Reference>`,
    `${I(28)}<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">`,
    `${I(32)}<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>`,
    `${I(32)}<ds:DigestValue>${p.propertiesDigest}</ds:DigestValue>`,
    `${I(28)}</ds:Reference>`,
    `${I(24)}</ds:SignedInfo>`,
    `${I(24)}<ds:SignatureValue>${p.signature}</ds:SignatureValue>`,
    `${I(24)}<ds:KeyInfo>`,
    `${I(28)}<ds:X509Data>`,
    `${I(32)}<ds:X509Certificate>${p.certificate}</ds:X509Certificate>`,
    `${I(28)}</ds:X509Data>`,
    `${I(24)}</ds:KeyInfo>`,
    `${I(24)}<ds:Object>`,
    `${I(28)}<xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">`,
    `${I(32)}<xades:SignedProperties Id="xadesSignedProperties">`,
    `${I(36)}<xades:SignedSignatureProperties>`,
    `${I(40)}<xades:SigningTime>${p.signingTime}</xades:SigningTime>`,
    `${I(40)}<xades:SigningCertificate>`,
    `${I(44)}<xades:Cert>`,
    `${I(48)}<xades:CertDigest>`,
    `${I(52)}<ds:DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/>`,
    `${I(52)}<ds:DigestValue>${p.certDigest}</ds:DigestValue>`,
    `${I(48)}</xades:CertDigest>`,
    `${I(48)}<xades:IssuerSerial>`,
    `${I(52)}<ds:X509IssuerName>${escapeText(p.issuer)}</ds:X509IssuerName>`,
    `${I(52)}<ds:X509SerialNumber>${p.serial}</ds:X509SerialNumber>`,
    `${I(48)}</xades:IssuerSerial>`,
    `${I(44)}</xades:Cert>`,
    `${I(40)}</xades:SigningCertificate>`,
    `${I(36)}</xades:SignedSignatureProperties>`,
    `${I(32)}</xades:SignedProperties>`,
    `${I(28)}</xades:QualifyingProperties>`,
    `${I(24)}</ds:Object>`,
    `${I(20)}</ds:Signature>`,
    `${I(16)}</sac:SignatureInformation>`,
    `${I(12)}</sig:UBLDocumentSignatures>`,
    `${I(8)}</ext:ExtensionContent>`,
    `${I(4)}</ext:UBLExtension>`,
    '</ext:UBLExtensions>',
  ].join('\n');
}

const first = (parent: Element | undefined, ns: string, name: string): Element | undefined => (parent ? children(parent, ns, name)[0] : undefined);
const textOf = (el: Element | undefined): string => el?.textContent?.trim() ?? '';

/** What the QR states, read from the document (before the hash takes it apart). */
function qrFields(doc: Document): QrFields {
  const root = doc.documentElement as Element;
  const seller = first(first(root, NS.cac, 'AccountingSupplierParty'), NS.cac, 'Party');
  const totals = first(root, NS.cac, 'LegalMonetaryTotal');
  const subtype = first(root, NS.cbc, 'InvoiceTypeCode')?.getAttribute('name') ?? '';
  return {
    simplified: subtype.startsWith('02'),
    sellerName: textOf(first(first(seller, NS.cac, 'PartyLegalEntity'), NS.cbc, 'RegistrationName')),
    vatNumber: textOf(first(first(seller, NS.cac, 'PartyTaxScheme'), NS.cbc, 'CompanyID')),
    timestamp: `${textOf(first(root, NS.cbc, 'IssueDate'))}T${textOf(first(root, NS.cbc, 'IssueTime'))}`,
    total: textOf(first(totals, NS.cbc, 'TaxInclusiveAmount')),
    vatTotal: textOf(first(first(root, NS.cac, 'TaxTotal'), NS.cbc, 'TaxAmount')),
  };
}

const QR_OBJECT = /(<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>)[^<]*(<\/cbc:EmbeddedDocumentBinaryObject>)/;

export interface SigningKeys {
  privateKeyPem: string;
  certificatePem: string;
}

/**
 * Signs an unsigned document (one with its QR reference and cac:Signature in place and no
 * UBLExtensions, as buildInvoiceXml writes it): the hash, the XAdES signature in a new
 * ext:UBLExtensions as the root's first child, and the QR. The hashed content is left
 * byte for byte as given. Any such document: it is parsed and canonicalised.
 */
export function signInvoice(unsignedXml: string, keys: SigningKeys, at: Date = new Date()): SignedInvoice {
  const doc = parseXml(unsignedXml);
  const root = doc.documentElement as Element;
  if (children(root, NS.ext, 'UBLExtensions').length) throw new Error('the document is already signed');
  if (!children(root, NS.cac, 'Signature').length) throw new Error('the document has no cac:Signature');
  const fields = qrFields(doc);
  return stamp(unsignedXml, hashOfParsed(doc), fields, keys, at);
}

/**
 * Builds and signs an invoice in one step, without parsing back what was just written:
 * the document's canonical bytes and QR fields come from renderInvoice. What the server
 * issues with; the same result as signInvoice(buildInvoiceXml(doc)).
 */
export function buildSignedInvoice(invoice: InvoiceDocument, keys: SigningKeys, at: Date = new Date()): SignedInvoice {
  const rendered = renderInvoice(invoice);
  return stamp(rendered.xml, sha256(rendered.hashedForm).toString('base64'), rendered.qr, keys, at);
}

function stamp(unsignedXml: string, hash: string, fields: QrFields, keys: SigningKeys, at: Date): SignedInvoice {
  if (!QR_OBJECT.test(unsignedXml)) throw new Error('the document has no QR reference to fill');
  const key = remember(keyCache, keys.privateKeyPem, () => createPrivateKey(keys.privateKeyPem));
  const cert = certificateOf(keys.certificatePem);
  const signature = signDer(Buffer.from(hash, 'base64'), key).toString('base64');
  const signingTime = `${at.toISOString().slice(0, 19)}Z`;
  const props = { signingTime, certDigest: cert.digest, issuer: cert.issuerName, serial: cert.serialNumber };
  const propertiesDigest = hexDigestBase64(signedPropertiesForDigest(props));
  const qr = encodeQr({ ...fields, hash, signature, publicKey: cert.publicKeyDer, certificateSignature: fields.simplified ? cert.signatureDer : undefined });

  const rootStart = /<Invoice\b[^>]*>/.exec(unsignedXml);
  if (!rootStart) throw new Error('the document is not an Invoice');
  const cut = rootStart.index + rootStart[0].length;
  const extensions = ublExtensions({ ...props, hash, propertiesDigest, signature, certificate: cert.base64Der });
  const xml = (unsignedXml.slice(0, cut) + extensions + unsignedXml.slice(cut)).replace(QR_OBJECT, `$1${qr}$2`);
  return { xml, hash, signature, qr };
}

const sameAmount = (a: string, b: string): boolean => a !== '' && b !== '' && Number(a) === Number(b);

/** Recomputes the hash, the signature's digests and value, and the QR's tags from the document alone. */
export function verifyInvoice(xml: string): InvoiceVerification {
  const doc = parseXml(xml);
  const root = doc.documentElement as Element;
  const ds = (name: string) => root.getElementsByTagNameNS(NS.ds, name);
  const xades = (name: string) => textOf(root.getElementsByTagNameNS(NS.xades, name)[0]);
  const references = Array.from(ds('Reference'));
  const digestOf = (ref: Element | undefined) => textOf(ref?.getElementsByTagNameNS(NS.ds, 'DigestValue')[0]);
  const signedDigest = digestOf(references.find((r) => r.getAttribute('Id') === 'invoiceSignedData'));
  const propertiesDigest = digestOf(references.find((r) => r.getAttribute('URI') === '#xadesSignedProperties'));
  const signature = textOf(ds('SignatureValue')[0]);
  const certificate = textOf(ds('X509Certificate')[0]).replace(/\s+/g, '');
  const qrRef = children(root, NS.cac, 'AdditionalDocumentReference').find((r) => idOf(r) === 'QR');
  const qrText = textOf(first(first(qrRef, NS.cac, 'Attachment'), NS.cbc, 'EmbeddedDocumentBinaryObject'));
  const props = {
    signingTime: xades('SigningTime'),
    certDigest: textOf(root.getElementsByTagNameNS(NS.xades, 'CertDigest')[0]?.getElementsByTagNameNS(NS.ds, 'DigestValue')[0]),
    issuer: textOf(ds('X509IssuerName')[0]),
    serial: textOf(ds('X509SerialNumber')[0]),
  };
  const fields = qrFields(doc);
  // Last: the hash takes the signature and the QR out of the tree.
  const hash = hashOfParsed(doc);

  let signatureOk = false;
  let qrOk = false;
  let pem = '';
  if (certificate) {
    const cert = certificateOf(certificate);
    pem = certificatePem(certificate);
    let valueOk = false;
    try {
      const publicKey = createPublicKey({ key: cert.publicKeyDer, format: 'der', type: 'spki' });
      valueOk = verify('sha256', Buffer.from(signedDigest, 'base64'), { key: publicKey, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
    } catch {
      valueOk = false;
    }
    signatureOk =
      valueOk &&
      props.certDigest === cert.digest &&
      props.issuer === cert.issuerName &&
      props.serial === cert.serialNumber &&
      propertiesDigest === hexDigestBase64(signedPropertiesForDigest(props));
    try {
      const tags = decodeQr(qrText);
      const str = (tag: number) => tags.get(tag)?.toString('utf8') ?? '';
      const certSignature = tags.get(9);
      qrOk =
        str(1) === fields.sellerName &&
        str(2) === fields.vatNumber &&
        str(3).replace(/Z$/, '') === fields.timestamp &&
        sameAmount(str(4), fields.total) &&
        sameAmount(str(5), fields.vatTotal) &&
        str(6) === hash &&
        str(7) === signature &&
        (tags.get(8)?.equals(cert.publicKeyDer) ?? false) &&
        (certSignature === undefined ? !fields.simplified : certSignature.equals(cert.signatureDer));
    } catch {
      qrOk = false;
    }
  }
  return { hashOk: signedDigest === hash, signatureOk, qrOk, hash, certificatePem: pem };
}
