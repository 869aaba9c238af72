/**
 * The public catalogue read by /services before anyone signs in: the first page of
 * products and the open transport requests, each with its total (X-Total-Count).
 */
import { PUBLIC_PRODUCTS_LIMIT, PUBLIC_TRANSPORT_LIMIT } from '../../../shared/constants';
import { productSchema } from '../../../shared/schemas/product';
import { transportRequestSchema } from '../../../shared/schemas/transport-request';
import { api } from './client';
import type { ProductListItem, TransportRequestListItem } from '../types';
import { useRemote } from '../useRemote';

export interface Page<T> {
  items: T[];
  total: number;
  /** More match than `total` (a capped search): shown as "total+". */
  capped?: boolean;
}

/** Category names come in the reader's language, so the list reloads when it changes. */
export function usePublicProducts(language: string, search?: string) {
  return useRemote<Page<ProductListItem>>(async () => {
    const { data, total, totalCapped } = await api.get<unknown>('/api/products', {
      limit: PUBLIC_PRODUCTS_LIMIT,
      search,
    });
    const items = productSchema.array().parse(data);
    return { items, total: total ?? items.length, ...(totalCapped ? { capped: true } : {}) };
  }, [language, search]);
}

export function usePublicTransportRequests() {
  return useRemote<Page<TransportRequestListItem>>(async () => {
    const { data, total } = await api.get<unknown>('/api/transport-requests', {
      limit: PUBLIC_TRANSPORT_LIMIT,
    });
    const items = transportRequestSchema.array().parse(data);
    return { items: items.slice(0, PUBLIC_TRANSPORT_LIMIT), total: total ?? items.length };
  }, []);
}
