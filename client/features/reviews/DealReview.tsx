/**
 * A completed deal's review, on its screen (a purchase order, a transport request): the
 * button to review the other party, or where my company's review stands. A review
 * written offline waits in the outbox ("waiting to be sent"); once the server has it, it
 * waits for the other party (double-blind) until they review too or the blind days are
 * over, and then reads published. The review itself is read online only (data/api/reviews).
 */
import { Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { StarRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { blindEndsAt } from '../../../shared/schemas/review';
import { useMyDealReview } from '../../data/api/reviews';
import { useOutbox } from '../../data/local/hooks';
import { useFormat } from '../../i18n/format';
import { i18n } from '../../i18n';
import { ReviewDialog, type ReviewDeal } from './ReviewDialog';
import type { DealRef } from './mutations';

// The screens that show this speak other namespaces: loaded with this module.
void i18n.loadNamespaces(['reviews']);

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalS, justifyItems: 'start' },
});

const sameDeal = (args: Record<string, unknown>, ref: DealRef) =>
  'purchase_order_id' in ref ? args.purchase_order_id === ref.purchase_order_id : args.transport_request_id === ref.transport_request_id;

export function DealReview({ deal, otherName }: { deal: DealRef; otherName: string }) {
  const styles = useStyles();
  const { t } = useTranslation('reviews');
  const format = useFormat();
  const [reload, setReload] = useState(0);
  const [open, setOpen] = useState<ReviewDeal | null>(null);
  const queued = useOutbox().some((m) => m.name === 'review.create' && m.status === 'pending' && sameDeal(m.args, deal));
  // Asked again once a queued review has been sent.
  const mine = useMyDealReview(deal, `${reload}:${queued}`);
  const review = mine.data?.reviews[0];

  let state;
  if (queued) state = <Note testId="review-queued" text={t('deal.queued')} />;
  else if (review?.published_at) state = <Note testId="review-published" text={t('deal.published', { rating: format.number(review.rating) })} />;
  else if (review) {
    const date = format.date(blindEndsAt(new Date(review.created_at)));
    state = <Note testId="review-waiting" text={t('deal.waiting', { rating: format.number(review.rating), name: otherName, date })} />;
  }
  else if (mine.loading && !mine.data) state = null;
  else
    state = (
      <Button icon={<StarRegular />} onClick={() => setOpen({ ref: deal, name: otherName, products: mine.data?.products ?? [] })} data-testid="review-deal">
        {t('deal.review', { name: otherName })}
      </Button>
    );

  return (
    <section className={styles.root} aria-label={t('deal.heading')} data-testid="deal-review">
      {state}
      <ReviewDialog deal={open} onClose={() => setOpen(null)} onSaved={() => setReload((n) => n + 1)} />
    </section>
  );
}

function Note({ text, testId }: { text: string; testId: string }) {
  return (
    <MessageBar layout="multiline" intent="info" data-testid={testId}>
      <MessageBarBody>{text}</MessageBarBody>
    </MessageBar>
  );
}
