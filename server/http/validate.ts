/**
 * Parses input with its shared zod schema; a failure becomes a 400 with the issues in
 * `details` (shared/errors.ts).
 */
import type { z } from 'zod';
import { fromZodError } from '../../shared/errors';

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}
