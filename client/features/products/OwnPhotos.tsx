/**
 * What an owner's product card shows of its photos on their way: the first one as the
 * card's picture while the product has no photo on the server yet (so an offline-added
 * photo shows at once), how far the upload is, and the server's reason for refusing one.
 */
import { Button, Caption1, MessageBar, MessageBarActions, MessageBarBody, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadRow } from '../../data/db/schema';
import { useFormat } from '../../i18n/format';
import { usePhotoWrites } from './mutations';
import { refusalReason } from './PhotoManager';
import { useUploadProgress } from './queries';

const useStyles = makeStyles({
  image: { display: 'block', inlineSize: '100%', blockSize: '100%', objectFit: 'cover' },
  footer: { gridColumn: '1 / -1', display: 'grid', gap: tokens.spacingVerticalXS, minInlineSize: 0 },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** The first photo on its way, as the card's picture. */
export function LocalCover({ row, alt }: { row: UploadRow; alt: string }) {
  const styles = useStyles();
  const url = useMemo(() => URL.createObjectURL(row.blob), [row.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img className={styles.image} src={url} alt={alt} data-testid="local-cover" />;
}

export function OwnPhotoStatus({ uploads }: { uploads: readonly UploadRow[] }) {
  const styles = useStyles();
  const { t } = useTranslation(['photos', 'common']);
  const writes = usePhotoWrites();
  const going = uploads.filter((u) => u.status === 'queued');
  const refused = uploads.filter((u) => u.status === 'refused');
  if (!going.length && !refused.length) return null;
  return (
    <div className={styles.footer}>
      {going.length > 0 && <Going rows={going} />}
      {refused.map((row) => (
        <MessageBar key={row.id} intent="error" layout="multiline" data-testid="photo-refused">
          <MessageBarBody>{t('refusedOnCard', { reason: refusalReason(t, row) })}</MessageBarBody>
          <MessageBarActions containerAction={<Button appearance="transparent" icon={<DismissRegular />} aria-label={t('dismiss')} onClick={() => void writes.cancel(row.id)} />} />
        </MessageBar>
      ))}
    </div>
  );
}

/** The upload under way (the queue sends one at a time): a progress bar over all of them. */
function Going({ rows }: { rows: readonly UploadRow[] }) {
  const styles = useStyles();
  const { t } = useTranslation('photos');
  const format = useFormat();
  const progress = useUploadProgress(rows[0].id);
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  const value = total ? (progress?.sent ?? 0) / total : 0;
  const label = `${t('onCard', { count: rows.length })} · ${progress ? t('uploading', { percent: format.number(value, { style: 'percent', maximumFractionDigits: 0 }) }) : t('waiting')}`;
  return (
    <div data-testid="photo-upload-status">
      <ProgressBar value={value} thickness="large" aria-label={label} data-testid="photo-progress" />
      <Caption1 className={styles.muted}>{label}</Caption1>
    </div>
  );
}
