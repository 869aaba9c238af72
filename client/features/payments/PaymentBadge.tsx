/**
 * An invoice's payment status as a badge: as of today (withStatusOn: the synced row may be
 * from an earlier day, and an invoice turns overdue on a phone that stayed offline), for a
 * cleared invoice only, since only those are owed.
 */
import { useTranslation } from 'react-i18next';
import { withStatusOn } from '../../../shared/payments';
import { riyadhDay } from '../../../shared/riyadh';
import { isAccepted, type Invoice } from '../../../shared/schemas/invoice';
import { StatusBadge } from '../../ui/StatusBadge';
import { INVOICE_PAYMENT_TONE } from '../../ui/statusTones';

export function PaymentBadge({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation('payments');
  if (!invoice.payment || !isAccepted(invoice.status)) return null;
  const { status } = withStatusOn(invoice, riyadhDay(new Date())).payment!;
  return <StatusBadge label={t(`status.${status}`)} tone={INVOICE_PAYMENT_TONE[status]} status={status} testId="payment-status" />;
}
