/**
 * A supplier's products in three views: the cards (any screen), the editable table (wide
 * screens) and price list import and export. The view is in the address (?view=), so a
 * reload or a shared link opens the same one.
 */
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ComponentErrorBoundary } from '../../ui/ErrorBox';
import { ImportExportPanel } from '../price-list/ImportExportPanel';
import { MyProducts } from './MyProducts';
import { ProductsTable } from '../price-list/ProductsTable';

const VIEWS = ['cards', 'table', 'import'] as const;
type View = (typeof VIEWS)[number];

const useStyles = makeStyles({
  root: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalL },
});

export function SupplierProducts({ supplierId }: { supplierId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('price-list');
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const view: View = VIEWS.includes(asked as View) ? (asked as View) : 'cards';
  return (
    <div className={styles.root}>
      <TabList
        selectedValue={view}
        onTabSelect={(_, d) => setParams(d.value === 'cards' ? {} : { view: String(d.value) }, { replace: true })}
        aria-label={t('views.label')}
      >
        {VIEWS.map((v) => (
          <Tab key={v} value={v} data-testid={`view-${v}`}>
            {t(`views.${v}`)}
          </Tab>
        ))}
      </TabList>
      <ComponentErrorBoundary>
        {view === 'cards' && <MyProducts supplierId={supplierId} />}
        {view === 'table' && <ProductsTable supplierId={supplierId} />}
        {view === 'import' && <ImportExportPanel supplierId={supplierId} />}
      </ComponentErrorBoundary>
    </div>
  );
}
