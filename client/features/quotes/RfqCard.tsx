import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rfq, RfqQuote } from '../../../shared/schemas/rfq';
import { useFormat } from '../../i18n/format';
import { Facts, type Fact } from '../../ui/Facts';
import { ItemCard } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { StatusBadge } from '../../ui/StatusBadge';
import { quoteKey, rfqKey } from './queries';
import { myQuoteState, phaseAt } from './status';
import { RFQ_QUOTE_TONE, RFQ_TONE } from '../../ui/statusTones';

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

/** The RFQ's phase and the supplier's quote on it, as two badges. */
export function RfqBadges({ rfq, quote, now, pending }: { rfq: Rfq; quote: RfqQuote | null; now: number; pending: boolean }) {
  const { t } = useTranslation('quotes');
  const format = useFormat();
  const phase = phaseAt(rfq, now);
  const mine = myQuoteState(quote);
  return (
    <>
      <StatusBadge label={t(`phase.${phase}`)} tone={RFQ_TONE[phase]} status={phase} testId="rfq-phase" />
      <StatusBadge
        label={quote && mine === 'submitted' ? t('mine.submitted', { revision: format.number(quote.revision) }) : t(`mine.${mine}`)}
        tone={RFQ_QUOTE_TONE[mine]}
        status={mine}
        testId="rfq-my-quote"
      />
      {pending && <PendingBadge />}
    </>
  );
}

/** What the RFQ asks at a glance: who, where, by when, until when it takes quotes, how many lines. */
export function useRfqFacts() {
  const { t } = useTranslation('quotes');
  const format = useFormat();
  return (rfq: Rfq, now: number): Fact[] => {
    const phase = phaseAt(rfq, now);
    const facts: Fact[] = [
      { term: t('card.buyer'), value: <bdi>{rfq.buyer_name ?? t('card.someone')}</bdi> },
      { term: t('card.location'), value: <bdi>{rfq.location}</bdi> },
      { term: phase === 'open' ? t('card.closes') : t('card.closed'), value: format.dateTime(rfq.closes_at), testId: 'rfq-closes' },
      { term: t('card.lines'), value: format.number(rfq.lines.length), testId: 'rfq-lines' },
    ];
    if (rfq.needed_by) facts.push({ term: t('card.neededBy'), value: format.date(rfq.needed_by) });
    return facts;
  };
}

/** One RFQ of the inbox; its action (quote, revise, view) below. */
export function RfqCard({ rfq, quote, now, pending, children }: { rfq: Rfq; quote: RfqQuote | null; now: number; pending: boolean; children?: ReactNode }) {
  const styles = useStyles();
  const facts = useRfqFacts();
  return (
    <ItemCard testId="rfq-card" id={rfq.id} heading={<bdi>{rfq.title}</bdi>} badges={<RfqBadges rfq={rfq} quote={quote} now={now} pending={pending} />}>
      <Facts facts={facts(rfq, now)} />
      <RefusalNote rowKey={quote ? [rfqKey(rfq.id), quoteKey(quote.id)] : rfqKey(rfq.id)} />
      <div className={styles.actions}>{children}</div>
    </ItemCard>
  );
}
