import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorMiddleware } from './errors';
import { serializeJsonOnce } from './json-body';
import { jsonAnswer } from './outbound';
import { route, routeThenCall } from './route';

/** An app with two routes of each shape, the error middleware and the answer's one serialization (where the check reads it), in `env`. */
function app(env: 'test' | 'production') {
  const koa = new Koa();
  koa.use(errorMiddleware());
  koa.use(serializeJsonOnce());
  koa.use(async (ctx, next) => {
    ctx.deps = { config: { env }, knex: null } as never;
    await next();
  });
  const router = new Router();
  const answer = z.object({ id: z.uuid(), at: z.iso.datetime() });
  const outside = async () => jsonAnswer(new Response('{"ok":true}'), (m) => new Error(m));
  route(router, { method: 'get', path: '/api/probe/right', summary: '', tag: 'probe', access: 'public', response: answer }, () => ({ id: crypto.randomUUID(), at: new Date() }));
  route(router, { method: 'get', path: '/api/probe/drifted', summary: '', tag: 'probe', access: 'public', response: answer }, () => ({ id: 'not-a-uuid', at: new Date() }));
  route(router, { method: 'get', path: '/api/probe/calls-out', summary: '', tag: 'probe', access: 'public' }, outside);
  routeThenCall(router, { method: 'get', path: '/api/probe/commits-then-calls', summary: '', tag: 'probe', access: 'public' }, outside);
  koa.use(router.routes());
  return koa;
}

async function listen(koa: Koa) {
  const server = http.createServer(koa.callback());
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { get: async (path: string) => fetch(`${url}${path}`).then(async (r) => ({ status: r.status, body: await r.json() })), close: () => new Promise((done) => server.close(done)) };
}

describe('route()', () => {
  let test: Awaited<ReturnType<typeof listen>>;
  let production: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    test = await listen(app('test'));
    production = await listen(app('production'));
  });
  afterAll(async () => {
    await test.close();
    await production.close();
  });

  it('answers what matches its response schema, read as JSON (a Date as its ISO string)', async () => {
    expect((await test.get('/api/probe/right')).status).toBe(200);
  });

  it('fails outside production with a 500 naming the route and the field when the answer drifted from its schema', async () => {
    const res = await test.get('/api/probe/drifted');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal_error');
    expect(res.body.error).toContain('GET /api/probe/drifted');
    expect(res.body.error).toContain('id');
  });

  it('does not check answers in production', async () => {
    expect(await production.get('/api/probe/drifted')).toMatchObject({ status: 200, body: { id: 'not-a-uuid' } });
  });

  it('refuses outside production an outside service called from route(); routeThenCall() may call one', async () => {
    const wrong = await test.get('/api/probe/calls-out');
    expect(wrong.status).toBe(500);
    expect((await test.get('/api/probe/commits-then-calls')).body).toEqual({ ok: true });
    expect((await production.get('/api/probe/calls-out')).status).toBe(200);
  });
});
