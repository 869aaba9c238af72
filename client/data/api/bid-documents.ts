/**
 * A bidder's documents on a tender (the files of a technical envelope, a bid bond's
 * guarantee letter): the file goes up over tus as kind bid_document (resumable, as tender
 * documents), then is registered (POST /api/projects/:id/bid-documents {upload_id, title})
 * and its id named by the bid. Both need the network; the bid itself goes through the
 * outbox. A document's file is sealed like the bid: its bidder reads it always, the
 * project's owner only from the opening (anyone else gets 404).
 */
import { bidDocumentFileUrl, bidDocumentSchema, type BidDocument } from '../../../shared/schemas/bid-document';
import { api } from './client';
import { uploadProjectFile } from './documents';

/** Uploads and registers one file of the caller's bid on the project; answers the document. */
export async function addBidDocument(projectId: string, file: File, onProgress: (sent: number, total: number) => void): Promise<BidDocument> {
  const uploadId = await uploadProjectFile('bid_document', projectId, file, onProgress);
  const body = { upload_id: uploadId, title: file.name.slice(0, 200) || 'document' };
  return bidDocumentSchema.parse((await api.post<unknown>(`/api/projects/${encodeURIComponent(projectId)}/bid-documents`, body)).data);
}

/** A bid document's file (GET /api/projects/:id/bid-documents/:doc_id), as the signed-in reader. */
export async function downloadBidDocument(projectId: string, documentId: string): Promise<Blob> {
  const response = await fetch(bidDocumentFileUrl(encodeURIComponent(projectId), encodeURIComponent(documentId)), { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}
