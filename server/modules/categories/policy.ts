/**
 * Who may see categories, and who receives their changes (server/db/policy.ts): reference
 * data for everyone; categoryQuery leaves out deleted ones.
 */
import { definePolicy } from '../../db/policy';

export const categoryPolicy = definePolicy<object>({
  entity: 'category',
  audience: [{ all: true }],
  rows: (db) => db('categories').whereNull('deleted_at').select('id'),
  visible: (q) => q,
});
