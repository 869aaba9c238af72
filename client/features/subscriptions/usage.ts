/**
 * Which of a plan's limits a role uses, and so which usage rows the plan card shows: a
 * supplier lists products, a contractor posts instant orders. A transport company, a
 * government entity or the platform's admin creates neither, so "0 of 10 products" would
 * only tell them to list something they never list.
 */
import type { Role } from '../../../shared/constants';

export type UsageRowKind = 'products' | 'instantOrders';

export function usageRowsOf(role: Role | undefined): UsageRowKind[] {
  if (role === 'supplier') return ['products'];
  if (role === 'contractor') return ['instantOrders'];
  return [];
}
