import { describe, it, expect } from 'vitest';
import { ACTORS, acceptsSubmissions, actionsFor, assertTransition, canTransition, nextStatuses, storedStates, type Lifecycle } from './lifecycle';
import { AppError } from './errors';
import { ALL_LIFECYCLES } from './lifecycles/all';
import { bidLifecycle, projectLifecycle } from './lifecycles/projects';
import { instantOrderLifecycle } from './lifecycles/instant-orders';
import { transportRequestLifecycle } from './lifecycles/transport';
import { rfqLifecycle } from './lifecycles/rfqs';

/** Whether no actor of the marketplace vocabulary can move an entity of `lc` out of `status` any more. */
const isTerminal = (lc: Lifecycle<string>, status: string) => ACTORS.every((actor) => nextStatuses(lc, status, actor).length === 0);

describe('project lifecycle', () => {
  it('lets the owner award an open project, which puts it in progress', () => {
    expect(canTransition(projectLifecycle, 'open', 'in_progress', 'owner')).toBe(true);
  });

  it('lets the owner complete a project only once it is in progress', () => {
    expect(canTransition(projectLifecycle, 'in_progress', 'completed', 'owner')).toBe(true);
    expect(canTransition(projectLifecycle, 'open', 'completed', 'owner')).toBe(false);
  });

  it('lets the owner cancel an open or in-progress project, and nothing after', () => {
    expect(canTransition(projectLifecycle, 'open', 'cancelled', 'owner')).toBe(true);
    expect(canTransition(projectLifecycle, 'in_progress', 'cancelled', 'owner')).toBe(true);
    expect(canTransition(projectLifecycle, 'completed', 'cancelled', 'owner')).toBe(false);
    expect(canTransition(projectLifecycle, 'cancelled', 'open', 'owner')).toBe(false);
  });

  it('refuses every project move to anyone but the owner', () => {
    for (const actor of ['author', 'assignee', 'system'] as const) {
      expect(nextStatuses(projectLifecycle, 'open', actor)).toEqual([]);
    }
  });

  it('offers the owner of an open project award and cancel', () => {
    expect(nextStatuses(projectLifecycle, 'open', 'owner')).toEqual(['in_progress', 'cancelled']);
    expect(actionsFor(projectLifecycle, 'open', 'owner')).toEqual(['award', 'cancel']);
    expect(actionsFor(projectLifecycle, 'in_progress', 'owner')).toEqual(['complete', 'cancel']);
  });

  it('takes bids only while open', () => {
    expect(acceptsSubmissions(projectLifecycle, 'open')).toBe(true);
    expect(acceptsSubmissions(projectLifecycle, 'in_progress')).toBe(false);
  });
});

describe('bid lifecycle', () => {
  it('is accepted or rejected by the project owner', () => {
    expect(nextStatuses(bidLifecycle, 'submitted', 'owner')).toEqual(['accepted', 'rejected']);
  });

  it('can be withdrawn by its author, not by the project owner', () => {
    expect(canTransition(bidLifecycle, 'submitted', 'withdrawn', 'author')).toBe(true);
    expect(canTransition(bidLifecycle, 'submitted', 'withdrawn', 'owner')).toBe(false);
  });

  it('cannot move once accepted', () => {
    expect(canTransition(bidLifecycle, 'accepted', 'withdrawn', 'author')).toBe(false);
    expect(isTerminal(bidLifecycle, 'accepted')).toBe(true);
  });

  it('offers no button for the rejections that follow an award', () => {
    expect(actionsFor(bidLifecycle, 'submitted', 'owner')).toEqual(['award']);
    expect(actionsFor(bidLifecycle, 'submitted', 'author')).toEqual(['withdraw']);
  });
});

describe('instant order lifecycle', () => {
  it('is fulfilled or cancelled by the contractor who posted it', () => {
    expect(nextStatuses(instantOrderLifecycle, 'active', 'owner')).toEqual(['fulfilled', 'cancelled']);
  });

  it('expires only by the system', () => {
    expect(canTransition(instantOrderLifecycle, 'active', 'expired', 'system')).toBe(true);
    expect(canTransition(instantOrderLifecycle, 'active', 'expired', 'owner')).toBe(false);
  });

  it('takes offers only while active', () => {
    expect(acceptsSubmissions(instantOrderLifecycle, 'active')).toBe(true);
    expect(acceptsSubmissions(instantOrderLifecycle, 'expired')).toBe(false);
  });

  it('cannot be reopened once fulfilled, cancelled or expired', () => {
    for (const status of ['fulfilled', 'cancelled', 'expired'] as const) {
      expect(isTerminal(instantOrderLifecycle, status)).toBe(true);
    }
  });

  it('lets a supplier neither accept nor cancel an order', () => {
    expect(nextStatuses(instantOrderLifecycle, 'active', 'author')).toEqual([]);
  });
});

describe('transport request lifecycle', () => {
  it('is assigned when the requester accepts an offer', () => {
    expect(canTransition(transportRequestLifecycle, 'pending', 'assigned', 'owner')).toBe(true);
    expect(canTransition(transportRequestLifecycle, 'pending', 'assigned', 'assignee')).toBe(false);
  });

  it('moves to in transit and then delivered by the assigned company only', () => {
    expect(canTransition(transportRequestLifecycle, 'assigned', 'in_transit', 'assignee')).toBe(true);
    expect(canTransition(transportRequestLifecycle, 'in_transit', 'delivered', 'assignee')).toBe(true);
    expect(canTransition(transportRequestLifecycle, 'assigned', 'in_transit', 'owner')).toBe(false);
    expect(canTransition(transportRequestLifecycle, 'assigned', 'delivered', 'assignee')).toBe(false);
  });

  it('can be cancelled by the requester while pending or assigned, not in transit', () => {
    expect(canTransition(transportRequestLifecycle, 'pending', 'cancelled', 'owner')).toBe(true);
    expect(canTransition(transportRequestLifecycle, 'assigned', 'cancelled', 'owner')).toBe(true);
    expect(canTransition(transportRequestLifecycle, 'in_transit', 'cancelled', 'owner')).toBe(false);
    expect(canTransition(transportRequestLifecycle, 'assigned', 'cancelled', 'assignee')).toBe(false);
  });

  it('takes offers only while pending', () => {
    expect(acceptsSubmissions(transportRequestLifecycle, 'pending')).toBe(true);
    expect(acceptsSubmissions(transportRequestLifecycle, 'assigned')).toBe(false);
  });

  it('ends when delivered or cancelled', () => {
    expect(isTerminal(transportRequestLifecycle, 'delivered')).toBe(true);
    expect(isTerminal(transportRequestLifecycle, 'cancelled')).toBe(true);
    expect(isTerminal(transportRequestLifecycle, 'in_transit')).toBe(false);
  });
});

describe('every machine', () => {
  const machines = Object.entries(ALL_LIFECYCLES) as [string, Lifecycle<string, string>][];

  it('names only its own states', () => {
    for (const [, { states, initial, terminal, derived, openFor, transitions }] of machines) {
      const known = states as readonly string[];
      expect(known).toContain(initial);
      for (const s of [...terminal, ...(derived ?? []), ...(openFor ? [openFor] : [])]) expect(known).toContain(s);
      for (const t of transitions) {
        expect(known).toContain(t.to);
        for (const from of t.from) expect(known).toContain(from);
        expect(t.from).not.toContain(t.to);
      }
    }
  });

  it('leaves no terminal state and stays in no other', () => {
    for (const [name, { states, terminal, transitions }] of machines) {
      for (const s of states) {
        const leaves = transitions.some((t) => t.from.includes(s));
        expect(leaves, `${name}: ${s}`).toBe(!terminal.includes(s));
      }
    }
  });

  it('reaches every state from the initial one', () => {
    for (const [name, { states, initial, transitions }] of machines) {
      const reached = new Set([initial]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const t of transitions) {
          if (!reached.has(t.to) && t.from.some((f) => reached.has(f))) grew = reached.add(t.to) && true;
        }
      }
      expect([...reached].sort(), name).toEqual([...states].sort());
    }
  });

  it('never moves back into the initial state, but for a plan, which a payment makes active again', () => {
    for (const [name, { transitions, initial }] of machines) {
      if (name === 'subscription') continue;
      expect(transitions.some((t) => t.to === initial), name).toBe(false);
    }
  });
});

describe('the RFQ machine', () => {
  it('stores every state but closed, which the clock makes', () => {
    expect(storedStates(rfqLifecycle)).toEqual(['open', 'awarded', 'cancelled']);
  });

  it('lets the buyer award an RFQ open or closed, and nothing once awarded', () => {
    expect(canTransition(rfqLifecycle, 'closed', 'awarded', 'owner')).toBe(true);
    expect(canTransition(rfqLifecycle, 'awarded', 'cancelled', 'owner')).toBe(false);
  });
});

describe('assertTransition', () => {
  it('refuses a move the machine does not allow with the code the caller names', () => {
    const refusal = () => assertTransition(projectLifecycle, 'completed', 'cancelled', 'owner', { code: 'project_not_open', message: 'done' });
    expect(refusal).toThrow(AppError);
    expect(refusal).toThrow(expect.objectContaining({ code: 'project_not_open', status: 409 }));
  });

  it('refuses with invalid_transition when the caller names no code, and lets an allowed move pass', () => {
    expect(() => assertTransition(projectLifecycle, 'completed', 'open', 'owner', { message: 'no' })).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
    expect(() => assertTransition(projectLifecycle, 'open', 'cancelled', 'owner', { message: 'no' })).not.toThrow();
  });

  it('throws the named refusal a factory builds', () => {
    expect(() => assertTransition(projectLifecycle, 'cancelled', 'completed', 'owner', () => new AppError('project_not_open', 'closed'))).toThrow(
      expect.objectContaining({ code: 'project_not_open', message: 'closed' }),
    );
  });
});
