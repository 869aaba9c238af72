/**
 * A tender's documents from the owner's side: the file goes up over tus (resumable: a
 * dropped signal resumes from the server's offset, as photos do), then the finished upload
 * is attached with its type and title (POST /api/projects/:id/documents), or as an
 * addendum of a current version (`replaces`). Both need the network: the listing itself
 * reaches every device through the sync feed (project_document).
 */
import { Upload, type DetailedError } from 'tus-js-client';
import { documentFileUrl, projectDocumentSchema, type DocumentType, type ProjectDocument } from '../../../shared/schemas/project-document';
import { UPLOADS_PATH } from '../../../shared/photos';
import { i18n } from '../../i18n';
import { api } from './client';

/** A refusal of the upload, in the reader's language. */
class DocumentUploadError extends Error {}

function refusal(error: Error): DocumentUploadError {
  const response = (error as DetailedError).originalResponse;
  let code = 'upload_refused';
  try {
    const body = JSON.parse(response?.getBody() ?? '') as { code?: string };
    if (body.code) code = body.code;
  } catch {
    if (!response) code = 'network';
  }
  const text = i18n.t(code, { ns: 'errors', defaultValue: '' }) || i18n.t('documents.uploadFailed', { ns: 'tender' });
  return new DocumentUploadError(text);
}

/**
 * Sends the file; answers the finished upload's id. A phone losing its signal on site:
 * each retry asks the server's offset and sends the rest; and the same file chosen again
 * after a reload resumes the upload tus remembered for it (its address kept in
 * localStorage until it finishes) instead of starting over.
 */
export function uploadTenderDocument(projectId: string, file: File, onProgress: (sent: number, total: number) => void): Promise<string> {
  return uploadProjectFile('tender_document', projectId, file, onProgress);
}

/**
 * A file of a project over tus, as `kind` (a tender document of its owner, a bidder's
 * bid document): resumable as above; answers the finished upload's id.
 */
export function uploadProjectFile(kind: 'tender_document' | 'bid_document', projectId: string, file: File, onProgress: (sent: number, total: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(file, {
      endpoint: UPLOADS_PATH,
      metadata: { kind, project_id: projectId, photo_id: crypto.randomUUID(), filename: file.name, filetype: file.type },
      // The project and the kind are part of what is remembered: the same file for another tender, or as a bid's, is another upload.
      fingerprint: async (f) => [kind.replace('_', '-'), projectId, (f as File).name, (f as File).size, (f as File).lastModified].join(':'),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      retryDelays: [0, 1_000, 3_000, 10_000, 30_000],
      onProgress,
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: (error) => reject(refusal(error)),
    });
    void upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      })
      .catch(() => undefined)
      .finally(() => upload.start());
  });
}

export async function attachTenderDocument(projectId: string, body: { upload_id: string; type: DocumentType; title: string; replaces?: string }): Promise<ProjectDocument> {
  return projectDocumentSchema.parse((await api.post<unknown>(`/api/projects/${encodeURIComponent(projectId)}/documents`, body)).data);
}

/** A version's file from the server (GET /api/projects/:id/documents/:doc_id), as the signed-in reader. */
export async function downloadTenderDocument(doc: Pick<ProjectDocument, 'project_id' | 'id'>): Promise<Blob> {
  const response = await fetch(documentFileUrl(doc.project_id, doc.id), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}
