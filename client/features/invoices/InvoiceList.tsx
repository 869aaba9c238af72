import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { ReceiptRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { InvoiceCard } from './InvoiceCard';
import { sideOfInvoice, useInvoices, type InvoiceSide } from './queries';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
});

type Filter = 'all' | InvoiceSide;

/** The company's documents, newest first; issued and received apart when it has both. */
export function InvoiceList({ accountId }: { accountId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('invoices');
  const invoices = useInvoices();
  const [filter, setFilter] = useState<Filter>('all');
  if (!invoices) return <ListSkeleton label={t('loading')} />;
  if (!invoices.length) return <EmptyState icon={<ReceiptRegular />} title={t('empty.title')} body={t('empty.body')} testId="invoices-empty" />;
  const sides = new Set(invoices.map((i) => sideOfInvoice(i, accountId)));
  const shown = filter === 'all' ? invoices : invoices.filter((i) => sideOfInvoice(i, accountId) === filter);
  return (
    <div className={styles.list}>
      {sides.size > 1 && (
        <TabList selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as Filter)} aria-label={t('filter')}>
          {(['all', 'seller', 'buyer'] as const).map((f) => (
            <Tab key={f} value={f} data-testid={`invoice-filter-${f}`}>
              {t(`filters.${f}`)}
            </Tab>
          ))}
        </TabList>
      )}
      {shown.map((invoice) => (
        <InvoiceCard key={invoice.id} invoice={invoice} side={sideOfInvoice(invoice, accountId)} />
      ))}
    </div>
  );
}
