/**
 * The status machines, as data, in one shape: for each entity its states, which state may
 * follow which, who may make the move and through which action, and where it ends. Each
 * machine is written once (shared/lifecycles/) and everything else is read from it: the
 * status schema is `z.enum` of its states, the database's CHECK list equals its stored
 * states (server/db/check-lists.test.ts), the server asks `assertTransition` before it
 * changes a status and the screens ask `actionsFor` which buttons to show.
 *
 * Actors are relative to the entity. The marketplace machines share one vocabulary (ACTORS):
 * - owner:    who created the entity, or for a bid or offer, who created what it is on
 *             (a project's government, an order's contractor, a request's requester);
 * - author:   who wrote a bid or an offer (the contractor, supplier or transport company);
 * - assignee: the transport company whose offer a request accepted;
 * - system:   the server itself (expiry, ZATCA's answer, a sweep), never a person.
 * Machines between two named parties say them instead (a purchase order's buyer and
 * seller, a delivery's driver and requester, a payment's payee).
 *
 * When one entity's move forces another's (awarding a bid rejects the others, cancelling
 * an order rejects its offers), the forced move is listed as a cascade of that action.
 *
 * Conditions beyond the status (a bid only before the project's deadline, an order not
 * cancellable once paid, an order expiring at its deadline) are the services'.
 */
import { AppError, type ErrorCode } from './errors';

export const ACTORS = ['owner', 'author', 'assignee', 'system'] as const;
export type Actor = (typeof ACTORS)[number];

interface Transition<S extends string, A extends string> {
  from: readonly S[];
  to: S;
  actor: A;
  /** The action that makes the move: also the name of its button and of its route. */
  action: string;
  /**
   * The move happens as a consequence of `action` on another entity (the other bids are
   * rejected when one is awarded): the server makes it, no button offers it.
   */
  cascade?: true;
}

export interface Lifecycle<S extends string, A extends string = Actor> {
  /** Every state, in the order a screen lists them; the status schema is z.enum of these. */
  states: readonly S[];
  initial: S;
  /** The states no move leaves. */
  terminal: readonly S[];
  /**
   * States shown but never stored, computed from a stored one and the clock (an open RFQ
   * past its closing time is closed): the database's CHECK list leaves them out.
   */
  derived?: readonly S[];
  /** The state in which the entity accepts bids, offers or quotes, if it takes any. */
  openFor?: S;
  transitions: readonly Transition<S, A>[];
}

/** Any machine, for the functions below that read every one alike. */
type AnyLifecycle = Lifecycle<string, any>;
type StateOf<L extends AnyLifecycle> = L['states'][number];
type ActorOf<L extends AnyLifecycle> = L['transitions'][number]['actor'];

/** The states the database keeps: all but the derived ones (the CHECK list of the status column). */
export const storedStates = <L extends AnyLifecycle>(lc: L): StateOf<L>[] => lc.states.filter((s) => !lc.derived?.includes(s));

/** Whether `actor` may move an entity of `lc` from `from` to `to`. */
export function canTransition<L extends AnyLifecycle>(lc: L, from: StateOf<L>, to: StateOf<L>, actor: ActorOf<L>): boolean {
  return lc.transitions.some((t) => t.to === to && t.actor === actor && t.from.includes(from));
}

/**
 * The one refusal of a move the machine does not allow: the caller names it, by its code
 * (else invalid_transition) and an English message for logs and old clients, or by the
 * named factory of shared/errors.ts that builds it.
 */
export function assertTransition<L extends AnyLifecycle>(
  lc: L,
  from: StateOf<L>,
  to: StateOf<L>,
  actor: ActorOf<L>,
  refusal: { code?: ErrorCode; message: string } | (() => AppError),
): void {
  if (canTransition(lc, from, to, actor)) return;
  throw typeof refusal === 'function' ? refusal() : new AppError(refusal.code ?? 'invalid_transition', refusal.message);
}

/** The states `actor` may move an entity of `lc` to from `from`, in the order of the machine. */
export function nextStatuses<L extends AnyLifecycle>(lc: L, from: StateOf<L>, actor: ActorOf<L>): StateOf<L>[] {
  const next: StateOf<L>[] = [];
  for (const t of lc.transitions) {
    if (t.actor === actor && t.from.includes(from) && !next.includes(t.to)) next.push(t.to);
  }
  return next;
}

/** The actions (buttons) `actor` has on an entity of `lc` in state `from`; cascades are not buttons. */
export function actionsFor<L extends AnyLifecycle>(lc: L, from: StateOf<L>, actor: ActorOf<L>): string[] {
  const actions: string[] = [];
  for (const t of lc.transitions) {
    if (t.cascade || t.actor !== actor || !t.from.includes(from)) continue;
    if (!actions.includes(t.action)) actions.push(t.action);
  }
  return actions;
}

/** Whether an entity of `lc` in `state` still takes bids, offers or quotes (project open, order active, request pending). */
export const acceptsSubmissions = <L extends AnyLifecycle>(lc: L, state: StateOf<L>): boolean => lc.openFor !== undefined && lc.openFor === state;
