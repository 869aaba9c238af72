/**
 * When an instant order stops taking offers, computed the same way by the server (which
 * stores expires_at), the device (which writes it into the order it creates offline) and
 * both readers: an order expires at its delivery deadline, or ORDER_DEFAULT_EXPIRY_DAYS
 * after it was created without one, and an active order whose time has come is expired at
 * once, before any sweep writes it down. `now` is always the caller's clock (the app's on
 * the server, so the test clock moves it), never read here.
 *
 * The server's SQL twin of isOverdue (server/db/time-rules.ts) is held
 * equal to it by a test on the database.
 */
import { ORDER_DEFAULT_EXPIRY_DAYS } from './constants';
import type { InstantOrderStatus } from './lifecycles/instant-orders';

const DAY_MS = 24 * 60 * 60 * 1000;

type Moment = Date | string | number;
const ms = (at: Moment): number => (typeof at === 'number' ? at : new Date(at).getTime());

/** expires_at of an order created at `createdAt`: its delivery deadline, or 7 days on without one (ISO). */
export function instantOrderExpiry(createdAt: Moment, deadline?: Date | string | null): string {
  return deadline ? new Date(deadline).toISOString() : new Date(ms(createdAt) + ORDER_DEFAULT_EXPIRY_DAYS * DAY_MS).toISOString();
}

interface ExpiringOrder {
  status: InstantOrderStatus;
  expires_at: Moment;
}

/** An active order whose expires_at has come (at `now` or before) is overdue: expired, written down yet or not. */
export const isOverdue = (order: ExpiringOrder, now: Moment): boolean => order.status === 'active' && ms(order.expires_at) <= ms(now);

/** The status an order has at `now`: an overdue active order is expired. */
export const orderStatusAt = (order: ExpiringOrder, now: Moment): InstantOrderStatus => (isOverdue(order, now) ? 'expired' : order.status);
