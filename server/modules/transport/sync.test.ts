import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { refusal } from '../../test/mutations';
import { signInAs, type TestUserSpec } from '../../test/sign-in';
import { loadSessionUser } from '../../auth/session-user';
import { loaders } from './sync';
import { dropDeliveryOfCancelled } from '../deliveries/cancel';
import { transportMutations } from './mutations';

const mutations = transportMutations(dropDeliveryOfCancelled);

describe('transport sync exports', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec) => signInAs(server, spec);
  const knex = () => server.db.knex;
  /** What the pull sends: the loader's rows as JSON. */
  const json = (v: unknown) => JSON.parse(JSON.stringify(v));
  const sessionUser = async (id: string) => (await loadSessionUser(knex(), server.config, id))!;

  async function quoted() {
    const requester = await as({ role: 'contractor' });
    const request = (await requester.post('/api/transport-requests', { pickup_location: 'a', delivery_location: 'b', cargo_description: 'c' })).body;
    const transport = await as({ role: 'transport' });
    const offer = (await transport.post('/api/transport-offers', { transport_request_id: request.id, quoted_price: 10 })).body;
    return { requester, request, transport, offer };
  }

  it('loads a request as the REST API shows it, only while the user may see it', async () => {
    const { requester, request } = await quoted();
    const other = await sessionUser((await as({ role: 'supplier' })).user.id);
    const [row] = await loaders.transport_request!(knex(), await sessionUser(requester.user.id), [request.id], new Date());
    expect(json(row)).toEqual((await requester.get(`/api/transport-requests/${request.id}`)).body);
    expect(await loaders.transport_request!(knex(), other, [request.id], new Date())).toHaveLength(1); // pending is public
    await knex()('transport_requests').where({ id: request.id }).update({ status: 'assigned' });
    expect(await loaders.transport_request!(knex(), other, [request.id], new Date())).toEqual([]);
  });

  it('loads an offer for its company and its requester only', async () => {
    const { requester, transport, offer } = await quoted();
    const forCompany = await loaders.transport_offer!(knex(), await sessionUser(transport.user.id), [offer.id], new Date());
    expect(json(forCompany)).toEqual([offer]);
    expect(await loaders.transport_offer!(knex(), await sessionUser(requester.user.id), [offer.id], new Date())).toHaveLength(1);
    const rival = await sessionUser((await as({ role: 'transport' })).user.id);
    expect(await loaders.transport_offer!(knex(), rival, [offer.id], new Date())).toEqual([]);
  });

  it('runs the same rules through the mutations as through the routes', async () => {
    const { requester, request, offer } = await quoted();
    const user = await sessionUser(requester.user.id);
    const def = mutations['transport_request.accept'];
    const args = def.schema.parse({ id: request.id, offer_id: offer.id });
    const accepted = await knex().transaction((trx) => def.run(trx, user, args, server));
    expect(accepted).toMatchObject({ status: 'assigned', assigned_offer_id: offer.id });

    const lateCompany = await sessionUser((await as({ role: 'transport' })).user.id);
    const create = mutations['transport_offer.create'];
    const refused = await refusal(knex().transaction((trx) => create.run(trx, lateCompany, create.schema.parse({ id: crypto.randomUUID(), transport_request_id: request.id, quoted_price: 1 }), server)));
    expect(refused.code).toBe('request_not_pending');

    const status = mutations['transport_request.status'];
    const stranger = await sessionUser((await as({ role: 'contractor' })).user.id);
    const denied = await refusal(knex().transaction((trx) => status.run(trx, stranger, status.schema.parse({ id: request.id, status: 'cancelled' }), server)));
    expect(denied.status).toBe(404);
    expect(Object.keys(mutations).sort()).toEqual([
      'transport_offer.create',
      'transport_request.accept',
      'transport_request.create',
      'transport_request.status',
    ]);
  });
});
