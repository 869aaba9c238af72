/**
 * Outside production every answer of a route with a response schema is checked against
 * that schema, so a test catches an answer drifting from what OpenAPI documents. The check
 * reads the very JSON text that is sent, as the client reads it (a Date is its ISO string,
 * a missing key stays missing), after the one serialization the answer gets anyway
 * (json-body.ts): checking costs a parse, never a second serialization. Production skips
 * it, where it would cost every answer a copy and the tests hold the documented shape.
 */
import type { Context } from 'koa';
import { z } from 'zod';
import { internalError } from '../../shared/errors';

interface Expected {
  schema: z.ZodType;
  where: string;
}

/** The answer this request sends is to match `schema` (route() calls it outside production). */
export function expectAnswer(ctx: Context, schema: z.ZodType, where: string): void {
  ctx.state.expectedAnswer = { schema, where } satisfies Expected;
}

/**
 * Fails an answer that does not match its route's response schema: a 500 whose message
 * and log name the route and zod's issues. `json` is the serialized answer.
 */
export function checkSentAnswer(ctx: Context, json: string | Buffer): void {
  const expected = ctx.state.expectedAnswer as Expected | undefined;
  if (!expected || ctx.status >= 400) return;
  const checked = expected.schema.safeParse(JSON.parse(json.toString()));
  if (checked.success) return;
  ctx.log?.error({ route: expected.where, issues: checked.error.issues }, 'the answer does not match its response schema');
  throw internalError(`The answer of ${expected.where} does not match its response schema: ${z.prettifyError(checked.error)}`);
}
