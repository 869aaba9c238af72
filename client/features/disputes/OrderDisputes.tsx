import { Button, Checkbox, Field, Input, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX } from '../../../shared/schemas/common';
import { MAX_DISPUTE_PHOTOS } from '../../../shared/schemas/dispute';
import type { PurchaseOrder, PurchaseOrderSide } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { FormDialog } from '../../ui/FormDialog';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { keepWhole } from '../../ui/Identifier';
import { PhotoPicker } from '../deliveries/PhotoPicker';
import type { ShownReceipt } from '../goods-receipts/queries';
import { DisputeCard } from './DisputeCard';
import { canOpenDispute, disputeDraft, disputeLineProblem, disputeLines, type DisputeDraftLine } from './disputeForm';
import { useDisputeMutations } from './mutations';
import { useDisputes } from './queries';

const useStyles = makeStyles({
  section: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  list: { display: 'grid', gap: tokens.spacingVerticalS },
  line: { display: 'grid', gap: tokens.spacingVerticalXS, paddingBlockEnd: tokens.spacingVerticalS, borderBlockEndWidth: '1px', borderBlockEndStyle: 'solid', borderBlockEndColor: tokens.colorNeutralStroke2 },
  // The quantity and the price one under the other: a dialog at a phone's width has no room for two labels and hints side by side.
  pair: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The disputes of an order, for both sides, each opening its page. */
export function OrderDisputes({ order, side }: { order: PurchaseOrder; side: PurchaseOrderSide }) {
  const styles = useStyles();
  const { t } = useTranslation('disputes');
  const disputes = useDisputes(order.id);
  if (!disputes?.length) return null;
  return (
    <section className={styles.section} aria-labelledby="po-disputes" data-testid="po-disputes">
      <h2 id="po-disputes" className={styles.h2}>
        {t('order.title', { count: disputes.length })}
      </h2>
      <div className={styles.list}>
        {disputes.map((d) => (
          <DisputeCard key={d.id} dispute={d} side={side} />
        ))}
      </div>
    </section>
  );
}

/**
 * The buyer's "Open a dispute" on an order with receipts: which received lines, how much of
 * each (at most what was received), a unit price for a price dispute, the reason and
 * photos; the receipts' photos go with it as evidence. Stored on the device and sent once.
 */
export function OpenDisputeAction({ order }: { order: PurchaseOrder; receipts: readonly ShownReceipt[] }) {
  const { t } = useTranslation(['disputes', 'common']);
  const format = useFormat();
  const styles = useStyles();
  const navigate = useNavigate();
  const { open } = useDisputeMutations();
  const [asking, setAsking] = useState(false);
  const [lines, setLines] = useState<DisputeDraftLine[]>([]);
  const [texts, setTexts] = useState<Record<string, { quantity: string; price: string }>>({});
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const byId = new Map(order.lines.map((l) => [l.id, l]));

  const start = () => {
    const draft = disputeDraft(order);
    setLines(draft);
    setTexts(Object.fromEntries(draft.map((l) => [l.lineId, { quantity: String(l.quantity), price: '' }])));
    setReason('');
    setPhotos([]);
    setTried(false);
    setFailure(null);
    setAsking(true);
  };
  const update = (id: string, patch: Partial<DisputeDraftLine>) => setLines((all) => all.map((l) => (l.lineId === id ? { ...l, ...patch } : l)));
  const num = (v: string) => {
    const n = Number(v.replace(',', '.'));
    return Number.isFinite(n) ? n : NaN;
  };
  const submit = async () => {
    setTried(true);
    if (busy || !canOpenDispute(lines, reason)) return;
    setBusy(true);
    setFailure(null);
    try {
      const { id } = await open({ purchaseOrderId: order.id, reason, lines: disputeLines(lines), photos });
      setAsking(false);
      void navigate(`${PATHS.disputes}/${id}`);
    } catch (error) {
      console.error('dispute not stored', error);
      setFailure(t('disputes:form.notStored'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button onClick={start} data-testid="po-open-dispute">
        {t('disputes:actions.open')}
      </Button>
      {asking && (
        <FormDialog
          title={t('disputes:form.title', { number: keepWhole(order.number) })}
          submitLabel={t('disputes:form.submit')}
          cancelLabel={t('disputes:form.cancel')}
          busy={busy}
          onSubmit={submit}
          onClose={() => setAsking(false)}
          formTestId="dispute-form"
          submitTestId="dispute-submit"
          failure={failure}
        >
          <p className={styles.muted}>{t('disputes:form.intro')}</p>
          {lines.map((l) => {
            const line = byId.get(l.lineId)!;
            const problem = tried ? disputeLineProblem(l) : l.quantity > l.max ? 'dispute_exceeds_received' : null;
            return (
              <div key={l.lineId} className={styles.line} data-testid="dispute-form-line">
                <Checkbox
                  checked={l.picked}
                  onChange={(_, d) => update(l.lineId, { picked: Boolean(d.checked) })}
                  label={<bdi>{t('disputes:form.lineTitle', { position: format.number(line.position), description: line.description })}</bdi>}
                  data-testid="dispute-line-pick"
                />
                {l.picked && (
                  <div className={styles.pair}>
                    <Field
                      label={t('disputes:form.quantity', { unit: line.unit })}
                      hint={t('disputes:form.quantityRule', { max: format.number(l.max), unit: line.unit })}
                      validationState={problem ? 'error' : 'none'}
                      validationMessage={problem ? t(`disputes:form.problems.${problem}`, { max: format.number(l.max), unit: line.unit }) : undefined}
                    >
                      <Input
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={l.max}
                        step={0.1}
                        value={texts[l.lineId]?.quantity ?? ''}
                        onChange={(_, d) => {
                          setTexts((all) => ({ ...all, [l.lineId]: { ...all[l.lineId], quantity: d.value } }));
                          update(l.lineId, { quantity: num(d.value) || 0 });
                        }}
                        data-testid="dispute-quantity"
                      />
                    </Field>
                    <Field label={t('disputes:form.unitPrice')} hint={t('disputes:form.unitPriceHint', { price: format.sar(line.unit_price) })}>
                      <Input
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={0.01}
                        value={texts[l.lineId]?.price ?? ''}
                        onChange={(_, d) => {
                          setTexts((all) => ({ ...all, [l.lineId]: { ...all[l.lineId], price: d.value } }));
                          const n = num(d.value);
                          update(l.lineId, { unitPrice: d.value.trim() && Number.isFinite(n) ? Math.round(n * 100) / 100 : null });
                        }}
                        data-testid="dispute-unit-price"
                      />
                    </Field>
                  </div>
                )}
              </div>
            );
          })}
          {tried && !lines.some((l) => l.picked) && <span role="alert">{t('disputes:form.problems.no_line')}</span>}
          <Field
            label={t('disputes:form.reason')}
            required
            validationState={tried && !reason.trim() ? 'error' : 'none'}
            validationMessage={tried && !reason.trim() ? t('common:validation.required') : undefined}
          >
            <Textarea name="reason" value={reason} onChange={(_, d) => setReason(d.value)} resize="vertical" maxLength={MAX.text} data-testid="dispute-reason" />
          </Field>
          <PhotoPicker
            label={t('disputes:form.photos')}
            hint={t('disputes:form.photosHint', { count: MAX_DISPUTE_PHOTOS })}
            max={MAX_DISPUTE_PHOTOS}
            files={photos}
            onChange={setPhotos}
            testId="dispute-photos-input"
          />
        </FormDialog>
      )}
    </>
  );
}
