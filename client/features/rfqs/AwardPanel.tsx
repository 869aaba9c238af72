/**
 * The award, built on the comparison: whole to one supplier, every line to its lowest
 * price, or a supplier chosen line by line (award.ts), with the purchase orders it will
 * make and their totals shown before the buyer confirms. Confirmed, it is queued in the
 * outbox like any write (rfq.award) and the orders arrive with the next sync.
 */
import { Button, Field, Radio, RadioGroup, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { RfqComparison } from '../../../shared/schemas/rfq';
import { useFormat } from '../../i18n/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { awardOutcome, awardsOf, chooseLine, startChoice, type AwardChoice, type AwardMode } from './award';

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
  onAward: (awards: Array<{ rfq_line_id: string; quote_id: string }>) => Promise<unknown>;
}) {
  const styles = useStyles();
  const { t } = useTranslation('rfqs');
  const format = useFormat();
  const [mode, setMode] = useState<AwardMode>('lowest');
  const [whole, setWhole] = useState(comparison.quotes[0]?.quote_id ?? '');
  const [confirming, setConfirming] = useState(false);
  const { orders, leftOut } = awardOutcome(comparison, choice);
  const awards = awardsOf(comparison, choice);
  const name = (quoteId: string) => comparison.quotes.find((q) => q.quote_id === quoteId)?.supplier_name ?? t('someone');

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
                {t('award.supplierOption', { name: q.supplier_name ?? t('someone'), lines: format.number(q.quoted_lines), total: format.sar(q.total) })}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {mode === 'chosen' && (
        <div className={styles.lines}>
          {comparison.lines.map((line) => (
            <Field key={line.rfq_line_id} label={t('award.lineLabel', { n: format.number(line.position), description: line.description })}>
              <Select
                value={choice[line.rfq_line_id] ?? ''}
                onChange={(_, d) => onChoice(chooseLine(comparison, choice, line.rfq_line_id, d.value || null))}
                data-testid="award-line"
              >
                <option value="">{t('award.none')}</option>
                {line.cells.flatMap((c) =>
                  c.unit_price === null
                    ? []
                    : [
                        <option key={c.quote_id} value={c.quote_id}>
                          {t('award.cellOption', { name: name(c.quote_id), price: format.sar(c.unit_price) })}
                        </option>,
                      ],
                )}
              </Select>
            </Field>
          ))}
        </div>
      )}
      <Text weight="semibold">{t('award.makes', { count: orders.length, n: format.number(orders.length) })}</Text>
      <ul className={styles.orders} data-testid="award-orders">
        {orders.map((o) => (
          <li key={o.quote_id} data-testid="award-order">
            {t('award.order', { name: o.supplier_name ?? t('someone'), lines: format.number(o.lines), total: format.sar(o.total) })}
          </li>
        ))}
      </ul>
      {leftOut > 0 && <Text className={styles.muted}>{t('award.leftOut', { count: leftOut, n: format.number(leftOut) })}</Text>}
      <Button appearance="primary" disabled={!awards.length} onClick={() => setConfirming(true)} data-testid="award-open">
        {t('award.submit')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('award.confirmTitle', { count: orders.length, n: format.number(orders.length) })}
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
