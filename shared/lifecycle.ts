/**
 * The status machines, as data: for each entity, which status may
 * follow which, who may make the move and through which action. The server asks
 * `canTransition` before it changes a status (anything else is 409 invalid_transition);
 * the client asks `nextStatuses` / `actionsFor` which buttons to show.
 *
 * Actors are relative to the entity, so one vocabulary serves every machine:
 * - owner:    who created the entity, or for a bid or offer, who created what it is on
 *             (a project's government, an order's contractor, a request's requester);
 * - author:   who wrote a bid or an offer (the contractor, supplier or transport company);
 * - assignee: the transport company whose offer a request accepted;
 * - system:   the server itself (expiry), never a person.
 *
 * When one entity's move forces another's (awarding a bid rejects the others, cancelling
 * an order rejects its offers), the forced move is listed as a cascade of that action.
 *
 * Conditions beyond the status (a bid only before the project's deadline, a bid withdrawn
 * only while its project is open, an order expiring at its deadline) are the services'.
 * Subscriptions are plan changes rather than a status machine; their rules live in the
 * subscriptions service.
 */
import {
  BID_STATUSES,
  INSTANT_ORDER_RESPONSE_STATUSES,
  INSTANT_ORDER_STATUSES,
  PROJECT_STATUSES,
  TRANSPORT_OFFER_STATUSES,
  TRANSPORT_REQUEST_STATUSES,
  type BidStatus,
  type InstantOrderResponseStatus,
  type InstantOrderStatus,
  type ProjectStatus,
  type TransportOfferStatus,
  type TransportRequestStatus,
} from './constants';

export const ACTORS = ['owner', 'author', 'assignee', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

interface Transition<S extends string> {
  from: readonly S[];
  to: S;
  actor: Actor;
  /** The action that makes the move: also the name of its button and of its route. */
  action: string;
  /**
   * The move happens as a consequence of `action` on another entity (the other bids are
   * rejected when one is awarded): the server makes it, no button offers it.
   */
  cascade?: true;
}

interface Lifecycle<S extends string> {
  statuses: readonly S[];
  initial: S;
  /** The status in which the entity accepts bids or offers, if it takes any. */
  openFor?: S;
  transitions: readonly Transition<S>[];
}

const project: Lifecycle<ProjectStatus> = {
  statuses: PROJECT_STATUSES,
  initial: 'open',
  openFor: 'open',
  transitions: [
    { from: ['open'], to: 'in_progress', actor: 'owner', action: 'award' },
    { from: ['in_progress'], to: 'completed', actor: 'owner', action: 'complete' },
    { from: ['open', 'in_progress'], to: 'cancelled', actor: 'owner', action: 'cancel' },
  ],
};

const bid: Lifecycle<BidStatus> = {
  statuses: BID_STATUSES,
  initial: 'submitted',
  transitions: [
    { from: ['submitted'], to: 'accepted', actor: 'owner', action: 'award' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'award', cascade: true },
    { from: ['submitted'], to: 'withdrawn', actor: 'author', action: 'withdraw' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'cancel', cascade: true },
  ],
};

const instantOrder: Lifecycle<InstantOrderStatus> = {
  statuses: INSTANT_ORDER_STATUSES,
  initial: 'active',
  openFor: 'active',
  transitions: [
    { from: ['active'], to: 'fulfilled', actor: 'owner', action: 'accept' },
    { from: ['active'], to: 'cancelled', actor: 'owner', action: 'cancel' },
    { from: ['active'], to: 'expired', actor: 'system', action: 'expire' },
  ],
};

const instantOrderResponse: Lifecycle<InstantOrderResponseStatus> = {
  statuses: INSTANT_ORDER_RESPONSE_STATUSES,
  initial: 'submitted',
  transitions: [
    { from: ['submitted'], to: 'accepted', actor: 'owner', action: 'accept' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'accept', cascade: true },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'cancel', cascade: true },
    { from: ['submitted'], to: 'rejected', actor: 'system', action: 'expire', cascade: true },
  ],
};

const transportRequest: Lifecycle<TransportRequestStatus> = {
  statuses: TRANSPORT_REQUEST_STATUSES,
  initial: 'pending',
  openFor: 'pending',
  transitions: [
    { from: ['pending'], to: 'assigned', actor: 'owner', action: 'accept' },
    { from: ['assigned'], to: 'in_transit', actor: 'assignee', action: 'start_transit' },
    { from: ['in_transit'], to: 'delivered', actor: 'assignee', action: 'deliver' },
    { from: ['pending', 'assigned'], to: 'cancelled', actor: 'owner', action: 'cancel' },
    // The driver carrying it was removed from the company: the job is the company's to give again.
    { from: ['in_transit'], to: 'assigned', actor: 'system', action: 'remove_driver', cascade: true },
  ],
};

const transportOffer: Lifecycle<TransportOfferStatus> = {
  statuses: TRANSPORT_OFFER_STATUSES,
  initial: 'submitted',
  transitions: [
    { from: ['submitted'], to: 'accepted', actor: 'owner', action: 'accept' },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'accept', cascade: true },
    { from: ['submitted'], to: 'rejected', actor: 'owner', action: 'cancel', cascade: true },
  ],
};

export const LIFECYCLES = {
  project,
  bid,
  instant_order: instantOrder,
  instant_order_response: instantOrderResponse,
  transport_request: transportRequest,
  transport_offer: transportOffer,
};

export type LifecycleEntity = keyof typeof LIFECYCLES;
export type StatusOf<E extends LifecycleEntity> = (typeof LIFECYCLES)[E]['statuses'][number];

function transitionsOf<E extends LifecycleEntity>(entity: E): readonly Transition<StatusOf<E>>[] {
  return LIFECYCLES[entity].transitions as readonly Transition<StatusOf<E>>[];
}

/** Whether `actor` may move `entity` from `from` to `to`. */
export function canTransition<E extends LifecycleEntity>(
  entity: E,
  from: StatusOf<E>,
  to: StatusOf<E>,
  actor: Actor,
): boolean {
  return transitionsOf(entity).some((t) => t.to === to && t.actor === actor && t.from.includes(from));
}

/** The statuses `actor` may move `entity` to from `from`, in the order of the machine. */
export function nextStatuses<E extends LifecycleEntity>(entity: E, from: StatusOf<E>, actor: Actor): StatusOf<E>[] {
  const next: StatusOf<E>[] = [];
  for (const t of transitionsOf(entity)) {
    if (t.actor === actor && t.from.includes(from) && !next.includes(t.to)) next.push(t.to);
  }
  return next;
}

/** The actions (buttons) `actor` has on `entity` in status `from`; cascades are not buttons. */
export function actionsFor<E extends LifecycleEntity>(entity: E, from: StatusOf<E>, actor: Actor): string[] {
  const actions: string[] = [];
  for (const t of transitionsOf(entity)) {
    if (t.cascade || t.actor !== actor || !t.from.includes(from)) continue;
    if (!actions.includes(t.action)) actions.push(t.action);
  }
  return actions;
}

/** Whether `entity` in `status` still takes bids or offers (project open, order active, request pending). */
export function acceptsSubmissions<E extends LifecycleEntity>(entity: E, status: StatusOf<E>): boolean {
  const openFor: string | undefined = LIFECYCLES[entity].openFor;
  return openFor !== undefined && openFor === status;
}
