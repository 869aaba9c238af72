/**
 * How long an idle kept-alive connection stays open. A client that reuses a connection
 * just as the server closes it gets ECONNRESET for a request the server never read, and a
 * client or proxy that keeps connections longer than the server meets that race on every
 * pause of its own: load balancers keep them about 60 s, and some HTTP clients ignore the
 * `Keep-Alive: timeout` hint altogether (Playwright's request client does). Node's default
 * is 5 s; the server outlasts them instead, so the side that closes is the client.
 */
import type { Server } from 'node:http';

export const KEEP_ALIVE_SECONDS = 65;

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_SECONDS * 1000;
  // A request's headers may take as long as an idle connection lasts, and a little more.
  server.headersTimeout = (KEEP_ALIVE_SECONDS + 1) * 1000;
  return server;
}
