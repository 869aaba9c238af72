/**
 * /products: a supplier manages own products; everyone else browses the
 * catalogue. Everything reads the local store, so it works offline.
 */
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ComponentErrorBoundary } from '../../ui/ErrorBox';
import { useSession } from '../../data/session';
import { Catalogue } from './Catalogue';
import { SupplierProducts } from './SupplierProducts';
import { accountIdOf } from '../../../shared/schemas/user';

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
  title: { margin: 0, fontSize: tokens.fontSizeBase600 },
  intro: { color: tokens.colorNeutralForeground2 },
});

export function ProductsScreen() {
  const styles = useStyles();
  const { t } = useTranslation('products');
  const { session } = useSession();
  if (session.status !== 'signedIn') return null;
  const supplier = session.profile?.role === 'supplier';
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title" className={styles.title}>
          {t(supplier ? 'mineTitle' : 'catalogueTitle')}
        </h1>
        <Text className={styles.intro}>{t(supplier ? 'mineIntro' : 'catalogueIntro')}</Text>
      </div>
      <ComponentErrorBoundary>{supplier ? <SupplierProducts supplierId={accountIdOf(session.user)} /> : <Catalogue ownId={accountIdOf(session.user)} city={session.profile?.city ?? null} canRequest={session.profile?.role === 'contractor'} />}</ComponentErrorBoundary>
    </section>
  );
}
