/** How an RFQ's status shows: its badge tone (the status itself is shared/rfq.ts's rfqPhase at the reader's clock). */
import type { RfqStatus } from '../../../shared/schemas/rfq';
import type { StatusTone } from '../../ui/StatusBadge';

export const RFQ_TONE: Record<RfqStatus, StatusTone> = { open: 'brand', closed: 'warning', awarded: 'success', cancelled: 'subtle' };
