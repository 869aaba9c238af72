/**
 * The sealed-tendering migration on a database that already has projects and bids: each
 * bid gets the receipt digest of what it says at its last update, a project with a
 * deadline its opening moment, and a project awarded before counts as opened with its
 * award final, so nothing decided earlier reopens.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './index';
import { migrateLatest } from './migrate';
import { bidDigest, openingMoment } from '../../shared/tender';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_${crypto.randomBytes(6).toString('hex')}_tender`;

describe('the sealed tendering migration', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(url ? { url, schema, poolMax: 1 } : { schema });
    await migrateLatest(db.knex, schema, '20261122000026_rate_limits');
  }, 120_000);
  afterAll(async () => {
    if (url) await db.knex.raw('drop schema if exists ?? cascade', [schema]);
    await db.close();
  });

  it('gives existing bids their digest and existing projects their opening, and keeps past awards final', async () => {
    const knex = db.knex;
    const user = async (role: string) =>
      (await knex('users').insert({ email: `${crypto.randomUUID()}@t.sa`, name: role }).returning('id'))[0].id as string;
    const gov = await user('government');
    const contractor = await user('contractor');
    const [open] = await knex('projects').insert({ government_id: gov, title: 'a', description: 'd', location: 'l', deadline_date: '2099-05-01' }).returning('id');
    const [awarded] = await knex('projects').insert({ government_id: gov, title: 'b', description: 'd', location: 'l' }).returning('id');
    const [bid] = await knex('bids')
      .insert({ project_id: open.id, contractor_id: contractor, amount: 1234.5, proposal: 'عرض\u0065\u0301', estimated_completion_days: 30 })
      .returning(['id', 'updated_at']);
    const [won] = await knex('bids').insert({ project_id: awarded.id, contractor_id: contractor, amount: 10, proposal: 'p', status: 'accepted' }).returning('id');
    await knex('projects').where({ id: awarded.id }).update({ status: 'in_progress', awarded_bid_id: won.id });

    await migrateLatest(knex, schema);

    const row = await knex('bids').where({ id: bid.id }).first();
    expect(row.received_at).toEqual(bid.updated_at);
    expect(row.digest).toBe(
      await bidDigest({ project_id: open.id, contractor_id: contractor, amount: 1234.5, estimated_completion_days: 30, proposal: 'عرض\u00e9', received_at: bid.updated_at }),
    );
    const p = await knex('projects').where({ id: open.id }).first();
    expect(new Date(p.opens_at).toISOString()).toBe(openingMoment('2099-05-01'));
    expect(p.opened_at).toBeNull();
    const a = await knex('projects').where({ id: awarded.id }).first();
    expect(a.opened_at).not.toBeNull();
    expect(a.award_final_at).not.toBeNull();
  });
});
