/**
 * What the clients of outside services (ZATCA, the card gateway) share: a service's answer
 * is JSON or the service is treated as not answering, since a proxy's HTML error page or a
 * cut-off body says nothing about the request; and only a route declared to call out
 * (routeThenCall, route-shape.ts) may wait on one.
 */
import { assertMayCallOut } from './route-shape';

/** The body of `res` as JSON (an empty body is `{}`); anything else throws `unavailable`'s error. */
export async function jsonAnswer(res: Response, unavailable: (message: string) => Error): Promise<unknown> {
  assertMayCallOut(new URL(res.url || 'http://unknown').host);
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw unavailable(`answered ${res.status} without JSON`);
  }
}
