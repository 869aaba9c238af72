import { describe, it, expect } from 'vitest';
import {
  ACTORS,
  LIFECYCLES,
  acceptsSubmissions,
  actionsFor,
  canTransition,
  nextStatuses,
  type LifecycleEntity,
} from './lifecycle';

/** Whether no actor can move `entity` out of `status` any more. */
const isTerminal = (entity: LifecycleEntity, status: string) => ACTORS.every((actor) => nextStatuses(entity, status as never, actor).length === 0);

describe('project lifecycle', () => {
  it('lets the owner award an open project, which puts it in progress', () => {
    expect(canTransition('project', 'open', 'in_progress', 'owner')).toBe(true);
  });

  it('lets the owner complete a project only once it is in progress', () => {
    expect(canTransition('project', 'in_progress', 'completed', 'owner')).toBe(true);
    expect(canTransition('project', 'open', 'completed', 'owner')).toBe(false);
  });

  it('lets the owner cancel an open or in-progress project, and nothing after', () => {
    expect(canTransition('project', 'open', 'cancelled', 'owner')).toBe(true);
    expect(canTransition('project', 'in_progress', 'cancelled', 'owner')).toBe(true);
    expect(canTransition('project', 'completed', 'cancelled', 'owner')).toBe(false);
    expect(canTransition('project', 'cancelled', 'open', 'owner')).toBe(false);
  });

  it('refuses every project move to anyone but the owner', () => {
    for (const actor of ['author', 'assignee', 'system'] as const) {
      expect(nextStatuses('project', 'open', actor)).toEqual([]);
    }
  });

  it('offers the owner of an open project award and cancel', () => {
    expect(nextStatuses('project', 'open', 'owner')).toEqual(['in_progress', 'cancelled']);
    expect(actionsFor('project', 'open', 'owner')).toEqual(['award', 'cancel']);
    expect(actionsFor('project', 'in_progress', 'owner')).toEqual(['complete', 'cancel']);
  });

  it('takes bids only while open', () => {
    expect(acceptsSubmissions('project', 'open')).toBe(true);
    expect(acceptsSubmissions('project', 'in_progress')).toBe(false);
  });
});

describe('bid lifecycle', () => {
  it('is accepted or rejected by the project owner', () => {
    expect(nextStatuses('bid', 'submitted', 'owner')).toEqual(['accepted', 'rejected']);
  });

  it('can be withdrawn by its author, not by the project owner', () => {
    expect(canTransition('bid', 'submitted', 'withdrawn', 'author')).toBe(true);
    expect(canTransition('bid', 'submitted', 'withdrawn', 'owner')).toBe(false);
  });

  it('cannot move once accepted', () => {
    expect(canTransition('bid', 'accepted', 'withdrawn', 'author')).toBe(false);
    expect(isTerminal('bid', 'accepted')).toBe(true);
  });

  it('offers no button for the rejections that follow an award', () => {
    expect(actionsFor('bid', 'submitted', 'owner')).toEqual(['award']);
    expect(actionsFor('bid', 'submitted', 'author')).toEqual(['withdraw']);
  });
});

describe('instant order lifecycle', () => {
  it('is fulfilled or cancelled by the contractor who posted it', () => {
    expect(nextStatuses('instant_order', 'active', 'owner')).toEqual(['fulfilled', 'cancelled']);
  });

  it('expires only by the system', () => {
    expect(canTransition('instant_order', 'active', 'expired', 'system')).toBe(true);
    expect(canTransition('instant_order', 'active', 'expired', 'owner')).toBe(false);
  });

  it('takes offers only while active', () => {
    expect(acceptsSubmissions('instant_order', 'active')).toBe(true);
    expect(acceptsSubmissions('instant_order', 'expired')).toBe(false);
  });

  it('cannot be reopened once fulfilled, cancelled or expired', () => {
    for (const status of ['fulfilled', 'cancelled', 'expired'] as const) {
      expect(isTerminal('instant_order', status)).toBe(true);
    }
  });

  it('lets a supplier neither accept nor cancel an order', () => {
    expect(nextStatuses('instant_order', 'active', 'author')).toEqual([]);
  });
});

describe('transport request lifecycle', () => {
  it('is assigned when the requester accepts an offer', () => {
    expect(canTransition('transport_request', 'pending', 'assigned', 'owner')).toBe(true);
    expect(canTransition('transport_request', 'pending', 'assigned', 'assignee')).toBe(false);
  });

  it('moves to in transit and then delivered by the assigned company only', () => {
    expect(canTransition('transport_request', 'assigned', 'in_transit', 'assignee')).toBe(true);
    expect(canTransition('transport_request', 'in_transit', 'delivered', 'assignee')).toBe(true);
    expect(canTransition('transport_request', 'assigned', 'in_transit', 'owner')).toBe(false);
    expect(canTransition('transport_request', 'assigned', 'delivered', 'assignee')).toBe(false);
  });

  it('can be cancelled by the requester while pending or assigned, not in transit', () => {
    expect(canTransition('transport_request', 'pending', 'cancelled', 'owner')).toBe(true);
    expect(canTransition('transport_request', 'assigned', 'cancelled', 'owner')).toBe(true);
    expect(canTransition('transport_request', 'in_transit', 'cancelled', 'owner')).toBe(false);
    expect(canTransition('transport_request', 'assigned', 'cancelled', 'assignee')).toBe(false);
  });

  it('takes offers only while pending', () => {
    expect(acceptsSubmissions('transport_request', 'pending')).toBe(true);
    expect(acceptsSubmissions('transport_request', 'assigned')).toBe(false);
  });

  it('ends when delivered or cancelled', () => {
    expect(isTerminal('transport_request', 'delivered')).toBe(true);
    expect(isTerminal('transport_request', 'cancelled')).toBe(true);
    expect(isTerminal('transport_request', 'in_transit')).toBe(false);
  });
});

describe('every machine', () => {
  const entities = Object.keys(LIFECYCLES) as LifecycleEntity[];

  it('names only its own statuses and known actors', () => {
    for (const entity of entities) {
      const { statuses, initial, transitions } = LIFECYCLES[entity];
      const known = statuses as readonly string[];
      expect(known).toContain(initial);
      for (const t of transitions) {
        expect(known).toContain(t.to);
        for (const from of t.from) expect(known).toContain(from);
        expect(ACTORS).toContain(t.actor);
        expect(t.from).not.toContain(t.to);
      }
    }
  });

  it('never lets anyone move out of the initial status back into it', () => {
    for (const entity of entities) {
      const { transitions, initial } = LIFECYCLES[entity];
      expect(transitions.some((t) => t.to === initial)).toBe(false);
    }
  });
});
