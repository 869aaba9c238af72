import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderPhotoUrl } from '../../../shared/schemas/goods-receipt';
import { useFormat } from '../../i18n/format';
import { useOrderPhotoUploads } from './queries';

const useStyles = makeStyles({
  photos: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  photo: { width: '64px', height: '64px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
});

/**
 * Thumbnails of photos of an order's receipts or disputes: the device's own copy while it
 * waits to be sent (so a receipt made offline shows its photos), else the server's file,
 * served to the order's parties only; each opens the large size.
 */
export function OrderPhotos({ purchaseOrderId, photoIds, testId = 'order-photo' }: { purchaseOrderId: string; photoIds: readonly string[]; testId?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('receipts');
  const format = useFormat();
  const uploads = useOrderPhotoUploads(purchaseOrderId);
  const wanted = photoIds.join(',');
  const [local, setLocal] = useState<ReadonlyMap<string, string>>(new Map());
  // Made and revoked by the same effect (a second run under StrictMode makes them again).
  useEffect(() => {
    const named = new Set(wanted.split(','));
    const made = new Map((uploads ?? []).filter((u) => u.status === 'queued' && named.has(u.id)).map((u) => [u.id, URL.createObjectURL(u.blob)] as const));
    setLocal(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [uploads, wanted]);
  if (!photoIds.length) return null;
  return (
    <div className={styles.photos}>
      {photoIds.map((id, i) => {
        const own = local.get(id);
        const alt = t('photoN', { n: format.number(i + 1) });
        return own ? (
          <img key={id} className={styles.photo} src={own} alt={alt} data-testid={testId} data-local />
        ) : (
          <a key={id} href={orderPhotoUrl(purchaseOrderId, id, 1200)} target="_blank" rel="noopener noreferrer">
            <img className={styles.photo} src={orderPhotoUrl(purchaseOrderId, id, 160)} alt={alt} loading="lazy" data-testid={testId} />
          </a>
        );
      })}
    </div>
  );
}
