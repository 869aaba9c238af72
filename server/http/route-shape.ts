/**
 * The two shapes of a route, and the rule between them: a route declared with route()
 * runs its service in a transaction and never waits on an outside service (ZATCA, the
 * card gateway); one that must (an invoice's clearance, a card payment, a plan's payment
 * or refund, ZATCA onboarding) is declared with routeThenCall(): it commits first and
 * calls the service after, writing what came back in a transaction of its own, so no
 * row lock is held for the seconds a network call can take and a lost answer leaves a
 * state the retry or the sweep can finish.
 *
 * Outside production each request runs under its route's shape, and an outside service's
 * client asks here before it reads an answer: from a route() it throws, so a test that
 * reaches the network through the wrong shape fails. Background work (the clearance
 * queue, the sweeps) runs under no route and may call out.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type RouteShape = 'route' | 'route-then-call';

export const currentShape = new AsyncLocalStorage<{ shape: RouteShape; route: string }>();

/**
 * Runs `work` under no route's shape: background work (a queue's drain) started from
 * inside a request would otherwise carry that request's shape into every call it makes,
 * for as long as it runs.
 */
export function outsideAnyRoute<T>(work: () => T): T {
  return currentShape.exit(work);
}

/** Throws when an outside service is called from a request declared with route(). */
export function assertMayCallOut(service: string): void {
  const current = currentShape.getStore();
  if (current?.shape === 'route') {
    throw new Error(`${current.route} called ${service}: a route that calls an outside service is declared with routeThenCall()`);
  }
}
