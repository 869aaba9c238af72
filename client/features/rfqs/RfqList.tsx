/** A contractor's RFQs, newest first: status, closing time, lines and quotes received; each opens its comparison. */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DocumentBulletListRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { rfqPhase } from '../../../shared/rfq';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { Facts } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusedCreates } from '../../ui/RefusedCreates';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { useNow } from '../instant-orders/queries';
import { rfqKey, useMyRfqs } from './queries';
import { RFQ_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center', justifyContent: 'space-between' },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: '1.6' },
  list: { display: 'grid', gap: tokens.spacingVerticalM },
  open: { justifySelf: 'start' },
});

export function RfqList({ accountId }: { accountId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const navigate = useNavigate();
  const now = useNow();
  const rows = useMyRfqs(accountId);
  const pending = usePendingKeys();
  return (
    <section className={styles.root} aria-labelledby="screen-title">
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          {t('title')}
        </h1>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => void navigate(`${PATHS.rfqs}/new`)} data-testid="new-rfq">
          {t('new')}
        </Button>
      </div>
      <p className={styles.intro}>{t('intro')}</p>
      <RefusedCreates name="rfq.create" heading={(args) => String(args.title ?? '')} badge={t('status.refused')} />
      {rows === undefined ? (
        <ListSkeleton label={t('loading')} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<DocumentBulletListRegular />} title={t('empty.title')} body={t('empty.body')} testId="rfqs-empty" />
      ) : (
        <div className={styles.list}>
          {rows.map((rfq) => {
            const status = rfqPhase(rfq, new Date(now));
            return (
              <ItemCard
                key={rfq.id}
                id={rfq.id}
                testId="rfq-card"
                heading={<bdi>{rfq.title}</bdi>}
                badges={
                  <>
                    <StatusBadge label={t(`status.${status}`)} tone={RFQ_TONE[status]} status={status} testId="rfq-status" />
                    {pending.has(rfqKey(rfq.id)) && <PendingBadge />}
                  </>
                }
              >
                <Facts
                  facts={[
                    { term: t('card.closes'), value: format.dateTime(rfq.closes_at) },
                    { term: t('card.lines'), value: format.number(rfq.lines.length) },
                    { term: t('card.quotes'), value: format.number(rfq.quote_count), testId: 'rfq-quote-count' },
                    { term: t('card.audience'), value: t(`audience.${rfq.audience}`) },
                  ]}
                />
                <RefusalNote rowKey={rfqKey(rfq.id)} />
                <Link className={styles.open} to={`${PATHS.rfqs}/${rfq.id}`} data-testid="open-rfq">
                  {t('card.open')}
                </Link>
              </ItemCard>
            );
          })}
        </div>
      )}
    </section>
  );
}
