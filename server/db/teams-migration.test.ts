/**
 * The company teams migration on a database that already has accounts: each account with
 * a profile becomes the owner of a one-person company whose id is its own, so everything
 * it owns stays its company's; an account that never finished setup is in no company.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './index';
import { migrateLatest } from './migrate';

const url = process.env.TEST_DATABASE_URL;
const schema = `t_${crypto.randomBytes(6).toString('hex')}_teams`;

describe('the company teams migration', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase(url ? { url, schema, poolMax: 1 } : { schema });
    await migrateLatest(db.knex, schema, '20261125000041_push');
  }, 120_000);
  afterAll(async () => {
    if (url) await db.knex.raw('drop schema if exists ?? cascade', [schema]);
    await db.close();
  });

  it('makes every existing account with a profile the owner of its own company, and nobody else a member', async () => {
    const knex = db.knex;
    const user = async (name: string) => (await knex('users').insert({ email: `${crypto.randomUUID()}@t.sa`, name }).returning('id'))[0].id as string;
    const supplier = await user('supplier');
    const carrier = await user('transport');
    const newcomer = await user('no setup yet');
    await knex('profiles').insert([
      { user_id: supplier, role: 'supplier', company_name: 'مصنع الخرسانة' },
      { user_id: carrier, role: 'transport', company_name: 'نقل الرياض' },
    ]);
    const [product] = await knex('products').insert({ supplier_id: supplier, name: 'Cement', price: 18, unit: 'bag' }).returning('id');

    await migrateLatest(knex, schema);

    const members = await knex('company_members').orderBy('role').select('user_id', 'company_id', 'role');
    expect(members).toHaveLength(2);
    expect(members).toEqual(
      expect.arrayContaining([
        { user_id: supplier, company_id: supplier, role: 'owner' },
        { user_id: carrier, company_id: carrier, role: 'owner' },
      ]),
    );
    expect(await knex('company_members').where({ user_id: newcomer }).first()).toBeUndefined();
    // What the account owned is its company's without a rewrite: the owner column is the company's id.
    expect((await knex('products').where({ id: product.id }).first('supplier_id')).supplier_id).toBe(supplier);

    // From now on a new profile founds its company by itself.
    await knex('profiles').insert({ user_id: newcomer, role: 'contractor', company_name: 'مقاولات' });
    expect(await knex('company_members').where({ user_id: newcomer }).first('company_id', 'role')).toEqual({ company_id: newcomer, role: 'owner' });
  });
});
