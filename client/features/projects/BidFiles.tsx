/**
 * Files of a bid (a technical envelope's, a bid bond's guarantee letter): each chosen file
 * goes up at once, resumably, as the bidder's bid document of the tender, and is listed
 * with a remove; the bid names the documents listed when it is sent. Uploading needs the
 * network; the server checks the format by the bytes, the size and the deadline, and its
 * refusal shows here in the reader's language.
 */
import { Button, Field, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TECHNICAL_DOCUMENTS } from '../../../shared/schemas/bid-document';
import { addBidDocument } from '../../data/api/bid-documents';

export interface BidFile {
  id: string;
  title: string;
}

const ACCEPT = '.pdf,.xlsx,.dwg,.png,.jpg,.jpeg,application/pdf,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,image/png,image/jpeg';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', flexGrow: 1, minWidth: 0 },
  // The browser's own file button speaks the browser's language, not the app's: a button of the app's opens it.
  input: { display: 'none' },
});

export function BidFiles({
  projectId,
  label,
  hint,
  files,
  onAdd,
  onRemove,
  single = false,
  validationMessage,
  onUploading,
  testId,
}: {
  projectId: string;
  label: string;
  hint?: string;
  files: readonly BidFile[];
  onAdd: (file: BidFile) => void;
  onRemove: (id: string) => void;
  /** one file only (a guarantee letter): choosing another replaces it */
  single?: boolean;
  validationMessage?: string;
  /** told when an upload starts and ends (the bid waits for it) */
  onUploading?: (uploading: boolean) => void;
  testId: string;
}) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    onUploading?.(true);
    try {
      const doc = await addBidDocument(projectId, file, (sent, total) => setProgress(total ? sent / total : 0));
      onAdd({ id: doc.id, title: doc.title });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('bid.uploadFailed'));
    } finally {
      setProgress(null);
      onUploading?.(false);
    }
  };
  return (
    <Field label={label} hint={hint} validationMessage={error ?? validationMessage} validationState={error || validationMessage ? 'error' : 'none'}>
      <div data-testid={testId}>
        {files.length > 0 && (
          <ul className={styles.list}>
            {files.map((f) => (
              <li key={f.id} className={styles.item} data-testid="bid-file" data-document-id={f.id}>
                <DocumentRegular aria-hidden />
                <Text className={styles.title}>
                  <bdi>{f.title}</bdi>
                </Text>
                <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label={t('bid.removeFile', { title: f.title })} onClick={() => onRemove(f.id)} />
              </li>
            ))}
          </ul>
        )}
        {/* A technical envelope names at most MAX_TECHNICAL_DOCUMENTS files (the server refuses more). */}
        {files.length < (single ? 1 : MAX_TECHNICAL_DOCUMENTS) && (
          <>
            <Button icon={<AttachRegular />} disabled={progress !== null} onClick={() => input.current?.click()} aria-label={`${t('bid.addFile')} (${label})`} data-testid={`${testId}-add`}>
              {t('bid.addFile')}
            </Button>
            <input
              ref={input}
              className={styles.input}
              type="file"
              accept={ACCEPT}
              tabIndex={-1}
              aria-hidden
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
              data-testid={`${testId}-input`}
            />
          </>
        )}
        {progress !== null && <ProgressBar value={progress} aria-label={t('bid.uploading')} />}
      </div>
    </Field>
  );
}
