import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentBulletListRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { usePendingKeys } from '../../data/local/hooks';
import { PATHS } from '../../paths';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { useNow } from '../instant-orders/queries';
import { RfqCard } from './RfqCard';
import { quoteKey, rfqKey, useSupplierRfqs } from './queries';
import { inboxOrder, phaseAt } from './status';

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalM },
});

/** The RFQs addressed to this supplier, open ones first; each opens its quote form. */
export function RfqInbox({ supplierId }: { supplierId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('quotes');
  const navigate = useNavigate();
  const now = useNow();
  const rows = useSupplierRfqs(supplierId);
  const pendingKeys = usePendingKeys();
  const sorted = useMemo(() => (rows ? inboxOrder(rows, now) : undefined), [rows, now]);

  if (!sorted) return <ListSkeleton label={t('loading')} />;
  if (!sorted.length) return <EmptyState icon={<DocumentBulletListRegular />} title={t('empty.title')} body={t('empty.body')} testId="rfqs-empty" />;
  return (
    <div className={styles.list}>
      {sorted.map(({ rfq, quote }) => {
        const open = phaseAt(rfq, now) === 'open';
        const label = open ? (quote ? t('actions.revise') : t('actions.quote')) : t('actions.view');
        return (
          <RfqCard
            key={rfq.id}
            rfq={rfq}
            quote={quote}
            now={now}
            pending={pendingKeys.has(rfqKey(rfq.id)) || (quote !== null && pendingKeys.has(quoteKey(quote.id)))}
          >
            <Button appearance={open && !quote ? 'primary' : 'secondary'} onClick={() => void navigate(`${PATHS.quotes}/${rfq.id}`)} data-testid="open-quote">
              {label}
            </Button>
          </RfqCard>
        );
      })}
    </div>
  );
}
