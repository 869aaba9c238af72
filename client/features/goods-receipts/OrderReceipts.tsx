import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PurchaseOrder } from '../../../shared/schemas/purchase-order';
import { useFormat } from '../../i18n/format';
import { CARD_SURFACE } from '../../ui/ItemCard';
import { PendingBadge } from '../../ui/PendingBadge';
import { RefusalNote } from '../../ui/RefusalNote';
import { OrderPhotos } from './OrderPhotos';
import { goodsReceiptKey, useOrderReceipts, type ShownReceipt } from './queries';

const useStyles = makeStyles({
  section: { display: 'grid', gap: tokens.spacingVerticalS, ...CARD_SURFACE },
  h2: { margin: 0, fontSize: tokens.fontSizeBase500 },
  list: { display: 'grid', gap: tokens.spacingVerticalM, margin: 0, padding: 0, listStyleType: 'none' },
  receipt: {
    display: 'grid',
    gap: tokens.spacingVerticalXS,
    paddingBlockEnd: tokens.spacingVerticalS,
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: tokens.colorNeutralStroke2,
    overflowWrap: 'anywhere',
  },
  head: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', fontWeight: tokens.fontWeightSemibold },
  lines: { display: 'grid', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyleType: 'none' },
  line: { display: 'grid', gap: tokens.spacingVerticalXXS },
  rejected: { color: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
  note: { margin: 0, whiteSpace: 'pre-line' },
});

/**
 * The receipts of an order, newest first, for both sides: when and by whom the goods were
 * counted, per line what was received and what of it rejected (why, with photos), the
 * note; one saved on this device and not yet sent is marked as waiting to sync.
 */
export function OrderReceipts({ order }: { order: PurchaseOrder }) {
  const styles = useStyles();
  const { t } = useTranslation('receipts');
  const receipts = useOrderReceipts(order);
  if (!receipts?.length) return null;
  return (
    <section className={styles.section} aria-labelledby="po-receipts" data-testid="po-receipts">
      <h2 id="po-receipts" className={styles.h2}>
        {t('list.title', { count: receipts.length })}
      </h2>
      <ul className={styles.list}>
        {receipts.map((r) => (
          <Receipt key={r.id} receipt={r} />
        ))}
      </ul>
    </section>
  );
}

function Receipt({ receipt }: { receipt: ShownReceipt }) {
  const styles = useStyles();
  const { t } = useTranslation('receipts');
  const format = useFormat();
  const lines = [...receipt.lines].sort((a, b) => a.position - b.position);
  return (
    <li className={styles.receipt} data-testid="receipt" data-receipt-id={receipt.id} data-pending={receipt.pending || undefined}>
      <span className={styles.head}>
        <span>{format.dateTime(receipt.received_at)}</span>
        {receipt.pending && <PendingBadge />}
      </span>
      <Caption1 className={styles.muted} data-testid="receipt-by">
        {t('list.by', { name: receipt.received_by_name ?? t('list.someone') })}
      </Caption1>
      <ul className={styles.lines}>
        {lines.map((l) => (
          <li key={l.id} className={styles.line} data-testid="receipt-line">
            <span>
              <bdi>{t('list.line', { position: format.number(l.position), description: l.description })}</bdi>
            </span>
            <span data-testid="receipt-line-received">{t('list.received', { quantity: format.number(l.received_quantity), unit: l.unit })}</span>
            {l.rejected_quantity > 0 && (
              <span className={styles.rejected} data-testid="receipt-line-rejected">
                {t('list.rejected', {
                  quantity: format.number(l.rejected_quantity),
                  unit: l.unit,
                  reason: l.rejection_reason ? t(`reasons.${l.rejection_reason}`) : '',
                })}
              </span>
            )}
            <OrderPhotos purchaseOrderId={receipt.purchase_order_id} photoIds={l.photo_ids} testId="receipt-photo" />
          </li>
        ))}
      </ul>
      {receipt.note && (
        <p className={styles.note} data-testid="receipt-note">
          <bdi>{receipt.note}</bdi>
        </p>
      )}
      <RefusalNote rowKey={goodsReceiptKey(receipt.id)} />
    </li>
  );
}
