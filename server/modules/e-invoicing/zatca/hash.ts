/**
 * The invoice hash ZATCA chains invoices by and signs: SHA-256 over the document's
 * canonical form (C14N 1.1) once ext:UBLExtensions, cac:Signature and the
 * AdditionalDocumentReference whose ID is QR are removed (the three XPath transforms of
 * the signature's invoiceSignedData reference), in base64. The whitespace around the
 * removed elements stays, as it does when ZATCA applies the transforms.
 *
 * Canonicalisation is xml-crypto's C14N over an @xmldom/xmldom tree. xml-crypto names it
 * C14N 1.0; on a whole document without xml:id or xml:base attributes (which a UBL
 * invoice has none of) 1.0 and 1.1 write the same bytes.
 */
import { createHash } from 'node:crypto';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

export const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

export function parseXml(xml: string): Document {
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`not well-formed XML: ${message}`);
    },
  }).parseFromString(xml, 'text/xml');
  if (!doc.documentElement) throw new Error('not an XML document');
  return doc;
}

/** The direct children of an element with the given namespace and local name. */
export function children(parent: Element, ns: string, localName: string): Element[] {
  const found: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === localName) found.push(n as Element);
  }
  return found;
}

/** The text of the first cbc:ID child. */
export const idOf = (el: Element): string | undefined => children(el, NS.cbc, 'ID')[0]?.textContent?.trim();

/** The root's children the hash leaves out. */
function excluded(root: Element): Element[] {
  return [
    ...children(root, NS.ext, 'UBLExtensions'),
    ...children(root, NS.cac, 'Signature'),
    ...children(root, NS.cac, 'AdditionalDocumentReference').filter((r) => idOf(r) === 'QR'),
  ];
}

const c14n = new C14nCanonicalization();

/** The canonical bytes the hash is taken over; removes the excluded elements from the tree given. */
function hashedForm(doc: Document): string {
  const root = doc.documentElement as Element;
  for (const el of excluded(root)) root.removeChild(el);
  return c14n.process(root as unknown as Node, {});
}

/** The hash of a parsed document, which it takes apart: read what else is needed first. */
export function hashOfParsed(doc: Document): string {
  return createHash('sha256').update(hashedForm(doc), 'utf8').digest('base64');
}

/** The invoice hash (base64 of the SHA-256 digest), as the PIH chain, the signature and the QR carry it. */
export function invoiceHash(xml: string): string {
  return hashOfParsed(parseXml(xml));
}
