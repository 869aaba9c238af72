/**
 * Instant orders and offers from the local store. What is there depends on the role
 * (server/modules/instant-orders/queries.ts decides the sync audiences): a contractor
 * holds their own orders and the offers on them; a supplier holds every order (with
 * my_response) and their own offers.
 */
import { useLiveQuery } from '../../data/local/useLiveQuery';
import { useEffect, useState } from 'react';
import type { InstantOrder } from '../../../shared/schemas/instant-order';
import type { InstantOrderResponse } from '../../../shared/schemas/instant-order-response';
import { rowKey, type RowKey } from '../../data/db/schema';
import { useLocalData } from '../../data/local/DataProvider';
import { newestFirst } from './status';

export const orderKey = (id: string): RowKey => rowKey('instant_order', id);
export const offerKey = (id: string): RowKey => rowKey('instant_order_response', id);

export interface OrderWithOffers {
  order: InstantOrder;
  offers: InstantOrderResponse[];
}

/** A contractor's own orders, newest first, each with the offers received (cheapest first). */
export function useContractorOrders(userId: string): OrderWithOffers[] | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const orders = (await db.instant_orders.where('contractor_id').equals(userId).toArray()).sort(newestFirst);
    const offers = await db.offers.where('instant_order_id').anyOf(orders.map((o) => o.id)).toArray();
    return orders.map((order) => ({
      order,
      offers: offers.filter((o) => o.instant_order_id === order.id).sort((a, b) => a.offered_price - b.offered_price),
    }));
  }, [db, userId]);
}

export interface SupplierView {
  orders: InstantOrder[];
  /** This supplier's offers by order id. */
  mine: Map<string, InstantOrderResponse>;
}

/** Every order a supplier holds, and their own offers. */
export function useSupplierOrders(userId: string): SupplierView | undefined {
  const { db } = useLocalData();
  return useLiveQuery(async () => {
    const [orders, offers] = await Promise.all([db.instant_orders.toArray(), db.offers.where('supplier_id').equals(userId).toArray()]);
    const mine = new Map(offers.map((o) => [o.instant_order_id, o]));
    for (const order of orders) if (order.my_response && !mine.has(order.id)) mine.set(order.id, order.my_response);
    return { orders, mine };
  }, [db, userId]);
}

/** The time now, refreshed every `everyMs`, so an order turns expired on screen when its time comes. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
