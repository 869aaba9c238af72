/**
 * The OCDS Bid statistics and details extension (open-contracting-extensions/ocds_bid_extension),
 * which adds `bids` to the 1.1.5 core: here only `bids.details`, one entry per bid of a
 * two-envelope tender once its technical evaluation is recorded, with its status (valid:
 * passed, disqualified: failed) and nothing else. No value, no tenderer, no documents:
 * what the open data says of bids stays what it said before (amounts are published only
 * for the award), and a failed bid's financial envelope is never opened at all. Bid bonds
 * are left out too (a bond's face value is a share of the amount). The core schema in
 * shared/standards has no `bids`, so schema.ts applies this patch, as an extension is
 * applied, and the releases' bids are validated too. Written here from the extension's
 * published fields (Bids.statistics, Bids.details; Bid.id, date, status, tenderers, value,
 * documents), not fetched: the build has no network.
 */
export const BID_EXTENSION_URL = 'https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/v1.1.5/extension.json';

/** The extension's bidStatus codelist. */
const BID_STATUSES = ['invited', 'pending', 'valid', 'disqualified', 'withdrawn'];

const bid = {
  title: 'Bid',
  description: 'For representing a bid in response to the tender or qualification stage in this contracting process.',
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: ['string', 'integer'], minLength: 1 },
    date: { type: ['string', 'null'], format: 'date-time' },
    status: { type: ['string', 'null'], enum: [...BID_STATUSES, null] },
    tenderers: { type: 'array', items: { $ref: '#/definitions/OrganizationReference' }, uniqueItems: true },
    value: { $ref: '#/definitions/Value' },
    documents: { type: 'array', items: { $ref: '#/definitions/Document' } },
  },
  minProperties: 1,
};

const bids = {
  title: 'Bids',
  description: 'Summary and detailed information about bids received and evaluated as part of this contracting process.',
  type: 'object',
  properties: {
    statistics: { type: 'array', items: { type: 'object' } },
    details: { type: 'array', items: { $ref: '#/definitions/Bid' }, uniqueItems: true },
  },
};

/** The release schema with the extension applied (a copy: the schema object given is left as it is). */
export function withBids<S extends { properties: Record<string, unknown>; definitions: Record<string, unknown> }>(core: S): S {
  const s = structuredClone(core);
  s.definitions.Bid = bid;
  s.definitions.Bids = bids;
  s.properties = { ...s.properties, bids: { $ref: '#/definitions/Bids' } };
  return s;
}

/** One bid's entry from its technical verdict. */
export const bidDetail = (b: { id: string; pass: boolean }) => ({ id: b.id, status: b.pass ? 'valid' : 'disqualified' });

/** What tender.submissionMethodDetails says of a two-envelope tender. */
export const TWO_ENVELOPES =
  'Two envelopes: the technical envelopes are opened and evaluated first; only the financial envelopes of the bids that pass are opened.';
