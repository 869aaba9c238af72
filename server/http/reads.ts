/**
 * Which database a read uses: the one place that sends reads to the replica
 * (db/replica.ts). A route declared `reads: 'replica'` (guests' catalogue and the public
 * open data) reads the replica when a guest asks and the replica serves; a signed-in
 * reader always reads the primary, so what they wrote is there when they read it back
 * (the replica may be a little behind), and every other route reads and writes the primary.
 *
 * A guest's choice is made once per request, so the catalogue's fast path and the route
 * behind it read the same database (a page cached from one is never checked against the
 * other's catalogue version), and counted once. A read the replica could not answer (it
 * went away between two checks) is read again on the primary, and the primary serves
 * until a check finds the replica healthy.
 */
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { isDatabaseUnavailable } from '../db/errors';

/** Where a route's reads may go: only `replica` is ever said; anything else reads the primary. */
export type Reads = 'replica';

function guestTarget(ctx: Context): 'replica' | 'primary' {
  if (!ctx.state.readTarget) {
    const replica = ctx.deps.replica;
    ctx.state.readTarget = replica && !replica.fallingBack ? 'replica' : 'primary';
    ctx.deps.metrics?.readServed(ctx.state.readTarget);
  }
  return ctx.state.readTarget;
}

/** The database a guest's catalogue read uses in this request (the fast path asks; it serves guests only). */
export function guestReads(ctx: Context): Knex {
  return guestTarget(ctx) === 'replica' ? ctx.deps.replica!.knex : ctx.deps.knex;
}

/** Runs a route's `read` on the database its `reads` and its reader choose. */
export async function withReads<T>(ctx: Context, reads: Reads | undefined, read: (knex: Knex) => Promise<T>): Promise<T> {
  if (!reads) return read(ctx.deps.knex);
  if (ctx.state.user) {
    ctx.deps.metrics?.readServed('primary');
    return read(ctx.deps.knex);
  }
  if (guestTarget(ctx) === 'primary') return read(ctx.deps.knex);
  try {
    return await read(ctx.deps.replica!.knex);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    ctx.deps.replica!.failed(err);
    ctx.state.readTarget = 'primary';
    // A catalogue version read on the replica says nothing of the primary's pages.
    ctx.state.catalogueVersion = undefined;
    ctx.deps.metrics?.readServed('primary');
    return read(ctx.deps.knex);
  }
}
