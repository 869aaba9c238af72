/**
 * A tender's documents on this device: the rows the sync feed brought (project_documents)
 * and their files, kept beside them (document_files) as soon as the project's card shows
 * them online, so a contractor on a site without signal opens the booklet they saw. A
 * version's bytes never change (its hash), so a kept file is good for good; files of rows
 * no longer on the device go.
 */
import { useEffect } from 'react';
import type { ProjectDocument } from '../../../shared/schemas/project-document';
import { downloadTenderDocument } from '../../data/api/documents';
import type { BinaaDb } from '../../data/db/database';
import { useLocalData } from '../../data/local/DataProvider';
import { useLiveQuery } from '../../data/local/useLiveQuery';

/** The project's documents, oldest first, with whether this device keeps each one's file. */
export function useProjectDocuments(projectId: string) {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const docs = (await db.project_documents.where('project_id').equals(projectId).toArray()).sort((a, b) => a.published_at.localeCompare(b.published_at) || a.id.localeCompare(b.id));
    const kept = new Set((await db.document_files.where('id').anyOf(docs.map((d) => d.id)).primaryKeys()) as string[]);
    return docs.map((d) => ({ ...d, kept: kept.has(d.id) }));
  }, [db, projectId]);
}

async function fetchFile(db: BinaaDb, doc: ProjectDocument): Promise<Blob> {
  const blob = await downloadTenderDocument(doc);
  await db.document_files.put({ id: doc.id, project_id: doc.project_id, hash: doc.hash, blob });
  return blob;
}

/** The document's file: the kept one, else fetched (and kept). */
export async function documentBlob(db: BinaaDb, doc: ProjectDocument): Promise<Blob> {
  const kept = await db.document_files.get(doc.id);
  if (kept && kept.hash === doc.hash) return kept.blob;
  return fetchFile(db, doc);
}

/** While online, keeps the files of `docs` this device has not kept yet, one at a time. */
export function useKeepDocumentFiles(docs: ReadonlyArray<ProjectDocument & { kept: boolean }> | undefined) {
  const { db } = useLocalData();
  const missing = (docs ?? []).filter((d) => !d.kept).map((d) => d.id).join(',');
  useEffect(() => {
    if (!missing || navigator.onLine === false) return;
    let stopped = false;
    void (async () => {
      for (const doc of await db.project_documents.bulkGet(missing.split(','))) {
        if (stopped || !doc) continue;
        await fetchFile(db, doc).catch(() => undefined);
      }
      // Files of documents no longer on this device go.
      const rows = new Set((await db.project_documents.toCollection().primaryKeys()) as string[]);
      const stale = ((await db.document_files.toCollection().primaryKeys()) as string[]).filter((id) => !rows.has(id));
      if (stale.length) await db.document_files.bulkDelete(stale);
    })();
    return () => {
      stopped = true;
    };
  }, [db, missing]);
}
