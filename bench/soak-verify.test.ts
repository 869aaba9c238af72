/**
 * The soak's exactly-once check against what the server really writes: bids and supplier
 * responses sent through the sync push as the soak's users send them, then notifications
 * removed or sent twice by hand. A bid notified twice is a duplicate, one not notified is
 * missing, and two bids on one project (two notifications naming the same project) are
 * neither.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/harness';
import { as, postOrder, postProject, type Client } from '../server/test/factories';
import type { SentMutation } from './soak-users';
import { verify } from './soak-verify';

describe('the soak verdict on notifications', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const knex = () => server.db.knex;

  /** Sends one write as a soak user's outbox does and records it as the soak does. */
  async function send(client: Client, m: Pick<SentMutation, 'name' | 'table' | 'args'>): Promise<SentMutation> {
    const sent: SentMutation = { clientId: `soak-${crypto.randomUUID()}`, userId: client.user.id, id: 1, rowId: String(m.args.id), status: 'pending', sends: 1, ...m };
    const res = await client.post('/api/sync/push', { client_id: sent.clientId, mutations: [{ id: sent.id, name: sent.name, args: sent.args }] });
    expect(res.status, res.text).toBe(200);
    sent.status = res.body.results[0].status;
    return sent;
  }
  const bid = (projectId: string) =>
    ({ name: 'bid.create', table: 'bids', args: { id: crypto.randomUUID(), project_id: projectId, amount: 1000, proposal: 'عرض' } }) as const;

  it('counts a bid notified twice as a duplicate and one not notified as missing; distinct bids on one project are neither', async () => {
    const gov = await as(server, 'government');
    const [shared, single] = [await postProject(gov), await postProject(gov)];
    const [c1, c2] = [await as(server, 'contractor'), await as(server, 'contractor')];
    const supplier = await as(server, 'supplier');
    const order = await postOrder(await as(server, 'contractor'));
    const sent = [
      await send(c1, bid(shared.id)),
      await send(c2, bid(shared.id)),
      await send(c1, bid(single.id)),
      await send(supplier, { name: 'instant_order_response.create', table: 'instant_order_responses', args: { id: crypto.randomUUID(), instant_order_id: order.id, offered_price: 500 } }),
    ];
    expect(sent.map((m) => m.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const clientIds = sent.map((m) => m.clientId);

    const clean = await verify(knex(), sent, clientIds);
    expect(clean).toMatchObject({ acked_applied: 4, lost: 0, duplicates: 0, notifications_not_once: 0, sync_mutations_missing: 0 });

    // The same bid notified twice (as a bid applied twice would be).
    const note = await knex()('notifications').where({ kind: 'tender.bid_received' }).whereRaw(`params->>'project_id' = ?`, [single.id]).first();
    const { id: _id, created_at: _c, updated_at: _u, ...copy } = note;
    await knex()('notifications').insert(copy);
    expect(await verify(knex(), sent, clientIds)).toMatchObject({ lost: 0, duplicates: 1, notifications_not_once: 1 });

    // A bid of the shared project never notified: missing, not a duplicate.
    const shared1 = await knex()('notifications').where({ kind: 'tender.bid_received' }).whereRaw(`params->>'project_id' = ?`, [shared.id]).first('id');
    await knex()('notifications').where({ id: shared1.id }).delete();
    expect(await verify(knex(), sent, clientIds)).toMatchObject({ lost: 0, duplicates: 1, notifications_not_once: 2 });
  });
});
