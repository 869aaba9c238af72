/**
 * The order's document over REST. The screens read goods receipts and disputes from the
 * local store (they are sync entities) and write them through the outbox, so a site with
 * no signal records them too; what the store does not hold is the order's PDF, which the
 * server renders from the kept order.
 */

/** The order as a bilingual document (Arabic first), for both its sides: opened, printed or downloaded. */
export const purchaseOrderPdfUrl = (purchaseOrderId: string): string => `/api/purchase-orders/${encodeURIComponent(purchaseOrderId)}/pdf`;
