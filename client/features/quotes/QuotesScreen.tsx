import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useItemPage } from '../../ui/useItemPage';
import { PATHS } from '../../paths';
import { QuoteScreen } from './QuoteScreen';
import { RfqInbox } from './RfqInbox';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * /quotes: a supplier's requests for quotation, and /quotes/{rfqId}: their quote on one
 * (the address a notification about it opens).
 * Everything reads the local store, so it works offline; a quote waits in the outbox
 * with a visible "waiting to send" and reaches the server once.
 */
export function QuotesScreen() {
  const styles = useStyles();
  const { t } = useTranslation('quotes');
  const { id: rfqId, movedTo } = useItemPage(PATHS.quotes);
  const { session } = useSession();
  if (movedTo) return <Navigate to={movedTo} replace />;
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
