/**
 * A bid's technical envelope and bid bond, and the files they name. A contractor uploads
 * each file (a tus upload of kind bid_document, then POST /api/projects/{id}/bid-documents)
 * before the deadline and names it in its bid's technical envelope or bond. The files are
 * sealed like the bid: the uploading company reads them always, the project's owner only
 * from the opening and only those a live bid names, nobody else ever (a 404, so even their
 * existence stays sealed). The technical envelope reaches the owner at the opening, the
 * financial one (amount, days, proposal) only after the technical evaluation, and never
 * for a bid that failed it.
 */
import { z } from 'zod';
import { MAX, dateSchema, lineString, optionalText, requiredName, timestampSchema, uuidSchema } from './common';

/** The most files one technical envelope names. */
export const MAX_TECHNICAL_DOCUMENTS = 20;

/** A bid document as its readers see it; sha256 is its ETag. */
export const bidDocumentSchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema,
  contractor_id: uuidSchema,
  title: z.string(),
  media_type: z.string(),
  size: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: timestampSchema,
});
export type BidDocument = z.infer<typeof bidDocumentSchema>;

/** POST /api/projects/{id}/bid-documents: the caller's finished upload of kind bid_document, with a title. */
export const bidDocumentAttachSchema = z.strictObject({
  upload_id: z.string().regex(/^[0-9a-f]{32}$/, 'upload_id: the id of a finished upload'),
  title: requiredName(200),
});
export type BidDocumentAttach = z.infer<typeof bidDocumentAttachSchema>;

/** The Upload-Metadata of a bid document's tus upload; photo_id is the client's id of the file (a resumed upload is one file). */
export const bidDocumentUploadMetadataSchema = z.object({
  kind: z.literal('bid_document'),
  project_id: uuidSchema,
  photo_id: uuidSchema,
  filename: lineString(255).optional(),
  filetype: lineString(100).optional(),
});
export type BidDocumentUploadMetadata = z.infer<typeof bidDocumentUploadMetadataSchema>;

/** The technical envelope of a bid create body: a text, files, or both (a two-envelope tender needs one of them). */
export const technicalInputSchema = z.strictObject({
  text: optionalText(MAX.text),
  document_ids: z.array(uuidSchema).max(MAX_TECHNICAL_DOCUMENTS),
});

/** The technical envelope as stored and read. */
export const technicalSchema = z.object({
  text: z.string().nullable(),
  document_ids: z.array(uuidSchema),
});

/** A bank's bid bond (guarantee): the scanned guarantee is a bid document of the bidder's. */
export const bidBondSchema = z.strictObject({
  document_id: uuidSchema,
  number: z.string().trim().min(1).max(60),
  bank: z.string().trim().min(1).max(120),
  expires_on: dateSchema,
});
export type BidBond = z.infer<typeof bidBondSchema>;

/** The owner's verdict on one technical envelope; a fail carries its reason. */
export const technicalResultSchema = z.object({ pass: z.boolean(), reason: z.string().nullable() });

/**
 * A bid's technical envelope (id = the bid's id): to the owner from the opening, to its
 * bidder always; never an amount. Synced as the entity technical_envelope.
 */
export const technicalEnvelopeSchema = z.object({
  id: uuidSchema,
  bid_id: uuidSchema,
  project_id: uuidSchema,
  contractor_id: uuidSchema,
  contractor_name: z.string().nullable(),
  technical: technicalSchema,
  documents: z.array(z.object({ id: uuidSchema, title: z.string(), media_type: z.string(), size: z.number().int(), sha256: z.string() })),
  bid_bond: bidBondSchema.nullable(),
  /** null when the tender asks for no bond */
  bid_bond_compliant: z.boolean().nullable(),
  result: technicalResultSchema.nullable(),
  received_at: timestampSchema,
  updated_at: timestampSchema,
});
export type TechnicalEnvelope = z.infer<typeof technicalEnvelopeSchema>;

/** The URL of a bid document's file. */
export const bidDocumentFileUrl = (projectId: string, id: string) => `/api/projects/${projectId}/bid-documents/${id}`;
