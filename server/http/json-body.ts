/**
 * Serializes a JSON answer once. koa-compress compares ctx.response.length with its
 * threshold, and koa computes the length of an object body by serializing it; koa then
 * serializes it again to send it (or koa-compress does, to compress it). Turned into its
 * JSON text here, inside koa-compress, the body is serialized once and both read the text
 * and the Content-Length koa sets for it. The Content-Type stays application/json: koa
 * set it when the object was assigned, and a string body keeps a type already set.
 */
import type { Context, Next } from 'koa';

export function serializeJsonOnce() {
  return async function jsonOnce(ctx: Context, next: Next) {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object') return;
    const proto = Object.getPrototypeOf(body);
    if (Array.isArray(body) || proto === Object.prototype || proto === null) ctx.body = JSON.stringify(body);
  };
}
