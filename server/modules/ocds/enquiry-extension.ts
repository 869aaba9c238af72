/**
 * The OCDS Enquiries extension (open-contracting-extensions/ocds_enquiry_extension), which
 * adds `tender.enquiries` to the 1.1.5 core: the questions bidders asked during the
 * enquiry period and the buyer's answers. The core schema in shared/standards has no
 * `enquiries` (its Tender takes extra fields unchecked), so schema.ts applies this patch
 * to it, as an extension is applied, and the releases' enquiries are validated too.
 * Written here from the extension's published fields (id, date, author, title,
 * description, answer, dateAnswered, relatedItem, relatedLot, threadID), not fetched: the
 * build has no network. Binaa never sends `author` (a question's asker is withheld).
 */
export const ENQUIRY_EXTENSION_URL = 'https://raw.githubusercontent.com/open-contracting-extensions/ocds_enquiry_extension/v1.1.5/extension.json';

const text = { type: ['string', 'null'] };
const dateTime = { type: ['string', 'null'], format: 'date-time' };

const enquiry = {
  title: 'Enquiry',
  description: 'A question related to this contracting process, generally sent during the enquiry period.',
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: ['string', 'integer'], minLength: 1 },
    date: dateTime,
    author: { $ref: '#/definitions/OrganizationReference' },
    title: text,
    description: text,
    answer: text,
    dateAnswered: dateTime,
    relatedItem: text,
    relatedLot: text,
    threadID: text,
  },
  minProperties: 1,
};

/** The release schema with the extension applied (a copy: the core schema object is left as it is). */
export function withEnquiries<S extends { definitions: Record<string, { properties?: Record<string, unknown> }> }>(core: S): S {
  const s = structuredClone(core);
  s.definitions.Enquiry = enquiry;
  s.definitions.Tender.properties = {
    ...s.definitions.Tender.properties,
    enquiries: { title: 'Enquiries', type: 'array', items: { $ref: '#/definitions/Enquiry' }, uniqueItems: true },
  };
  return s;
}
