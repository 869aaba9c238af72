/**
 * GET /api/test/writes?id=<entity id>, only on a server started with TEST_CLOCK=1 (the
 * browser tests; production refuses it): what the server wrote down, read-only, so a
 * browser test can tell an action applied once from one applied twice. Counting the rows
 * of a table cannot: unique constraints and client-chosen ids keep a second bid or offer
 * out whether or not the replay was recognised. What a duplicate leaves behind is here:
 *
 * - sync_mutations: the signed-in user's stored push results, every device of theirs,
 *   in the order stored (one action sent twice as two mutations makes two rows);
 * - changes: the change-log rows written about the entity (an action applied again
 *   writes them again);
 * - notifications: the notifications whose params name the entity (sent again too).
 */
import Router from '@koa/router';
import { z } from 'zod';
import { unauthenticated, validationFailed } from '../shared/errors';

const query = z.object({ id: z.string().min(1).max(100).optional() });

export function testWritesRouter(): Router {
  const router = new Router();
  router.get('/api/test/writes', async (ctx) => {
    const user = ctx.state.user;
    if (!user) throw unauthenticated();
    const parsed = query.safeParse(ctx.query);
    if (!parsed.success) throw validationFailed('Invalid input: id');
    const { knex } = ctx.deps;
    const { id } = parsed.data;
    const mutations = await knex('sync_mutations as m')
      .join('sync_clients as c', 'c.id', 'm.client_id')
      .where('c.user_id', user.id)
      .orderBy([{ column: 'm.created_at' }, { column: 'm.client_id' }, { column: 'm.mutation_id' }])
      .select('m.client_id', 'm.mutation_id', 'm.result');
    const changes = id
      ? await knex('changes').where({ entity_id: id }).orderBy('id').select('entity', 'op', 'audience_type', 'audience')
      : [];
    const notifications = id
      ? await knex('notifications')
          .whereRaw('exists (select 1 from jsonb_each_text(params) p where p.value = ?)', [id])
          .orderBy('created_at')
          .select('user_id', 'kind', 'params')
      : [];
    ctx.body = {
      sync_mutations: mutations.map((m: { client_id: string; mutation_id: number; result: { status: string; code?: string } }) => ({
        client_id: m.client_id,
        mutation_id: Number(m.mutation_id),
        status: m.result.status,
        ...(m.result.code ? { code: m.result.code } : {}),
      })),
      changes,
      notifications,
    };
  });
  return router;
}
