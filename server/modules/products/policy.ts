/**
 * Who may see products, and who receives their changes (server/db/policy.ts). The
 * catalogue is public: only deletion (of the product or its supplier) hides a product,
 * and productQuery already leaves those out.
 */
import { definePolicy } from '../../db/policy';

export const productPolicy = definePolicy<object>({
  entity: 'product',
  audience: [{ all: true }],
  rows: (db) => db('products').whereNull('deleted_at').select('id'),
  visible: (q) => q,
});
