/** The badge tone of each invoice status: waiting for ZATCA, cleared, refused. */
import type { InvoiceStatus } from '../../../shared/schemas/invoice';
import type { StatusTone } from '../../ui/StatusBadge';

export const INVOICE_TONE: Record<InvoiceStatus, StatusTone> = {
  pending: 'warning',
  cleared: 'success',
  rejected: 'danger',
};
