/** The badge tone of each invoice status: waiting for ZATCA, cleared or reported (accepted), refused. */
import type { InvoiceStatus } from '../../../shared/schemas/invoice';
import type { StatusTone } from '../../ui/StatusBadge';

export const INVOICE_TONE: Record<InvoiceStatus, StatusTone> = {
  pending: 'warning',
  cleared: 'success',
  reported: 'success',
  rejected: 'danger',
};
