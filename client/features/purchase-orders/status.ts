/** The badge tone of each purchase-order status. */
import type { PurchaseOrderStatus } from '../../../shared/schemas/purchase-order';
import type { StatusTone } from '../../ui/StatusBadge';

export const PO_TONE: Record<PurchaseOrderStatus, StatusTone> = {
  issued: 'brand',
  accepted: 'success',
  declined: 'danger',
  delivered: 'informative',
  closed: 'subtle',
  cancelled: 'danger',
};
