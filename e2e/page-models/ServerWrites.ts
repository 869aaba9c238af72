import { expect, type Page } from '@playwright/test';

/**
 * What the server wrote down (GET /api/test/writes, on the test server only), to tell an
 * action applied once from one applied twice. Counting bids or offers cannot: unique
 * constraints and client-chosen ids cap them at one whether or not a second send was
 * recognised. A second send still leaves a second stored push result; an action applied
 * again writes its change-log rows and its notifications again.
 */
export interface ServerWrites {
  /** the signed-in user's stored push results, every device of theirs, oldest first */
  sync_mutations: Array<{ client_id: string; mutation_id: number; status: string; code?: string }>;
  /** the change-log rows about the entity asked for, in the order written */
  changes: Array<{ entity: string; op: string; audience_type: string; audience: string | null }>;
  /** the notifications whose params name that entity */
  notifications: Array<{ user_id: string; kind: string; params: Record<string, unknown> }>;
}

/** As `page`'s user sees it (the page's session; not cut by the offline switch). */
export async function serverWrites(page: Page, entityId?: string): Promise<ServerWrites> {
  const response = await page.request.get(`/api/test/writes${entityId ? `?id=${encodeURIComponent(entityId)}` : ''}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** How many push results the user has stored so far: take it before the action, pass it to expectSentOnce. */
export async function storedResults(page: Page): Promise<number> {
  return (await serverWrites(page)).sync_mutations.length;
}

/**
 * Since `before` (storedResults), the device sent exactly `actions` mutations, each stored
 * once and applied: an action sent twice under two mutation ids shows as one row too many.
 */
export async function expectSentOnce(page: Page, before: number, actions = 1) {
  const stored = (await serverWrites(page)).sync_mutations.slice(before);
  expect.soft(stored.map((m) => m.status), 'stored push results since the action').toEqual(Array(actions).fill('applied'));
}

/**
 * The entity's change-log rows: some, and none twice (the same entity, op and audience
 * written again means the action was applied again). `notifications` lists the kinds the
 * entity should have caused, each once, in any order.
 */
export async function expectAppliedOnce(page: Page, entityId: string, notifications: string[]) {
  const writes = await serverWrites(page, entityId);
  const rows = writes.changes.map((c) => `${c.entity} ${c.op} ${c.audience_type}:${c.audience ?? ''}`);
  expect.soft(rows.length, 'change-log rows of the entity').toBeGreaterThan(0);
  expect.soft(rows, 'change-log rows written twice').toEqual([...new Set(rows)]);
  expect.soft(writes.notifications.map((n) => n.kind).sort(), 'notifications naming the entity').toEqual([...notifications].sort());
}
