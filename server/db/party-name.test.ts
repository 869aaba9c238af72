/**
 * The SQL of a party's display name says what shared/party-name.ts says, on the rows
 * where the two could part: a blank or missing company name, a blank or missing own name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test/harness';
import { partyName } from '../../shared/party-name';
import { partyNameSql } from './party-name';

const ROWS = [
  { company_name: 'مؤسسة البنيان', name: 'سالم', email: 'a@binaa.sa' },
  { company_name: null, name: 'سالم', email: 'b@binaa.sa' },
  { company_name: '', name: 'سالم', email: 'c@binaa.sa' },
  { company_name: '', name: '', email: 'd@binaa.sa' },
  { company_name: null, name: null, email: 'e@binaa.sa' },
  { company_name: 'Al Bunyan', name: null, email: 'f@binaa.sa' },
];

describe('partyNameSql', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.drop());

  /** Each sample row's name by the SQL expression, with the profile and the user columns on one row. */
  async function named(orEmail: boolean): Promise<Array<string | null>> {
    const values = ROWS.map(() => '(?::int, ?::text, ?::text, ?::text)').join(', ');
    const bindings = ROWS.flatMap((r, i) => [i, r.company_name, r.name, r.email]);
    const { rows } = await db.knex.raw(`select ${partyNameSql('t', 't', { orEmail })} as name from (values ${values}) as t(n, company_name, name, email) order by n`, bindings);
    return rows.map((r: { name: string | null }) => r.name);
  }

  it('names every sample row as partyName does', async () => {
    expect(await named(false)).toEqual(ROWS.map(partyName));
  });

  it('falls back to the email only when asked to', async () => {
    expect(await named(true)).toEqual(ROWS.map((r) => partyName(r) ?? r.email));
  });
});
