import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { accountIdOf } from '../../../shared/schemas/user';
import { useSession } from '../../data/session';
import { ScreenHeading } from '../../ui/ScreenHeading';
import { useItemPage } from '../../ui/useItemPage';
import { PATHS } from '../../paths';
import { InvoiceDetail } from './InvoiceDetail';
import { InvoiceList } from './InvoiceList';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
});

/**
 * /invoices: the company's tax invoices and credit notes, issued and received, and
 * /invoices/{id}: one of them. Read from the local store, so both work offline once synced;
 * only issuing needs the network.
 */
export function InvoicesScreen() {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const { id, movedTo } = useItemPage(PATHS.invoices);
  const { session } = useSession();
  if (movedTo) return <Navigate to={movedTo} replace />;
  if (session.status !== 'signedIn') return null;
  const accountId = accountIdOf(session.user);
  if (id) return <InvoiceDetail id={id} accountId={accountId} />;
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <InvoiceList accountId={accountId} />
    </section>
  );
}
