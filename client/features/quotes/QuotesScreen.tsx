import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ITEM_PARAM } from '../../../shared/push';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { QuoteScreen } from './QuoteScreen';
import { RfqInbox } from './RfqInbox';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
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
      <ScreenHeading title={t('title')} intro={supplier ? t('intro') : t('suppliersOnly')} />
      {supplier && <RfqInbox supplierId={supplierId} />}
    </section>
  );
}
