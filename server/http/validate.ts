/**
 * Parses input with its shared zod schema; a failure becomes a 400 with the issues in
 * `details` (see errors.ts).
 */
import type { z } from 'zod';
import { validationError } from './errors';

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
