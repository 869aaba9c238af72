/**
 * The award, built on the comparison: whole to one supplier, every line to its lowest
 * price, or suppliers chosen line by line (award.ts: a line one supplier offers only part
 * of may take the rest from another), with the purchase orders it will make and their
 * totals shown before the buyer confirms. Confirmed, it is queued in the
 * outbox like any write (rfq.award) and the orders arrive with the next sync.
 */
import { Button, Field, Radio, RadioGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { PlannedAward } from '../../../shared/rfq';
import type { ComparisonLine, RfqComparison } from '../../../shared/schemas/rfq';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { awardOutcome, awardsOf, chooseLine, restOf, startChoice, type AwardChoice, type AwardMode } from './award';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow4, minInlineSize: 0 },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  lines: { display: 'grid', gap: tokens.spacingVerticalS },
  orders: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'grid', gap: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground2 },
});

export function AwardPanel({
  comparison,
  choice,
  onChoice,
  onAward,
}: {
  comparison: RfqComparison;
  choice: AwardChoice;
  onChoice: (choice: AwardChoice) => void;
  onAward: (awards: PlannedAward[]) => Promise<unknown>;
}) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const [mode, setMode] = useState<AwardMode>('lowest');
  const [whole, setWhole] = useState(comparison.quotes[0]?.quote_id ?? '');
  const [confirming, setConfirming] = useState(false);
  const { orders, leftOut, short } = awardOutcome(comparison, choice);
  const awards = awardsOf(comparison, choice);
  const name = (quoteId: string) => comparison.quotes.find((q) => q.quote_id === quoteId)?.supplier_name ?? t('someone');

  /** A line's choices: its first supplier, then while some of it is left and another quote prices it, who supplies the rest. */
  const lineChoices = (line: ComparisonLine) => {
    const chosen = choice[line.rfq_line_id] ?? [];
    const places = [0];
    for (let i = 0; i < chosen.length; i++) {
      const rest = restOf(comparison, { [line.rfq_line_id]: chosen.slice(0, i + 1) }, line.rfq_line_id);
      const others = line.cells.some((c) => c.unit_price !== null && !chosen.slice(0, i + 1).includes(c.quote_id));
      if (rest > 0 && others) places.push(i + 1);
    }
    return places.map((index) => {
      const rest = restOf(comparison, { [line.rfq_line_id]: chosen.slice(0, index) }, line.rfq_line_id);
      return (
        <Field
          key={`${line.rfq_line_id}-${index}`}
          label={
            index === 0
              ? t('award.lineLabel', { n: format.number(line.position), description: line.description })
              : t('award.restLabel', { quantity: format.number(rest), unit: line.unit })
          }
        >
          <Select
            value={chosen[index] ?? ''}
            onChange={(_, d) => onChoice(chooseLine(comparison, choice, line.rfq_line_id, d.value || null, index))}
            data-testid={index === 0 ? 'award-line' : 'award-rest'}
          >
            <option value="">{index === 0 ? t('award.none') : t('award.restNone')}</option>
            {line.cells.flatMap((c) =>
              c.unit_price === null || chosen.slice(0, index).includes(c.quote_id)
                ? []
                : [
                    <option key={c.quote_id} value={c.quote_id}>
                      {c.quantity_offered !== null && c.quantity_offered < line.quantity
                        ? t('award.cellPartOption', { name: name(c.quote_id), price: format.sar(c.unit_price), quantity: format.number(c.quantity_offered), unit: line.unit })
                        : t('award.cellOption', { name: name(c.quote_id), price: format.sar(c.unit_price) })}
                    </option>,
                  ],
            )}
          </Select>
        </Field>
      );
    });
  };

  const pick = (next: AwardMode, quoteId = whole) => {
    setMode(next);
    onChoice(startChoice(comparison, next, quoteId));
  };

  return (
    <section className={styles.root} aria-labelledby="award-title" data-testid="award-panel">
      <h2 id="award-title" className={styles.h2}>
        {t('award.title')}
      </h2>
      <RadioGroup value={mode} onChange={(_, d) => pick(d.value as AwardMode)} aria-labelledby="award-title">
        <Radio value="lowest" label={t('award.lowest')} data-testid="award-lowest" />
        <Radio value="whole" label={t('award.whole')} data-testid="award-whole" />
        <Radio value="chosen" label={t('award.chosen')} data-testid="award-chosen" />
      </RadioGroup>
      {mode === 'whole' && (
        <Field label={t('award.supplier')}>
          <Select
            value={whole}
            onChange={(_, d) => {
              setWhole(d.value);
              pick('whole', d.value);
            }}
            data-testid="award-supplier"
          >
            {comparison.quotes.map((q) => (
              <option key={q.quote_id} value={q.quote_id}>
                {t('award.supplierOption', { name: q.supplier_name ?? t('someone'), count: q.quoted_lines, total: format.sar(q.total) })}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {mode === 'chosen' && (
        <div className={styles.lines}>
          {comparison.lines.map(lineChoices)}
        </div>
      )}
      <Text weight="semibold">{t('award.makes', { count: orders.length })}</Text>
      <ul className={styles.orders} data-testid="award-orders">
        {orders.map((o) => (
          <li key={o.quote_id} data-testid="award-order">
            {t('award.order', { name: o.supplier_name ?? t('someone'), count: o.lines, total: format.sar(o.total) })}
          </li>
        ))}
      </ul>
      {leftOut > 0 && <Text className={styles.muted}>{t('award.leftOut', { count: leftOut })}</Text>}
      {short > 0 && (
        <Text className={styles.muted} data-testid="award-short">
          {t('award.short', { count: short })}
        </Text>
      )}
      <Button appearance="primary" disabled={!awards.length} onClick={() => setConfirming(true)} data-testid="award-open">
        {t('award.submit')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('award.confirmTitle', { count: orders.length })}
        body={t('award.confirmBody')}
        confirm={t('award.confirm')}
        dismiss={t('award.back')}
        onConfirm={() => {
          setConfirming(false);
          void onAward(awards);
        }}
        onDismiss={() => setConfirming(false)}
        confirmTestId="award-confirm"
      />
    </section>
  );
}
