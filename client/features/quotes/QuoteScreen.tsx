import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentDismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { RfqQuote } from '../../../shared/schemas/rfq';
import { usePendingKeys } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { Facts } from '../../ui/Facts';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { RefusalNote } from '../../ui/RefusalNote';
import { useNow } from '../instant-orders/queries';
import { QuoteForm } from './QuoteForm';
import { RfqBadges, useRfqFacts } from './RfqCard';
import { quoteKey, rfqKey, useQuoteContext, type QuoteContext } from './queries';
import { phaseAt } from './status';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'grid', gap: tokens.spacingVerticalS },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'grid', gap: tokens.spacingVerticalXXS, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1, overflowWrap: 'anywhere' },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
});

/** /quotes/{rfqId}: the RFQ, and the supplier's quote form while it is open, or their quote as sent once it is not. */
export function QuoteScreen({ rfqId, supplierId }: { rfqId: string; supplierId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('quotes');
  const format = useFormat();
  const now = useNow();
  const ctx = useQuoteContext(rfqId, supplierId);
  const pendingKeys = usePendingKeys();
  const facts = useRfqFacts();

  if (ctx === undefined) return <ListSkeleton rows={2} label={t('loading')} />;
  if (ctx === null)
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        <BackLink to={PATHS.quotes} label={t('back')} testId="back-to-rfqs" />
        <h1 id="screen-title" className={styles.title}>
          {t('missing.title')}
        </h1>
        <EmptyState icon={<DocumentDismissRegular />} title={t('missing.title')} body={t('missing.body')} testId="rfq-missing" />
      </section>
    );
  const { rfq, quote } = ctx;
  const open = phaseAt(rfq, now) === 'open';
  const pending = pendingKeys.has(rfqKey(rfq.id)) || (quote !== null && pendingKeys.has(quoteKey(quote.id)));
  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="quote-screen" data-rfq-id={rfq.id}>
      <BackLink to={PATHS.quotes} label={t('back')} testId="back-to-rfqs" />
      <div className={styles.head}>
        <h1 id="screen-title" className={styles.title}>
          <bdi>{rfq.title}</bdi>
        </h1>
        <div className={styles.badges}>
          <RfqBadges rfq={rfq} quote={quote} now={now} pending={pending} />
        </div>
        <Facts facts={facts(rfq, now)} />
        {quote && (
          <Caption1 className={styles.muted} data-testid="quote-revision">
            {t('revision', { revision: format.number(quote.revision), date: format.dateTime(quote.submitted_at) })}
          </Caption1>
        )}
        <Caption1 className={styles.muted}>{open ? t('privacy') : t('closedNote')}</Caption1>
        {quote?.status === 'won' && (
          <RouterLink to={PATHS.purchaseOrders} data-testid="won-purchase-orders">
            {t('wonLink')}
          </RouterLink>
        )}
        <RefusalNote rowKey={quote ? [rfqKey(rfq.id), quoteKey(quote.id)] : rfqKey(rfq.id)} />
      </div>
      {open ? <QuoteForm key={quote?.id ?? 'new'} ctx={ctx} /> : <SentQuote ctx={ctx} quote={quote} />}
    </section>
  );
}

/** The supplier's quote as sent, line by line, once the RFQ no longer takes quotes. */
function SentQuote({ ctx, quote }: { ctx: QuoteContext; quote: RfqQuote | null }) {
  const styles = useStyles();
  const { t } = useTranslation('quotes');
  const format = useFormat();
  if (!quote) return <Caption1 data-testid="no-quote">{t('notQuoted')}</Caption1>;
  const byLine = new Map(ctx.rfq.lines.map((l) => [l.id, l]));
  return (
    <section aria-labelledby="sent-title" data-testid="sent-quote">
      <h2 id="sent-title" className={styles.h2}>
        {t('sent.title')}
      </h2>
      <ul className={styles.lines}>
        {quote.lines.map((q) => {
          const line = byLine.get(q.rfq_line_id);
          return (
            <li key={q.rfq_line_id} className={styles.line} data-testid="sent-line">
              <span>{t('form.lineTitle', { position: format.number(line?.position ?? 0), description: line?.description ?? '' })}</span>
              <span>{t('sent.price', { price: format.sar(q.unit_price), unit: line?.unit ?? '' })}</span>
              {q.quantity != null && <span>{t('sent.quantity', { quantity: format.number(q.quantity), unit: line?.unit ?? '' })}</span>}
              {q.note && <bdi className={styles.muted}>{q.note}</bdi>}
            </li>
          );
        })}
      </ul>
      <Facts
        facts={[
          { term: t('form.deliveryDays'), value: format.number(quote.delivery_days) },
          { term: t('form.validUntil'), value: format.date(quote.valid_until) },
        ]}
      />
      {quote.notes && <p className={styles.muted}>{<bdi>{quote.notes}</bdi>}</p>}
    </section>
  );
}
