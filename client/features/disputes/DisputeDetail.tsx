import { Button, Caption1, Field, Radio, RadioGroup, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentDismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { MAX } from '../../../shared/schemas/common';
import { DISPUTE_REMEDIES, type DisputeRemedy } from '../../../shared/schemas/dispute';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { Facts, type Fact } from '../../ui/Facts';
import { FormDialog } from '../../ui/FormDialog';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { keepWhole } from '../../ui/Identifier';
import { EmptyState, ListSkeleton } from '../../ui/ListStates';
import { RefusalNote } from '../../ui/RefusalNote';
import { OrderPhotos } from '../goods-receipts/OrderPhotos';
import { DisputeBadges } from './DisputeCard';
import { useDisputeMutations } from './mutations';
import { disputeKey, disputeSideOf, useDispute, type ShownDispute } from './queries';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  section: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  lines: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'grid', gap: tokens.spacingVerticalXXS, overflowWrap: 'anywhere' },
  lineHead: { fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/**
 * /disputes/{id}: one dispute, for both sides: its order, the lines and quantities (and the
 * price claimed, for a price dispute), the reason, the evidence (the receipts' photos and
 * its own), until when the seller is to answer (marked once overdue), the answer and its
 * remedy with the credit note that settled it; the seller's accept and reject while it is open.
 */
export function DisputeDetail({ id, accountId }: { id: string; accountId: string }) {
  const styles = useStyles();
  const { t } = useTranslation('disputes');
  const format = useFormat();
  const dispute = useDispute(id);
  const back = <BackLink to={PATHS.disputes} label={t('back')} testId="back-to-disputes" />;
  if (dispute === undefined) return <ListSkeleton rows={2} label={t('loading')} />;
  if (dispute === null)
    return (
      <section className={styles.root} aria-labelledby="screen-title">
        {back}
        <h1 id="screen-title" className={styles.title}>
          {t('missing.title')}
        </h1>
        <EmptyState icon={<DocumentDismissRegular />} title={t('missing.title')} body={t('missing.body')} testId="dispute-missing" />
      </section>
    );
  const side = disputeSideOf(dispute, accountId);
  const facts: Fact[] = [
    { term: t('card.order'), value: <RouterLink to={`${PATHS.purchaseOrders}/${dispute.purchase_order_id}`}>{keepWhole(dispute.purchase_order_number)}</RouterLink>, testId: 'dispute-order-link' },
    { term: t('card.buyer'), value: <bdi>{dispute.buyer_name ?? t('card.someone')}</bdi> },
    { term: t('card.seller'), value: <bdi>{dispute.seller_name ?? t('card.someone')}</bdi> },
    { term: t('card.opened'), value: format.dateTime(dispute.created_at) },
  ];
  if (dispute.status === 'open' && !dispute.pending)
    facts.push({
      term: t('card.due'),
      value: <span className={dispute.overdue ? styles.overdue : undefined}>{dispute.overdue ? t('dueOverdue', { at: format.dateTime(dispute.due_at) }) : format.dateTime(dispute.due_at)}</span>,
      testId: 'dispute-due',
    });
  if (dispute.answered_at) facts.push({ term: t('card.answered'), value: format.dateTime(dispute.answered_at) });
  const photos = [...new Set([...dispute.evidence_photo_ids, ...dispute.photo_ids])];
  return (
    <section className={styles.root} aria-labelledby="screen-title" data-testid="dispute-detail" data-dispute-id={dispute.id} data-status={dispute.status}>
      {back}
      <h1 id="screen-title" className={styles.title}>
        {t('detail.title', { number: keepWhole(dispute.purchase_order_number) })}
      </h1>
      <div className={styles.badges}>
        <DisputeBadges dispute={dispute} />
      </div>
      <Facts facts={facts} />
      <RefusalNote rowKey={disputeKey(dispute.id)} />
      <section className={styles.section} aria-labelledby="dispute-lines">
        <h2 id="dispute-lines" className={styles.h2}>
          {t('detail.lines', { count: dispute.lines.length })}
        </h2>
        <ul className={styles.lines}>
          {[...dispute.lines]
            .sort((a, b) => a.position - b.position)
            .map((l) => (
              <li key={l.id} className={styles.line} data-testid="dispute-line">
                <span className={styles.lineHead}>
                  <bdi>{t('form.lineTitle', { position: format.number(l.position), description: l.description })}</bdi>
                </span>
                <span data-testid="dispute-line-quantity">{t('detail.quantity', { quantity: format.number(l.quantity), unit: l.unit })}</span>
                {l.unit_price != null && (
                  <span data-testid="dispute-line-price" data-money>
                    {t('detail.price', { claimed: format.sar(l.unit_price), ordered: format.sar(l.order_unit_price) })}
                  </span>
                )}
              </li>
            ))}
        </ul>
      </section>
      <section className={styles.section} aria-labelledby="dispute-reason">
        <h2 id="dispute-reason" className={styles.h2}>
          {t('detail.reason')}
        </h2>
        <p className={styles.text} data-testid="dispute-reason-text">
          <bdi>{dispute.reason}</bdi>
        </p>
        {photos.length > 0 && (
          <>
            <Caption1 className={styles.muted}>{t('detail.evidence', { count: photos.length })}</Caption1>
            <OrderPhotos purchaseOrderId={dispute.purchase_order_id} photoIds={photos} testId="dispute-photo" />
          </>
        )}
      </section>
      <Answer dispute={dispute} />
      {side === 'seller' && dispute.status === 'open' && !dispute.pending && <SellerActions dispute={dispute} />}
    </section>
  );
}

/** The seller's answer once given: accepted with its remedy (and the credit note that settled it), or rejected with the reason. */
function Answer({ dispute }: { dispute: ShownDispute }) {
  const styles = useStyles();
  const { t } = useTranslation('disputes');
  if (dispute.status === 'open') return null;
  return (
    <section className={styles.section} aria-labelledby="dispute-answer" data-testid="dispute-answer">
      <h2 id="dispute-answer" className={styles.h2}>
        {t('detail.answer')}
      </h2>
      {dispute.status === 'accepted' && dispute.remedy && <span data-testid="dispute-remedy">{t(`remedy.${dispute.remedy}`)}</span>}
      {dispute.credit_note_id && (
        <RouterLink to={`${PATHS.invoices}/${dispute.credit_note_id}`} data-testid="dispute-credit-note">
          {t('detail.creditNote', { number: keepWhole(dispute.credit_note_number ?? '') })}
        </RouterLink>
      )}
      {dispute.status === 'accepted' && dispute.remedy === 'credit_note' && !dispute.credit_note_id && <Caption1 className={styles.muted}>{t('detail.creditNoteComing')}</Caption1>}
      {dispute.answer && (
        <p className={styles.text} data-testid="dispute-answer-text">
          <bdi>{dispute.answer}</bdi>
        </p>
      )}
    </section>
  );
}

/** Accept (a credit note for the value, or the quantity delivered again) or reject with a reason: each asked once more. */
function SellerActions({ dispute }: { dispute: ShownDispute }) {
  const styles = useStyles();
  const { t } = useTranslation(['disputes', 'common']);
  const { accept, reject } = useDisputeMutations();
  const [asking, setAsking] = useState<'accept' | 'reject' | null>(null);
  const [remedy, setRemedy] = useState<DisputeRemedy>('credit_note');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setTried(true);
    if (asking === 'reject' && !reason.trim()) return;
    setBusy(true);
    try {
      if (asking === 'accept') await accept(dispute.id, remedy);
      else if (asking === 'reject') await reject(dispute.id, reason);
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      <Button appearance="primary" onClick={() => setAsking('accept')} data-testid="dispute-accept">
        {t('disputes:actions.accept')}
      </Button>
      <Button onClick={() => { setTried(false); setAsking('reject'); }} data-testid="dispute-reject">
        {t('disputes:actions.reject')}
      </Button>
      {asking && (
        <FormDialog
          title={t(`disputes:confirm.${asking}.title`, { number: keepWhole(dispute.purchase_order_number) })}
          submitLabel={t(`disputes:actions.${asking}`)}
          cancelLabel={t('disputes:form.cancel')}
          busy={busy}
          onSubmit={submit}
          onClose={() => setAsking(null)}
          formTestId="dispute-answer-form"
          submitTestId="dispute-answer-submit"
        >
          <p>{t(`disputes:confirm.${asking}.body`)}</p>
          {asking === 'accept' ? (
            <Field label={t('disputes:confirm.accept.remedy')}>
              <RadioGroup value={remedy} onChange={(_, d) => setRemedy(d.value as DisputeRemedy)} data-testid="dispute-remedy-choice">
                {DISPUTE_REMEDIES.map((r) => (
                  <Radio key={r} value={r} label={t(`disputes:remedyChoice.${r}`)} data-testid={`dispute-remedy-${r}`} />
                ))}
              </RadioGroup>
            </Field>
          ) : (
            <Field
              label={t('disputes:confirm.reject.reason')}
              required
              validationState={tried && !reason.trim() ? 'error' : 'none'}
              validationMessage={tried && !reason.trim() ? t('common:validation.required') : undefined}
            >
              <Textarea name="reason" value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" maxLength={MAX.text} data-testid="dispute-reject-reason" />
            </Field>
          )}
        </FormDialog>
      )}
    </div>
  );
}
