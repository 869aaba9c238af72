/** Category (GET /api/categories): reference data with a name in each language. */
import { z } from 'zod';
import { uuidSchema } from './common';

export const categorySchema = z.object({
  id: uuidSchema,
  slug: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  name_zh: z.string(),
  sort: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** A category named in a query: its id or its slug. */
export const categoryRefSchema = z.union([
  uuidSchema,
  z
    .string()
    .max(64)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
]);
