import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ITEM_PARAM } from '../../../shared/push';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { QuoteScreen } from './QuoteScreen';
import { RfqInbox } from './RfqInbox';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/**
 * /quotes: a supplier's requests for quotation, and /quotes?item={rfqId}: their quote on one
 * (the address a notification about it opens).
 * Everything reads the local store, so it works offline; a quote waits in the outbox
 * with a visible "waiting to send" and reaches the server once.
 */
export function QuotesScreen() {
  const styles = useStyles();
  const { t } = useTranslation('quotes');
  const [search] = useSearchParams();
  const rfqId = search.get(ITEM_PARAM);
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const supplierId = accountIdOf(session.user);
  if (rfqId) return <QuoteScreen rfqId={rfqId} supplierId={supplierId} />;
  const supplier = session.profile?.role === 'supplier';
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        <p className={styles.intro}>{supplier ? t('intro') : t('suppliersOnly')}</p>
      </div>
      {supplier && <RfqInbox supplierId={supplierId} />}
    </section>
  );
}
