/**
 * A tender's documents in the open data (projects/documents.ts has them): each version in
 * tender.documents from its publication, as a tenderUpdate release (an addendum as a
 * tenderAmendment, with a tender.amendments entry naming the version it replaced). A
 * superseded version stays listed, its dateModified the moment it was replaced and its
 * description saying so, so a consumer sees what the bidders saw at each moment.
 *
 * documentType takes the open documentType codelist's codes: a specification is
 * technicalSpecifications, a bill of quantities billOfQuantity, the contract terms
 * contractDraft, a drawing illustration (the codelist's code for the project's plans and
 * pictures; it has none for drawings alone), anything else biddingDocuments.
 *
 * The file's hash: OCDS 1.1.5's Document has no hash field, and its fields are open, so
 * each document carries `hash` as Prozorro publishes it (`<algorithm>:<hex>`, here
 * sha256), checked by the pattern schema.ts applies (withDocumentHash), and the
 * description repeats it for readers of the core fields only.
 */
import type { DocumentFormat, DocumentType } from '../../../shared/schemas/project-document';
import { DOCUMENT_FORMATS } from '../../../shared/schemas/project-document';

const OCDS_DOCUMENT_TYPE: Record<DocumentType, string> = {
  specification: 'technicalSpecifications',
  bill_of_quantities: 'billOfQuantity',
  drawing: 'illustration',
  contract_terms: 'contractDraft',
  other: 'biddingDocuments',
};

/** A published version of a tender document. */
export interface DocumentFacts {
  id: string;
  type: DocumentType;
  title: string;
  format: DocumentFormat;
  hash: string;
  published_at: Date;
  replaces_id: string | null;
  superseded_at: Date | null;
}

const iso = (d: Date) => d.toISOString();

/** The documents as a release dated `at` shows them: those published by then, each as it stood then. */
export function documentsAt(docs: DocumentFacts[], at: Date, url: (id: string) => string): Array<Record<string, unknown>> {
  return docs
    .filter((d) => d.published_at.getTime() <= at.getTime())
    .map((d) => {
      const superseded = d.superseded_at && d.superseded_at.getTime() <= at.getTime() ? d.superseded_at : null;
      const notes = [`SHA-256: ${d.hash}`];
      if (d.replaces_id) notes.unshift(`Addendum replacing document ${d.replaces_id}.`);
      if (superseded) notes.unshift('Superseded by an addendum.');
      return {
        id: d.id,
        documentType: OCDS_DOCUMENT_TYPE[d.type],
        title: d.title,
        description: notes.join(' '),
        url: url(d.id),
        datePublished: iso(d.published_at),
        dateModified: iso(superseded ?? d.published_at),
        format: DOCUMENT_FORMATS[d.format].mediaType,
        hash: `sha256:${d.hash}`,
      };
    });
}

/** The amendments (addenda) published by `at`. */
export function amendmentsAt(docs: DocumentFacts[], at: Date): Array<Record<string, unknown>> {
  return docs
    .filter((d) => d.replaces_id && d.published_at.getTime() <= at.getTime())
    .map((d) => ({ id: `addendum-${d.id}`, date: iso(d.published_at), description: `Document ${d.replaces_id} replaced by ${d.id} (${d.title}).` }));
}

/** The release schema with `hash` on Document, as `sha256:<64 hex>` (a copy). */
export function withDocumentHash<S extends { definitions: Record<string, { properties?: Record<string, unknown> }> }>(schema: S): S {
  const s = structuredClone(schema);
  s.definitions.Document.properties = {
    ...s.definitions.Document.properties,
    hash: { title: 'Hash', description: "The file's digest, `<algorithm>:<hex>`", type: ['string', 'null'], pattern: '^sha256:[0-9a-f]{64}$' },
  };
  return s;
}
