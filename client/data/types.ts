/**
 * Shapes the client reads from the API: the row types of shared/schemas (one source of
 * truth, imported as types only so no zod reaches the landing bundle), plus the few
 * fields that list reads add.
 */
export type { Role, VerificationTier } from '../../shared/constants';
export type { Me as SessionUser } from '../../shared/schemas/user';
export type { Profile } from '../../shared/schemas/profile';
export type { Notification as NotificationItem } from '../../shared/schemas/notification';
import type { Product } from '../../shared/schemas/product';
import type { TransportRequest } from '../../shared/schemas/transport-request';

/** GET /api/products rows (with supplier name, tier and category name filled by the server). */
export type ProductListItem = Product;
export type TransportRequestListItem = TransportRequest;
