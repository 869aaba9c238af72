import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { TestClient } from '../../test/http-client';
import { signInAs, type TestUserSpec } from '../../test/sign-in';
import { notify } from './notify';

describe('notifications', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const as = (spec: TestUserSpec = {}) => signInAs(server, spec);
  const knex = () => server.db.knex;
  /** n subscription notifications for the user, one transaction each so their times differ. */
  async function give(userId: string, n: number) {
    for (let i = 0; i < n; i++) {
      await knex().transaction((trx) =>
        notify(trx, { to: [userId], kind: 'subscription.subscribed', params: { plan: `Plan ${i}`, plan_id: 'basic', billing_cycle: 'monthly' } }),
      );
    }
    return knex()('notifications').where({ user_id: userId }).orderBy('created_at', 'desc').pluck('id');
  }
  const changesOf = (id: string) => knex()('changes').where({ entity: 'notification', entity_id: id }).select('op', 'audience_type', 'audience');

  it('answers 401 when signed out', async () => {
    const anon = new TestClient(server.url);
    expect((await anon.get('/api/notifications')).status).toBe(401);
    expect((await anon.put(`/api/notifications/${crypto.randomUUID()}/read`, {})).status).toBe(401);
    expect((await anon.put('/api/notifications/mark-all-read', {})).status).toBe(401);
  });

  it('writes each notification in its recipient language and logs it for that recipient only', async () => {
    const zh = await as({ language: 'zh' });
    const en = await as({ language: 'en' });
    await knex().transaction((trx) =>
      notify(trx, { to: [zh.user.id, en.user.id], kind: 'subscription.subscribed', params: { plan: 'Basic', plan_id: 'basic', billing_cycle: 'monthly' } }),
    );
    const [zhRow] = (await zh.get('/api/notifications')).body;
    const [enRow] = (await en.get('/api/notifications')).body;
    expect(zhRow).toMatchObject({ title: '订阅已生效', message: '您现在使用基础套餐。', kind: 'subscription.subscribed', params: { plan: 'Basic', plan_id: 'basic', billing_cycle: 'monthly' } });
    expect(enRow.title).toBe('Subscription active');
    expect(await changesOf(zhRow.id)).toEqual([{ op: 'upsert', audience_type: 'user', audience: zh.user.id }]);
  });

  it('lists only my notifications, newest first, with X-Total-Count and X-Unread-Count', async () => {
    const me = await as();
    const ids = await give(me.user.id, 3);
    await give((await as()).user.id, 2);
    const res = await me.get('/api/notifications');
    expect(res.status).toBe(200);
    expect(res.body.map((n: { id: string }) => n.id)).toEqual(ids);
    expect(res.body[0]).toEqual({
      id: ids[0],
      kind: 'subscription.subscribed',
      params: { plan: 'Plan 2', plan_id: 'basic', billing_cycle: 'monthly' },
      type: 'subscription',
      priority: 'normal',
      title: 'تم الاشتراك',
      message: 'أنت الآن مشترك في الباقة الأساسية.',
      is_read: false,
      created_at: expect.any(String),
    });
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-unread-count')).toBe('3');

    const paged = await me.get('/api/notifications?limit=1&offset=1');
    expect(paged.body.map((n: { id: string }) => n.id)).toEqual([ids[1]]);
    expect(paged.headers.get('x-total-count')).toBe('3');
  });

  it('filters to the unread ones with unread=true while the unread count stays the whole', async () => {
    const me = await as();
    const ids = await give(me.user.id, 3);
    await knex()('notifications').where({ id: ids[1] }).update({ is_read: true });
    const unread = await me.get('/api/notifications?unread=true');
    expect(unread.body.map((n: { id: string }) => n.id)).toEqual([ids[0], ids[2]]);
    expect(unread.headers.get('x-total-count')).toBe('2');
    expect(unread.headers.get('x-unread-count')).toBe('2');
    expect((await me.get('/api/notifications?unread=false')).body).toHaveLength(3);
    expect((await me.get('/api/notifications?unread=maybe')).status).toBe(400);
  });

  describe('PUT /api/notifications/{id}/read', () => {
    it('marks my notification read and logs the change for me', async () => {
      const me = await as();
      const [id] = await give(me.user.id, 1);
      const res = await me.put(`/api/notifications/${id}/read`, {});
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, is_read: true });
      expect((await knex()('notifications').where({ id }).first()).is_read).toBe(true);
      expect(await changesOf(id)).toHaveLength(2); // written, then read
      expect((await me.get('/api/notifications')).headers.get('x-unread-count')).toBe('0');
    });

    it('changes nothing when it was already read', async () => {
      const me = await as();
      const [id] = await give(me.user.id, 1);
      await me.put(`/api/notifications/${id}/read`, {});
      const again = await me.put(`/api/notifications/${id}/read`, {});
      expect(again.status).toBe(200);
      expect(again.body.is_read).toBe(true);
      expect(await changesOf(id)).toHaveLength(2);
    });

    it("answers 404 for another user's notification, which stays unread", async () => {
      const owner = await as();
      const [id] = await give(owner.user.id, 1);
      const res = await (await as()).put(`/api/notifications/${id}/read`, {});
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
      expect((await knex()('notifications').where({ id }).first()).is_read).toBe(false);
      expect(await changesOf(id)).toHaveLength(1);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const me = await as();
      expect((await me.put(`/api/notifications/${crypto.randomUUID()}/read`, {})).status).toBe(404);
      expect((await me.put('/api/notifications/123/read', {})).status).toBe(404);
    });
  });

  describe('PUT /api/notifications/mark-all-read', () => {
    it("marks all of mine read, logs each, and leaves others' alone", async () => {
      const me = await as();
      const other = await as();
      const mine = await give(me.user.id, 3);
      await knex()('notifications').where({ id: mine[0] }).update({ is_read: true });
      const theirs = await give(other.user.id, 2);

      const res = await me.put('/api/notifications/mark-all-read', {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ updated: 2 });
      expect(await knex()('notifications').where({ user_id: me.user.id, is_read: false })).toHaveLength(0);
      expect(await knex()('notifications').whereIn('id', theirs).where({ is_read: false })).toHaveLength(2);
      expect(await changesOf(mine[0])).toHaveLength(1);
      for (const id of mine.slice(1)) {
        expect(await changesOf(id)).toEqual([
          { op: 'upsert', audience_type: 'user', audience: me.user.id },
          { op: 'upsert', audience_type: 'user', audience: me.user.id },
        ]);
      }
      expect((await me.put('/api/notifications/mark-all-read', {})).body).toEqual({ updated: 0 });
    });
  });
});
