/**
 * One page of a list query and its total (newest first, limit/offset,
 * the total in X-Total-Count). The caller builds the filtered query without ordering; the
 * total is counted on the same filter, so the two can never disagree about what matches.
 */
import type { Knex } from 'knex';

/**
 * The lists' usual order, by the columns the list query outputs: newest first, and by id
 * among rows made in the same instant, so a page never repeats or skips a row.
 */
export const NEWEST_FIRST = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'desc' as const },
];

export interface Page<T> {
  items: T[];
  total: number;
  /**
   * The list stops at `total` although more rows match (a bounded catalogue search): sent
   * as X-Total-Count-Capped: true, so a client shows "more than `total`".
   */
  capped?: boolean;
}

export async function page<T>(
  query: Knex.QueryBuilder,
  opts: { limit: number; offset: number; orderBy: Array<{ column: string; order: 'asc' | 'desc' }> },
): Promise<Page<T>> {
  // Sequential on purpose: PGlite has one connection, and inside a transaction knex
  // queues on it anyway.
  const counted = await query.clone().clearSelect().clearOrder().count<{ count: number | string }[]>('* as count');
  const total = Number(counted[0]?.count ?? 0);
  const items = total > opts.offset ? ((await query.clone().orderBy(opts.orderBy).limit(opts.limit).offset(opts.offset)) as T[]) : [];
  return { items, total };
}

/** A search term for ILIKE: its wildcards escaped, wrapped in %. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
