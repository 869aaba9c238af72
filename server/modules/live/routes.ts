import Router from '@koa/router';
import { PassThrough } from 'node:stream';
import { route } from '../../http/route';
import { unauthenticated } from '../../../shared/errors';
import { foregroundSchema, liveQuerySchema } from '../../../shared/push';
import { setForeground } from '../push/service';
import { hashSessionId, type LiveStream } from './hub';
import { sessionIdOf } from '../../auth/session-id';

export function liveRouter(): Router {
  const router = new Router();

  route(
    router,
    {
      method: 'get',
      path: '/api/live',
      summary:
        'Server-Sent Events: `change` after each commit that touched what this user may see (pull then), `end` when the session ends; a comment line every 25 s',
      tag: 'live',
      access: 'user',
      query: liveQuerySchema,
    },
    async ({ ctx, user, query }) => {
      const hub = ctx.deps.live!;
      const sessionId = sessionIdOf(ctx);
      if (!sessionId) throw unauthenticated();
      await hub.start();
      const body = new PassThrough();
      const stream: LiveStream = {
        userId: user.id,
        accountId: user.account_id,
        role: user.role,
        sessionHash: hashSessionId(sessionId),
        deviceId: query.device_id,
        write: (chunk) => {
          if (!body.writableEnded) body.write(chunk);
        },
        end: () => body.end(),
      };
      hub.add(stream);
      body.on('close', () => hub.remove(stream));
      ctx.req.on('close', () => {
        hub.remove(stream);
        body.destroy();
      });
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.req.socket.setKeepAlive(true);
      // Never compressed or buffered: each event must leave at once.
      ctx.compress = false;
      ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
      ctx.set('Cache-Control', 'no-store');
      ctx.set('X-Accel-Buffering', 'no');
      // The client reconnects itself, with backoff; a browser's own retry waits this long.
      body.write('retry: 5000\n: open\n\n');
      return body;
    },
  );

  route(
    router,
    { method: 'post', path: '/api/live/foreground', summary: 'The item this device shows now (no push about it), or null when hidden', tag: 'live', access: 'user', body: foregroundSchema, status: 204 },
    ({ knex, user, body }) => setForeground(knex, user, body.device_id, body.path),
  );

  return router;
}
