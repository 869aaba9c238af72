import { useTranslation } from 'react-i18next';

/** /purchase-orders: the purchase orders of the reader's company, as buyer or as seller. */
export function PurchaseOrdersScreen() {
  const { t } = useTranslation('purchase-orders');
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{t('title')}</h1>
    </section>
  );
}
