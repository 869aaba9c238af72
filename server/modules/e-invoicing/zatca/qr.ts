/**
 * The QR code of a ZATCA invoice: tag-length-value records, base64 encoded. Tags 1 to 5
 * are the seller's name, VAT number, the time stamp, the total with VAT and the VAT, as
 * UTF-8 text; 6 and 7 the invoice hash and the signature as their base64 text; 8 the
 * public key (SubjectPublicKeyInfo DER) and 9 the certificate's own signature (DER), as
 * raw bytes. A length is one byte, as ZATCA's SDK writes it, so a value is at most 255
 * bytes (an Arabic name of up to about 120 letters).
 */
export interface QrTags {
  sellerName: string;
  vatNumber: string;
  /** YYYY-MM-DDTHH:MM:SS, the document's issue date and time */
  timestamp: string;
  /** the total with VAT as the document prints it */
  total: string;
  vatTotal: string;
  /** base64 */
  hash: string;
  /** base64 */
  signature: string;
  /** SubjectPublicKeyInfo DER */
  publicKey: Buffer;
  /** the certificate's signature, DER (simplified invoices carry it) */
  certificateSignature?: Buffer;
}

function tlv(tag: number, value: Buffer): Buffer {
  if (value.length > 255) throw new RangeError(`QR tag ${tag} is ${value.length} bytes; ZATCA's QR holds at most 255`);
  return Buffer.concat([Buffer.from([tag, value.length]), value]);
}

export function encodeQr(tags: QrTags): string {
  const records = [
    tlv(1, Buffer.from(tags.sellerName, 'utf8')),
    tlv(2, Buffer.from(tags.vatNumber, 'utf8')),
    tlv(3, Buffer.from(tags.timestamp, 'utf8')),
    tlv(4, Buffer.from(tags.total, 'utf8')),
    tlv(5, Buffer.from(tags.vatTotal, 'utf8')),
    tlv(6, Buffer.from(tags.hash, 'utf8')),
    tlv(7, Buffer.from(tags.signature, 'utf8')),
    tlv(8, tags.publicKey),
  ];
  if (tags.certificateSignature) records.push(tlv(9, tags.certificateSignature));
  return Buffer.concat(records).toString('base64');
}

/** The records of a QR by tag; throws when the records do not add up to the bytes given. */
export function decodeQr(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  let at = 0;
  while (at < bytes.length) {
    const tag = bytes[at];
    const length = bytes[at + 1];
    if (tag === undefined || length === undefined || at + 2 + length > bytes.length) throw new Error('the QR code is cut short');
    tags.set(tag, bytes.subarray(at + 2, at + 2 + length));
    at += 2 + length;
  }
  return tags;
}
