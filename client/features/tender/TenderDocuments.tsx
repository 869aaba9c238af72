/**
 * A tender's documents on its card: each version with its type, title, size and date, an
 * addendum marked as one and a replaced version as superseded, and a download that opens
 * the file kept on this device (so offline too, once synced) or fetches it. The owner
 * attaches documents and issues an addendum of a current one until the deadline
 * (AttachDocumentDialog); the server checks the file and the deadline by its own clock.
 */
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, AttachRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../shared/schemas/project';
import type { ProjectDocument } from '../../../shared/schemas/project-document';
import { useLocalData } from '../../data/local/DataProvider';
import { useFormat } from '../../i18n/format';
import { AttachDocumentDialog } from './AttachDocumentDialog';
import { download as saveFile } from '../../ui/download';
import { documentBlob, useKeepDocumentFiles, useProjectDocuments } from './documentFiles';

const useStyles = makeStyles({
  section: { display: 'grid', gap: tokens.spacingVerticalS },
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingVerticalS, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  superseded: { opacity: 0.7 },
});

/** Bytes as the reader reads a file's size: KB below a megabyte, else MB. */
function useSize() {
  const { t } = useTranslation('tender');
  const format = useFormat();
  return (bytes: number) =>
    bytes < 1024 * 1024 ? t('documents.kb', { size: format.number(Math.max(1, Math.round(bytes / 1024))) }) : t('documents.mb', { size: format.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 }) });
}

function DocumentItem({ doc, canReplace, onReplace }: { doc: ProjectDocument & { kept: boolean }; canReplace: boolean; onReplace: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const format = useFormat();
  const size = useSize();
  const { db } = useLocalData();
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setFailed(false);
    try {
      saveFile(await documentBlob(db, doc), doc.filename);
    } catch {
      setFailed(true);
    }
  };
  return (
    <li className={`${styles.item} ${doc.superseded_by ? styles.superseded : ''}`} data-testid="tender-document">
      <div className={styles.head}>
        <Badge appearance="tint" shape="rounded">
          {t(`documents.types.${doc.type}`)}
        </Badge>
        {doc.replaces_id && (
          <Badge appearance="filled" color="warning" shape="rounded" data-testid="addendum-badge">
            {t('documents.addendum')}
          </Badge>
        )}
        {doc.superseded_by && (
          <Badge appearance="outline" color="subtle" shape="rounded" data-testid="superseded-badge">
            {t('documents.superseded')}
          </Badge>
        )}
      </div>
      <Text weight="semibold">{doc.title}</Text>
      <Text size={200} className={styles.muted}>
        {t('documents.meta', { format: doc.format.toUpperCase(), size: size(doc.bytes), date: format.date(doc.published_at) })}
      </Text>
      <div className={styles.actions}>
        <Button icon={<ArrowDownloadRegular />} onClick={() => void download()} data-testid="document-download">
          {t('documents.download')}
        </Button>
        {canReplace && !doc.superseded_by && (
          <Button appearance="subtle" onClick={onReplace} data-testid="document-addendum">
            {t('documents.issueAddendum')}
          </Button>
        )}
      </div>
      {failed && (
        <Text size={200} role="alert">
          {t('documents.notKept')}
        </Text>
      )}
    </li>
  );
}

/** `owner`: the project's owner's card (attach, addenda while the bidding is open). */
export function TenderDocuments({ project, owner = false, open = false }: { project: Project; owner?: boolean; open?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('tender');
  const docs = useProjectDocuments(project.id);
  useKeepDocumentFiles(docs);
  const [dialog, setDialog] = useState<{ replaces?: ProjectDocument } | null>(null);
  const writable = owner && open;
  if (!docs || (!docs.length && !writable)) return null;
  return (
    <div className={styles.section} data-testid="tender-documents">
      <Text weight="semibold">{t('documents.title')}</Text>
      {docs.length ? (
        <ul className={styles.list}>
          {docs.map((doc) => (
            <DocumentItem key={doc.id} doc={doc} canReplace={writable} onReplace={() => setDialog({ replaces: doc })} />
          ))}
        </ul>
      ) : (
        <Text className={styles.muted}>{t('documents.none')}</Text>
      )}
      {writable && (
        <Button icon={<AttachRegular />} onClick={() => setDialog({})} data-testid="document-attach">
          {t('documents.attach')}
        </Button>
      )}
      {dialog && <AttachDocumentDialog project={project} replaces={dialog.replaces} onClose={() => setDialog(null)} />}
    </div>
  );
}
