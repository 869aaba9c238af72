import { Button, Caption1, Field, Input, Select, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX } from '../../../shared/schemas/common';
import { MAX_RECEIPT_LINE_PHOTOS, REJECTION_REASONS, openQuantity, type RejectionReason } from '../../../shared/schemas/goods-receipt';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';
import { PATHS } from '../../paths';
import { BackLink } from '../../ui/BackLink';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { keepWhole } from '../../ui/Identifier';
import { PhotoPicker } from '../deliveries/PhotoPicker';
import { useReceiptMutations } from './mutations';
import { useReceiptTolerance } from './queries';
import { acceptableNow, canSave, clampQuantity, lineProblem, receiptDraft, receivedCap, type DraftLine } from './receiptForm';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  title: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600, overflowWrap: 'anywhere' },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
  lines: { display: 'grid', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  lineHead: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  // Two fields side by side while they fit; stacked on a narrow phone.
  pair: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))', gap: tokens.spacingHorizontalM },
  actions: {
    position: 'sticky',
    insetBlockEnd: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  failure: { color: tokens.colorPaletteRedForeground1 },
});

type Texts = Record<string, { received: string; rejected: string }>;

/**
 * /purchase-orders/{id}?receive: the buyer records what was unloaded, on a phone at the
 * gate, offline too. Each line starts at what is still open, so a full delivery is
 * "record receipt", "save"; a rejected part takes a reason and photos. A field never
 * holds more than the order allows (the rule is shown under it); saving stores the
 * receipt and its photos on the device and sends them once there is a connection.
 */
export function ReceiptForm({ order, deliveryId }: { order: PurchaseOrder; deliveryId: string | null }) {
  const styles = useStyles();
  const { t } = useTranslation(['receipts', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const tolerance = useReceiptTolerance();
  const { record } = useReceiptMutations();
  const initial = useMemo(() => receiptDraft(order, tolerance), [order, tolerance]);
  const [draft, setLines] = useState<DraftLine[]>(initial);
  const [texts, setTexts] = useState<Texts>(() => Object.fromEntries(initial.map((l) => [l.lineId, { received: String(l.received), rejected: '' }])));
  const [rejecting, setRejecting] = useState<ReadonlySet<string>>(new Set());
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const back = `${PATHS.purchaseOrders}/${order.id}`;
  const byId = new Map(order.lines.map((l) => [l.id, l]));
  // The limits follow the order as it is now (another receipt synced meanwhile, the tolerance read from the profile).
  const lines = draft.flatMap((l) => {
    const line = byId.get(l.lineId);
    return line ? [{ ...l, open: openQuantity(line), acceptable: acceptableNow(line, tolerance) }] : [];
  });

  const update = (lineId: string, patch: Partial<DraftLine>) => setLines((all) => all.map((l) => (l.lineId === lineId ? { ...l, ...patch } : l)));
  const setText = (lineId: string, field: 'received' | 'rejected', value: string) => {
    setTexts((all) => ({ ...all, [lineId]: { ...all[lineId], [field]: value } }));
    const n = Number(value.replace(',', '.'));
    update(lineId, { [field]: Number.isFinite(n) && n > 0 ? n : 0 });
  };
  // Leaving a field puts it within what the order allows, at the step of 0.1.
  const settle = (line: DraftLine, field: 'received' | 'rejected') => {
    const value = field === 'received' ? clampQuantity(line.received, receivedCap(line)) : clampQuantity(line.rejected, line.received);
    update(line.lineId, { [field]: value });
    setTexts((all) => ({ ...all, [line.lineId]: { ...all[line.lineId], [field]: value ? String(value) : '' } }));
  };
  const toggleRejecting = (line: DraftLine, on: boolean) => {
    setRejecting((s) => {
      const next = new Set(s);
      if (on) next.add(line.lineId);
      else next.delete(line.lineId);
      return next;
    });
    if (!on) {
      update(line.lineId, { rejected: 0, reason: null, photos: [] });
      setTexts((all) => ({ ...all, [line.lineId]: { ...all[line.lineId], rejected: '' } }));
    }
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (busy || !canSave(lines)) return;
    setBusy(true);
    setFailure(null);
    try {
      const { refused } = await record({ purchaseOrderId: order.id, lines, note, deliveryId });
      if (refused.length) console.warn('receipt photos left out', refused);
      void navigate(back);
    } catch (error) {
      console.error('receipt not stored', error);
      setFailure(t('form.notStored'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.root} onSubmit={submit} aria-labelledby="screen-title" data-testid="receipt-form" noValidate>
      <BackLink to={back} label={t('form.back')} testId="receipt-back" />
      <h1 id="screen-title" className={styles.title}>
        {t('form.title', { number: keepWhole(order.number) })}
      </h1>
      <p className={styles.intro}>{t('form.intro')}</p>
      <ul className={styles.lines}>
        {lines.map((line) => {
          const orderLine = byId.get(line.lineId)!;
          const problem = tried || line.received > receivedCap(line) ? lineProblem(line) : null;
          const text = texts[line.lineId];
          const open = rejecting.has(line.lineId);
          const unit = orderLine.unit;
          return (
            <li key={line.lineId} className={styles.line} data-testid="receipt-form-line" data-line-id={line.lineId}>
              <span className={styles.lineHead}>
                <bdi>{t('form.lineTitle', { position: format.number(orderLine.position), description: orderLine.description })}</bdi>
              </span>
              <Caption1 className={styles.muted} data-testid="receipt-form-open">
                {t('form.open', { open: format.number(line.open), ordered: format.number(orderLine.quantity), unit })}
              </Caption1>
              <Field
                label={t('form.received', { unit })}
                hint={t('form.rule', { max: format.number(receivedCap(line)), unit, tolerance: format.number(tolerance) })}
                validationState={problem === 'over_received' ? 'error' : 'none'}
                validationMessage={problem === 'over_received' ? t('form.problems.over_received', { max: format.number(receivedCap(line)), unit }) : undefined}
              >
                <Input
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={receivedCap(line)}
                  step={0.1}
                  value={text.received}
                  onChange={(_, d) => setText(line.lineId, 'received', d.value)}
                  onBlur={() => settle(line, 'received')}
                  data-testid="receipt-received"
                />
              </Field>
              <Switch
                label={t('form.someRejected')}
                checked={open}
                onChange={(_, d) => toggleRejecting(line, d.checked)}
                data-testid="receipt-rejecting"
              />
              {open && (
                <>
                  <div className={styles.pair}>
                    <Field
                      label={t('form.rejected', { unit })}
                      validationState={problem === 'rejected_above_received' ? 'error' : 'none'}
                      validationMessage={problem === 'rejected_above_received' ? t('form.problems.rejected_above_received') : undefined}
                    >
                      <Input
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={line.received}
                        step={0.1}
                        value={text.rejected}
                        onChange={(_, d) => setText(line.lineId, 'rejected', d.value)}
                        onBlur={() => settle(line, 'rejected')}
                        data-testid="receipt-rejected"
                      />
                    </Field>
                    <Field
                      label={t('form.reason')}
                      validationState={problem === 'rejection_reason_required' ? 'error' : 'none'}
                      validationMessage={problem === 'rejection_reason_required' ? t('form.problems.rejection_reason_required') : undefined}
                    >
                      <Select value={line.reason ?? ''} onChange={(_, d) => update(line.lineId, { reason: (d.value || null) as RejectionReason | null })} data-testid="receipt-reason">
                        <option value="">{t('form.chooseReason')}</option>
                        {REJECTION_REASONS.map((r) => (
                          <option key={r} value={r}>
                            {t(`reasons.${r}`)}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  </div>
                  <PhotoPicker
                    label={t('form.photos')}
                    hint={t('form.photosHint', { count: MAX_RECEIPT_LINE_PHOTOS })}
                    max={MAX_RECEIPT_LINE_PHOTOS}
                    files={line.photos}
                    onChange={(photos) => update(line.lineId, { photos })}
                    testId="receipt-photos-input"
                  />
                </>
              )}
            </li>
          );
        })}
      </ul>
      <Field label={t('form.note')}>
        <Textarea name="note" value={note} onChange={(_, d) => setNote(d.value)} resize="vertical" maxLength={MAX.text} data-testid="receipt-note-input" />
      </Field>
      {tried && !lines.some((l) => l.received > 0) && <span className={styles.failure}>{t('form.problems.nothing_received')}</span>}
      {failure && (
        <span className={styles.failure} role="alert">
          {failure}
        </span>
      )}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy} data-testid="receipt-save">
          {t('form.save')}
        </Button>
        <Button onClick={() => void navigate(back)}>{t('form.cancel')}</Button>
      </div>
      <Caption1 className={styles.muted}>{t('form.offline')}</Caption1>
    </form>
  );
}
