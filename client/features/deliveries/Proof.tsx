import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { deliveryFileUrl, type Delivery } from '../../../shared/schemas/delivery';
import { useFormat } from '../../i18n/format';
import { useDeliveryUploads } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS },
  h3: { margin: 0, fontSize: tokens.fontSizeBase300 },
  signature: {
    maxWidth: '100%',
    width: '240px',
    aspectRatio: '3 / 1',
    objectFit: 'contain',
    backgroundColor: '#fff',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  photos: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  photo: { width: '96px', height: '96px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  muted: { color: tokens.colorNeutralForeground3 },
  note: { margin: 0, whiteSpace: 'pre-line' },
});

/**
 * What the driver recorded at delivery: the recipient, the signature and the photos
 * (files of the deal, served to its parties only, with the session cookie), the note;
 * files of this device not yet on the server are counted, not shown from elsewhere.
 */
export function Proof({ delivery }: { delivery: Delivery }) {
  const styles = useStyles();
  const { t } = useTranslation('deliveries');
  const format = useFormat();
  const waiting = useDeliveryUploads(delivery.id)?.filter((u) => u.status === 'queued').length ?? 0;
  const signature = delivery.files.find((f) => f.purpose === 'signature');
  const photos = delivery.files.filter((f) => f.purpose === 'proof');
  const problem = delivery.files.filter((f) => f.purpose === 'problem');
  if (!delivery.recipient_name && !delivery.files.length && !waiting) return null;
  return (
    <section className={styles.root} aria-label={t('proof')} data-testid="delivery-proof">
      <h3 className={styles.h3}>{t('proof')}</h3>
      {delivery.recipient_name && <span data-testid="proof-recipient">{t('receivedBy', { name: delivery.recipient_name })}</span>}
      {signature && (
        <img
          className={styles.signature}
          src={deliveryFileUrl(delivery.id, signature.id, 480)}
          alt={t('signatureOf', { name: delivery.recipient_name ?? '' })}
          data-testid="proof-signature"
        />
      )}
      {photos.length > 0 && (
        <div className={styles.photos}>
          {photos.map((p, i) => (
            <a key={p.id} href={deliveryFileUrl(delivery.id, p.id, 1200)} target="_blank" rel="noopener noreferrer">
              <img className={styles.photo} src={deliveryFileUrl(delivery.id, p.id, 160)} alt={t('photoN', { n: format.number(i + 1) })} loading="lazy" data-testid="proof-photo" />
            </a>
          ))}
        </div>
      )}
      {delivery.proof_note && (
        <p className={styles.note}>
          <bdi>{delivery.proof_note}</bdi>
        </p>
      )}
      {problem.length > 0 && (
        <>
          <h3 className={styles.h3}>{t('problemPhotos')}</h3>
          <div className={styles.photos}>
            {problem.map((p, i) => (
              <a key={p.id} href={deliveryFileUrl(delivery.id, p.id, 1200)} target="_blank" rel="noopener noreferrer">
                <img className={styles.photo} src={deliveryFileUrl(delivery.id, p.id, 160)} alt={t('photoN', { n: format.number(i + 1) })} loading="lazy" />
              </a>
            ))}
          </div>
        </>
      )}
      {waiting > 0 && (
        <Caption1 className={styles.muted} data-testid="proof-waiting">
          {t('filesWaiting', { count: waiting })}
        </Caption1>
      )}
    </section>
  );
}
