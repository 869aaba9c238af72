/**
 * A person's download of their data (the PDPL's right of access): everything Binaa holds
 * about them and their company's records they can see, as a ZIP of JSON files and the files
 * they uploaded, prepared in the background.
 *
 * POST /api/account/export -> the job ('preparing'; one at a time per person: a second
 *   start while one prepares answers that one)
 * GET  /api/account/export -> the latest job, or null before any
 * GET  /api/account/export/{id}/download -> the ZIP, once ready (404 for anyone else's)
 */
import { z } from 'zod';
import { timestampSchema, uuidSchema } from './common';

export const ACCOUNT_EXPORT_STATUSES = ['preparing', 'ready', 'failed'] as const;
/** How long a finished export and its file are kept before the sweep removes them. */
export const ACCOUNT_EXPORT_KEEP_DAYS = 7;

export const accountExportSchema = z.object({
  id: uuidSchema,
  status: z.enum(ACCOUNT_EXPORT_STATUSES),
  /** 0 to 100 */
  progress: z.number().int().min(0).max(100),
  /** the ZIP's size once ready */
  bytes: z.number().int().nullable(),
  created_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
  expires_at: timestampSchema,
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The latest export, or null before the person ever asked for one. */
export const accountExportStateSchema = accountExportSchema.nullable();

export const accountExportDownloadUrl = (id: string) => `/api/account/export/${id}/download`;
