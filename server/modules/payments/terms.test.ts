/**
 * The default payment terms are one figure: the database's defaults for an invoice's
 * terms and for a seller's default terms are the shared DEFAULT_PAYMENT_TERMS_DAYS the
 * tax profile form and schema fall back to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness';
import { DEFAULT_PAYMENT_TERMS_DAYS } from '../../../shared/schemas/payment';
import { taxProfileInputSchema } from '../../../shared/schemas/tax-profile';

describe('default payment terms', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.drop());

  it('are the same in the database, the tax profile schema and the shared constant', async () => {
    const { rows } = await db.knex.raw(
      `select table_name, column_default from information_schema.columns
        where table_schema = ? and (table_name, column_name) in (('invoices', 'payment_terms_days'), ('company_tax_profiles', 'default_payment_terms_days'))
        order by table_name`,
      [db.schema],
    );
    expect(rows).toEqual([
      { table_name: 'company_tax_profiles', column_default: String(DEFAULT_PAYMENT_TERMS_DAYS) },
      { table_name: 'invoices', column_default: String(DEFAULT_PAYMENT_TERMS_DAYS) },
    ]);
    const parsed = taxProfileInputSchema.shape.default_payment_terms_days.parse(undefined);
    expect(parsed).toBe(DEFAULT_PAYMENT_TERMS_DAYS);
  });
});
