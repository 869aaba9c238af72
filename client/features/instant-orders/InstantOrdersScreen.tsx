import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../data/session';
import { ContractorOrders } from './ContractorOrders';
import { SupplierOrders } from './SupplierOrders';
import { accountIdOf } from '../../../shared/schemas/user';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  title: { marginBlock: `0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
});

/**
 * /instant-orders: a contractor posts orders and picks an offer; a
 * supplier offers on active ones. Everything reads the local store, so it works offline;
 * writes wait in the outbox with a visible "waiting to send".
 */
export function InstantOrdersScreen() {
  const styles = useStyles();
  const { t } = useTranslation('orders');
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const role = session.profile?.role;
  const side = role === 'contractor' ? 'contractor' : role === 'supplier' ? 'supplier' : 'other';
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        <p className={styles.intro}>{t(`intro.${side}`)}</p>
      </div>
      {side === 'contractor' && <ContractorOrders userId={accountIdOf(session.user)} />}
      {side === 'supplier' && <SupplierOrders userId={accountIdOf(session.user)} />}
    </section>
  );
}
