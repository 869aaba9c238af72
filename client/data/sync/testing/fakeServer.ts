/**
 * An in-memory stand-in for the sync server (server/modules/sync), for the engine's
 * tests: a commit-ordered change feed with per-user visibility, a push that applies each
 * mutation exactly once per client and answers a replayed id with its stored result, and
 * fault hooks (drop the answer after applying, 401, 5xx, 413 above a batch size, reset by
 * pruning the log). It keeps the rules the tests need: a bid only on an open project, a
 * product only by its supplier, a notification only by its owner.
 */
import type { Change, MutationResult, PullResponse, PushBody, PushResponse, SyncEntity } from '../../../../shared/sync';
import { decodeCursorParts, encodeCursor } from '../../../../shared/sync';
import { SyncHttpError, SyncNetworkError, type PullParams, type SyncTransport } from '../transport';

type Row = { id: string } & Record<string, unknown>;
type Fault = 'none' | 'network' | 'drop-response' | 'server-error' | 'unauthorized';

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export class FakeServer {
  readonly rows = new Map<string, Row>(); // `${entity}:${id}`
  private log: Array<{ pos: number; entity: SyncEntity; id: string; op: 'upsert' | 'delete'; to: string }> /* a user id, or 'all' */ = [];
  private pos = 0;
  private horizon = 0;
  private clients = new Map<string, { last: number; results: Map<number, MutationResult> }>();
  /** How many times each (client, mutation id) changed server state: must never exceed 1. */
  readonly applications = new Map<string, number>();
  readonly applied = new Set<string>(); // `${client}:${id}` answered applied
  readonly rejected = new Set<string>();
  sessionValid = true;
  /** A push with more mutations than this answers 413. */
  maxBatch = Infinity;
  /** Faults to use for the next calls, in order; 'none' when empty. */
  readonly faults: Fault[] = [];
  calls = 0;

  constructor(readonly userId: string) {}

  private write(entity: SyncEntity, row: Row | null, id: string, to: string /* a user id, or 'all' */) {
    const key = `${entity}:${id}`;
    if (row) this.rows.set(key, row);
    else this.rows.delete(key);
    this.log.push({ pos: ++this.pos, entity, id, op: row ? 'upsert' : 'delete', to });
  }

  // --- what other people do on the server ------------------------------------------

  seedProject(id: string, status: 'open' | 'in_progress' = 'open') {
    this.write('project', { id, title: `p-${id.slice(0, 4)}`, status, bid_count: 0, updated_at: `v${this.pos}` }, id, 'all');
  }
  closeProject(id: string) {
    const p = this.rows.get(`project:${id}`);
    if (p) this.write('project', { ...p, status: 'in_progress', updated_at: `v${this.pos}` }, id, 'all');
  }
  otherSupplierProduct(id: string, name: string) {
    this.write('product', { id, name, supplier_id: 'someone-else', price: 1, updated_at: `v${this.pos}` }, id, 'all');
  }
  removeProduct(id: string) {
    if (this.rows.has(`product:${id}`)) this.write('product', null, id, 'all');
  }
  notify(id: string) {
    this.write('notification', { id, kind: 'x', is_read: false, created_at: `v${this.pos}` }, id, this.userId);
  }
  /** Drops superseded rows and deletes from the log: older cursors must reset. */
  prune() {
    const last = new Map<string, number>();
    for (const c of this.log) last.set(`${c.entity}:${c.id}:${c.to}`, c.pos);
    this.log = this.log.filter((c) => c.op === 'upsert' && last.get(`${c.entity}:${c.id}:${c.to}`) === c.pos);
    this.horizon = this.pos;
  }

  // --- the rows the user may see -----------------------------------------------------

  visibleRows(): Map<string, Row> {
    const out = new Map<string, Row>();
    for (const [key, row] of this.rows) {
      if (key.startsWith('bid:') && row.contractor_id !== this.userId) continue;
      out.set(key, row);
    }
    return out;
  }

  // --- mutations -----------------------------------------------------------------------

  private apply(name: string, args: Record<string, unknown>) {
    const id = String(args.id ?? '');
    const now = `v${this.pos}`;
    switch (name) {
      case 'product.create': {
        if (String(args.name).includes('forbidden')) throw new Refused(400, 'validation_failed');
        const existing = this.rows.get(`product:${id}`);
        if (existing) return;
        this.write('product', { id, name: args.name, supplier_id: this.userId, price: args.price, updated_at: now }, id, 'all');
        return;
      }
      case 'product.update': {
        const p = this.rows.get(`product:${id}`);
        if (!p || p.supplier_id !== this.userId) throw new Refused(404, 'not_found');
        const { id: _id, ...patch } = args;
        this.write('product', { ...p, ...patch, updated_at: now }, id, 'all');
        return;
      }
      case 'product.delete': {
        const p = this.rows.get(`product:${id}`);
        if (!p || p.supplier_id !== this.userId) throw new Refused(404, 'not_found');
        this.write('product', null, id, 'all');
        return;
      }
      case 'bid.create': {
        const project = this.rows.get(`project:${String(args.project_id)}`);
        if (!project) throw new Refused(404, 'not_found');
        if (project.status !== 'open') throw new Refused(409, 'project_not_open');
        const existing = this.rows.get(`bid:${id}`);
        this.write(
          'bid',
          { ...(existing ?? { id, contractor_id: this.userId, project_id: args.project_id, status: 'submitted' }), amount: args.amount, proposal: args.proposal, updated_at: now },
          id,
          this.userId,
        );
        return;
      }
      case 'notification.read': {
        const n = this.rows.get(`notification:${id}`);
        if (!n) throw new Refused(404, 'not_found');
        if (!n.is_read) this.write('notification', { ...n, is_read: true }, id, this.userId);
        return;
      }
      default:
        throw new Refused(400, 'unknown_mutation');
    }
  }

  private nextFault(): Fault {
    return this.faults.shift() ?? 'none';
  }

  push(body: PushBody): PushResponse {
    if (!this.sessionValid) throw new SyncHttpError(401, 'unauthenticated');
    if (body.mutations.length > this.maxBatch) throw new SyncHttpError(413, 'payload_too_large');
    const client = this.clients.get(body.client_id) ?? { last: 0, results: new Map() };
    this.clients.set(body.client_id, client);
    const results: MutationResult[] = [];
    for (const m of body.mutations) {
      const tag = `${body.client_id}:${m.id}`;
      if (m.id <= client.last) {
        results.push(client.results.get(m.id) ?? { id: m.id, status: 'rejected', code: 'mutation_out_of_order' });
        continue;
      }
      let result: MutationResult;
      const before = this.pos;
      try {
        this.apply(m.name, m.args as Record<string, unknown>);
        result = { id: m.id, status: 'applied' };
        this.applied.add(tag);
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        result = { id: m.id, status: 'rejected', code: error.code, error: error.code };
        this.rejected.add(tag);
      }
      if (this.pos !== before) this.applications.set(tag, (this.applications.get(tag) ?? 0) + 1);
      client.last = m.id;
      client.results.set(m.id, result);
      results.push(result);
    }
    return { results, last_mutation_id: client.last };
  }

  pull({ cursor, limit, clientId, entities }: PullParams): PullResponse {
    if (!this.sessionValid) throw new SyncHttpError(401, 'unauthenticated');
    const { pos: after, scratchHorizon } = decodeCursorParts(cursor);
    if (after > 0 && after < this.horizon && scratchHorizon !== this.horizon) return { reset: true };
    const fromScratch = after === 0 || scratchHorizon !== undefined;
    const cursorAt = (pos: number) => encodeCursor(pos, fromScratch && pos < this.horizon ? this.horizon : undefined);
    const lastMutationId = this.clients.get(clientId)?.last ?? 0;
    const mine = this.log.filter((c) => c.pos > after && (c.to === 'all' || c.to === this.userId) && (!entities || entities.includes(c.entity)));
    const page = mine.slice(0, limit);
    const last = new Map<string, (typeof page)[number]>();
    for (const c of page) {
      last.delete(`${c.entity}:${c.id}`);
      last.set(`${c.entity}:${c.id}`, c);
    }
    const visible = this.visibleRows();
    // The rows are whatever a test seeded (often only the fields it reads), hence the cast.
    const changes = [...last.values()].map((c) => {
      const row = visible.get(`${c.entity}:${c.id}`);
      return row ? { entity: c.entity, id: c.id, op: 'upsert', data: structuredClone(row) } : { entity: c.entity, id: c.id, op: 'delete' };
    }) as Change[];
    return {
      changes,
      cursor: cursorAt(mine.length > limit ? page[page.length - 1].pos : Math.max(page.at(-1)?.pos ?? after, this.horizon)),
      has_more: mine.length > limit,
      last_mutation_id: lastMutationId,
      ...(after === 0 ? { remaining: mine.length } : {}),
    };
  }

  /** The transport a client engine talks to, with this server's faults in the way. */
  transport(): SyncTransport {
    const call = async <T>(run: () => T): Promise<T> => {
      this.calls += 1;
      await Promise.resolve();
      const fault = this.nextFault();
      if (fault === 'network') throw new SyncNetworkError();
      if (fault === 'server-error') throw new SyncHttpError(503, 'internal_error');
      if (fault === 'unauthorized') this.sessionValid = false;
      const answer = run();
      if (fault === 'drop-response') throw new SyncNetworkError(); // applied, but the answer never arrived
      return answer;
    };
    return {
      pull: (params) => call(() => this.pull(params)),
      push: (body) => call(() => this.push(structuredClone(body))),
    };
  }
}
