/**
 * The owner attaches a tender document (type, title, file) or issues an addendum of a
 * current one (the same, replacing it): the file goes up resumably, then is attached. Both
 * need the network; the server checks the format, the size and the deadline, and its
 * refusal is shown here in the reader's language.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, ProgressBar, Select, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, documentAttachSchema, type DocumentType, type ProjectDocument } from '../../../shared/schemas/project-document';
import { attachTenderDocument, uploadTenderDocument } from '../../data/api/documents';

const ACCEPT = '.pdf,.xlsx,.dwg,.png,.jpg,.jpeg,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,image/png,image/jpeg';

export function AttachDocumentDialog({ project, replaces, onClose }: { project: Project; replaces?: ProjectDocument; onClose: () => void }) {
  const { t } = useTranslation('tender');
  const [type, setType] = useState<DocumentType>(replaces?.type ?? 'specification');
  const [title, setTitle] = useState(replaces ? t('documents.addendumTitle', { title: replaces.title }) : '');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    if (!file) return setError(t('documents.fileRequired'));
    if (file.size > MAX_DOCUMENT_BYTES) return setError(t('documents.tooLarge', { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 }));
    if (!documentAttachSchema.shape.title.safeParse(title).success) return setError(t('documents.titleRequired'));
    try {
      setProgress(0);
      const uploadId = await uploadTenderDocument(project.id, file, (sent, total) => setProgress(total ? sent / total : 0));
      await attachTenderDocument(project.id, { upload_id: uploadId, type, title: title.trim(), ...(replaces ? { replaces: replaces.id } : {}) });
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('documents.uploadFailed'));
      setProgress(null);
    }
  };
  const busy = progress !== null;
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{replaces ? t('documents.issueAddendum') : t('documents.attach')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            {replaces && <Text>{t('documents.addendumNote', { title: replaces.title })}</Text>}
            <Field label={t('documents.type')}>
              <Select value={type} onChange={(_, d) => setType(d.value as DocumentType)} data-testid="document-type">
                {DOCUMENT_TYPES.map((k) => (
                  <option key={k} value={k}>
                    {t(`documents.types.${k}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('documents.titleLabel')}>
              <Input value={title} onChange={(_, d) => setTitle(d.value)} data-testid="document-title" />
            </Field>
            <Field label={t('documents.file')} hint={t('documents.fileHint', { mb: MAX_DOCUMENT_BYTES / 1024 / 1024 })}>
              <input type="file" accept={ACCEPT} aria-label={t('documents.file')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="document-file" />
            </Field>
            {busy && <ProgressBar value={progress} aria-label={t('documents.uploading')} />}
            {error && (
              <Text role="alert" data-testid="document-error">
                {error}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void send()} data-testid="document-send">
              {replaces ? t('documents.publishAddendum') : t('documents.publish')}
            </Button>
            <Button disabled={busy} onClick={onClose}>
              {t('documents.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
