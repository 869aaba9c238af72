/**
 * A tender's documents: the files its owner attaches (through a tus upload of kind
 * tender_document, then POST /api/projects/{id}/documents), each of a type and with a
 * title; an addendum replaces one version with a new one until the deadline, and the
 * replaced version stays listed as superseded. Every reader of the project reads and
 * downloads them (server/modules/projects/documents.ts); they sync to devices as the
 * entity project_document, and the open data lists them with their SHA-256.
 */
import { z } from 'zod';
import { lineString, requiredName, timestampSchema, uuidSchema } from './common';

export const DOCUMENT_TYPES = ['specification', 'bill_of_quantities', 'drawing', 'contract_terms', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The formats a tender document may have, told by its bytes (never by its name or the
 * type the client claims), with the media type it is served as and the name's extension.
 */
export const DOCUMENT_FORMATS = {
  pdf: { mediaType: 'application/pdf', extension: 'pdf' },
  xlsx: { mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  dwg: { mediaType: 'image/vnd.dwg', extension: 'dwg' },
  png: { mediaType: 'image/png', extension: 'png' },
  jpeg: { mediaType: 'image/jpeg', extension: 'jpg' },
} as const;
export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;
const FORMAT_NAMES = Object.keys(DOCUMENT_FORMATS) as [DocumentFormat, ...DocumentFormat[]];

/** The most bytes of one tender document (the upload endpoint's own bound). */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

/** A document's title: one line. */
const MAX_DOCUMENT_TITLE = 200;

export const projectDocumentSchema = z.object({
  id: uuidSchema,
  project_id: uuidSchema,
  type: z.enum(DOCUMENT_TYPES),
  title: z.string(),
  /** the uploaded file's name, with the extension of its format */
  filename: z.string(),
  format: z.enum(FORMAT_NAMES),
  bytes: z.number().int().positive(),
  /** lowercase hex SHA-256 of the file: its ETag and what the open data publishes */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** the version this one replaces (an addendum), else null */
  replaces_id: uuidSchema.nullable(),
  /** the addendum that replaced this version, and when; null while it is current */
  superseded_by: uuidSchema.nullable(),
  superseded_at: timestampSchema.nullable(),
  published_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/**
 * POST /api/projects/{id}/documents: attach the caller's finished upload as a document;
 * with `replaces`, as an addendum replacing that current version of the project's.
 */
export const documentAttachSchema = z.strictObject({
  upload_id: z.string().regex(/^[0-9a-f]{32}$/, 'upload_id: the id of a finished upload'),
  type: z.enum(DOCUMENT_TYPES),
  title: requiredName(MAX_DOCUMENT_TITLE),
  replaces: uuidSchema.optional(),
});
export type DocumentAttach = z.infer<typeof documentAttachSchema>;

/** The Upload-Metadata of a tender document's tus upload; photo_id is the client's id of the file (a resumed upload is one file). */
export const documentUploadMetadataSchema = z.object({
  kind: z.literal('tender_document'),
  project_id: uuidSchema,
  photo_id: uuidSchema,
  filename: lineString(255).optional(),
  filetype: lineString(100).optional(),
});
export type DocumentUploadMetadata = z.infer<typeof documentUploadMetadataSchema>;

/** A finished upload's answer: the id to attach, and what the server found in the bytes. */
const documentUploadResultSchema = z.object({
  upload_id: z.string(),
  format: z.enum(FORMAT_NAMES),
  bytes: z.number().int().positive(),
  hash: z.string(),
  filename: z.string(),
});
export type DocumentUploadResult = z.infer<typeof documentUploadResultSchema>;

/** The URL of a document's file, for a signed-in reader of its project. */
export const documentFileUrl = (projectId: string, id: string) => `/api/projects/${projectId}/documents/${id}`;
/** The URL of a document's file in the open data (anyone, no sign-in): what the OCDS release links to. */
export const openDataDocumentUrl = (projectId: string, id: string) => `/api/ocds/projects/${projectId}/documents/${id}`;
