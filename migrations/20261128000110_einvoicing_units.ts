/**
 * einvoicing_units: a seller company's e-invoicing unit (one per company), onboarded with
 * ZATCA: status none -> compliance -> ready, or failed (with ZATCA's messages, retried by
 * onboarding again). It keeps the unit's serial (a uuid, in the CSR), the CSR, the
 * compliance and production certificates (binarySecurityToken) with their secrets, and
 * for the invoices that follow the invoice counter (ICV) and the hash of the last invoice
 * (PIH, starting at ZATCA's initial value).
 *
 * The private key and the secrets are stored encrypted (AES-256-GCM under EINVOICING_KEY,
 * server/modules/e-invoicing/secrets.ts): a copy of the database alone cannot sign.
 *
 * Add it to migrations/index.ts (an import and a line in `migrations`): the app and the
 * knex CLI run only the migrations listed there.
 */
import type { Knex } from 'knex';
import { timestamps, touchUpdatedAt, uuidPrimaryKey } from './helpers';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('einvoicing_units', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('company_id').notNullable().unique({ indexName: 'einvoicing_units_company_key' }).references('id').inTable('users').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('none').checkIn(['none', 'compliance', 'ready', 'failed'], 'einvoicing_units_status_check');
    t.uuid('serial').notNullable();
    t.text('private_key_encrypted').nullable();
    t.text('csr').nullable();
    t.text('compliance_request_id').nullable();
    t.text('compliance_token').nullable();
    t.text('compliance_secret_encrypted').nullable();
    t.text('production_token').nullable();
    t.text('production_secret_encrypted').nullable();
    /** ZATCA's messages of the last failed attempt: [{type, code, message}] */
    t.jsonb('messages').notNullable().defaultTo('[]');
    t.bigInteger('icv').notNullable().defaultTo(0);
    t.text('last_invoice_hash').notNullable();
    t.timestamp('ready_at', { useTz: true }).nullable();
    timestamps(knex, t);
  });
  await touchUpdatedAt(knex, 'einvoicing_units');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('einvoicing_units');
}
