import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { openQuantity } from '../../../shared/schemas/goods-receipt';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';

const useStyles = makeStyles({
  // One row per figure, its name at the start and the number at the end: every figure
  // visible at a phone's width, never a table to scroll sideways.
  list: { display: 'grid', margin: 0, gap: 0, minWidth: 0 },
  row: {
    display: 'flex',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalXXS,
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'dotted',
    borderBlockEndColor: tokens.colorNeutralStroke2,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  danger: { color: tokens.colorPaletteRedForeground1 },
  strong: { fontWeight: tokens.fontWeightSemibold },
});

type Line = PurchaseOrder['lines'][number];

/** Which figures of a line are shown: ordered, received, rejected, open and invoiced always; cancelled once a close-short cancelled any. */
export function lineFigures(line: Line): Array<{ key: 'ordered' | 'received' | 'rejected' | 'cancelled' | 'open' | 'invoiced'; value: number }> {
  const out: ReturnType<typeof lineFigures> = [
    { key: 'ordered', value: line.quantity },
    { key: 'received', value: line.received_quantity },
    { key: 'rejected', value: line.rejected_quantity },
  ];
  if (line.cancelled_quantity > 0) out.push({ key: 'cancelled', value: line.cancelled_quantity });
  out.push({ key: 'open', value: openQuantity(line) }, { key: 'invoiced', value: line.invoiced_quantity });
  return out;
}

/** Where an order line stands, as stacked rows (ordered, received, rejected, open, invoiced), for both sides. */
export function LineQuantities({ line }: { line: Line }) {
  const styles = useStyles();
  const { t } = useTranslation('purchase-orders');
  const format = useFormat();
  return (
    <dl className={styles.list} data-testid="po-line-quantities">
      {lineFigures(line).map(({ key, value }) => (
        <div key={key} className={styles.row}>
          <dt className={styles.term}>{t(`quantities.${key}`)}</dt>
          <dd
            className={mergeClasses(styles.value, key === 'rejected' && value > 0 && styles.danger, key === 'open' && styles.strong)}
            data-testid={`po-line-${key}`}
            data-value={value}
          >
            {t('quantities.value', { quantity: format.number(value), unit: line.unit })}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What a close-short cancels: each line with something still open, and how much of it. */
export function CloseShortBody({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation('purchase-orders');
  const format = useFormat();
  const open = [...order.lines].sort((a, b) => a.position - b.position).filter((l) => openQuantity(l) > 0);
  return (
    <>
      <p>{t('confirm.close_short.body')}</p>
      {open.length > 0 && (
        <ul data-testid="close-short-lines">
          {open.map((l) => (
            <li key={l.id}>
              <bdi>{t('confirm.close_short.line', { position: format.number(l.position), description: l.description, quantity: format.number(openQuantity(l)), unit: l.unit })}</bdi>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
