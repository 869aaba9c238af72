/**
 * Declares an API route once: its method and path, who may call it, the shared zod
 * schemas of its body, query and answer, and a handler of a few lines. The same
 * declaration feeds the Koa router and GET /api/openapi.json, so the documentation cannot
 * drift; outside production every answer is also checked against its response schema (as
 * the client will parse it, after JSON), so a test that calls the route fails on an answer
 * that drifted from what the documentation and the client expect.
 */
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { TOTAL_COUNT_CAPPED_HEADER, TOTAL_COUNT_HEADER } from '../../shared/constants';
import type { SessionUser } from '../auth/session-user';
import { assertAdmin, assertUser } from '../auth/guards';
import { accountDeleted } from '../../shared/errors';
import { expectAnswer } from './answer-check';
import { currentShape, type RouteShape } from './route-shape';
import { parse } from './validate';
import { withReads, type Reads } from './reads';

export type Access = 'public' | 'user' | 'admin';
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: B;
  query?: Q;
  response?: z.ZodType;
  /** success status; 200 unless said */
  status?: number;
  /** 'replica': a guest's read may be served by the read replica, a little behind (http/reads.ts); GETs only */
  reads?: Reads;
}

interface RouteInput<B, Q, U> {
  ctx: Context;
  user: U;
  body: B;
  query: Q;
  params: Record<string, string>;
  knex: Knex;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserOf<A extends Access> = A extends 'public' ? SessionUser | undefined : SessionUser;

export const registry: RouteSpec<z.ZodType | undefined, z.ZodType | undefined>[] = [];

const uuid = z.uuid();
/** A write without a body schema takes no fields: an empty object or no body at all. */
const noBody = z.strictObject({});

type Handler<B, Q, A extends Access> = (input: RouteInput<Out<B>, Out<Q>, UserOf<A>>) => unknown;

/**
 * The first shape: parse, check who asks, one service function in a transaction, its
 * answer. It never waits on an outside service (route-shape.ts).
 */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, A extends Access = Access>(
  router: Router,
  spec: RouteSpec<B, Q> & { access: A },
  // The handler's answer, or a promise of it.
  handler: Handler<B, Q, A>,
): void {
  declare(router, spec, handler, 'route');
}

/**
 * The second shape: a write that commits and then calls an outside service (ZATCA, the
 * card gateway), or reads one and then commits what it said. The handler gets the pool,
 * not a transaction: its service commits what must stand whatever the service answers,
 * calls it outside any transaction, and writes what came back in a short transaction of
 * its own; a failure after the commit leaves a state its retry or a sweep finishes.
 */
export function routeThenCall<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, A extends Access = Access>(
  router: Router,
  spec: RouteSpec<B, Q> & { access: A },
  handler: Handler<B, Q, A>,
): void {
  declare(router, spec, handler, 'route-then-call');
}

function declare<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, A extends Access>(
  router: Router,
  spec: RouteSpec<B, Q> & { access: A },
  handler: Handler<B, Q, A>,
  shape: RouteShape,
): void {
  if (!registry.some((r) => r.method === spec.method && r.path === spec.path)) registry.push(spec as never);
  if (spec.reads && spec.method !== 'get') throw new Error(`${spec.path}: only a GET reads the replica (it takes no writes)`);
  const where = `${spec.method.toUpperCase()} ${spec.path}`;
  const koaPath = spec.path.replace(/\{(\w+)\}/g, ':$1');
  router[spec.method](koaPath, async (ctx: Context) => {
    // A deleted account's session says so, so that its device drops its local copy (account/deletion.ts).
    if (spec.access !== 'public' && ctx.state.accountDeleted) throw accountDeleted();
    const user = spec.access === 'admin' ? assertAdmin(ctx.state.user) : spec.access === 'user' ? assertUser(ctx.state.user) : ctx.state.user;
    const params = (ctx as unknown as { params: Record<string, string> }).params ?? {};
    // Ids in paths are UUIDs; anything else can only be a missing object.
    for (const [k, v] of Object.entries(params)) {
      if ((k === 'id' || k.endsWith('_id')) && !uuid.safeParse(v).success) {
        ctx.throw(404);
      }
    }
    const body = spec.body ? parse(spec.body, ctx.request.body ?? {}) : undefined;
    if (!spec.body && spec.method !== 'get') parse(noBody, ctx.request.body ?? {});
    const query = spec.query ? parse(spec.query, ctx.query) : undefined;
    const input = (knex: Knex) => ({ ctx, user: user as UserOf<A>, body: body as Out<B>, query: query as Out<Q>, params, knex });
    // Outside production the handler runs under its shape, which outside services' clients check.
    const checking = ctx.deps.config.env !== 'production';
    const result = await withReads(ctx, spec.reads, async (knex) => (checking ? currentShape.run({ shape, route: where }, () => handler(input(knex))) : handler(input(knex))));
    const [status, answer] = result instanceof WithStatus ? [result.status, result.body ?? null] : [spec.status ?? 200, result ?? null];
    if (spec.response && checking) expectAnswer(ctx, spec.response, where);
    ctx.status = status;
    ctx.body = answer;
  });
}

/**
 * A handler's answer whose status depends on what happened: a submission that creates a
 * row answers 201, the same submission updating it (one bid per contractor and project)
 * or replaying a client-chosen id answers 200. `spec.status` stays the documented one.
 */
export class WithStatus {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** 201 when `created`, else 200. */
export const createdOrOk = (created: boolean, body: unknown) => new WithStatus(created ? 201 : 200, body);

/**
 * Sends a list with its total in X-Total-Count; a capped total (more
 * rows match than the list goes through) also sends X-Total-Count-Capped: true.
 */
export function listResult<T>(ctx: Context, page: { items: T[]; total: number; capped?: boolean }): T[] {
  ctx.set(TOTAL_COUNT_HEADER, String(page.total));
  if (page.capped) ctx.set(TOTAL_COUNT_CAPPED_HEADER, 'true');
  ctx.set('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, ${TOTAL_COUNT_CAPPED_HEADER}`);
  return page.items;
}
