/**
 * audit_log: who did what to money, tax documents, tenders, approvals, company membership
 * and moderation, one row per action, appended in the action's own transaction
 * (server/modules/audit/record.ts). Append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE (audit_log_append_only in migrations/functions.ts). No foreign keys on purpose:
 * the trail outlives the users and records it names, and a cascade could not touch it anyway.
 *
 * - id: the order of the chain (taken under the chain's advisory lock, so ids follow it);
 * - actor_id: the person (null for the system: a sweep, the gateway's webhook);
 * - company_id: the company the action belongs to (the actor's, or the record's owner's);
 * - changes: {field: [before, after]} for the fields that changed;
 * - prev_hash, hash: hash = sha256(prev_hash + the row's canonical content), hex.
 */
import type { Knex } from 'knex';
import { AUDIT_LOG_APPEND_ONLY } from './functions';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_log', (t) => {
    t.bigIncrements('id');
    t.timestamp('at', { useTz: true }).notNullable();
    t.uuid('actor_id').nullable();
    t.uuid('company_id').nullable();
    t.text('action').notNullable();
    t.text('record_type').notNullable();
    t.text('record_id').notNullable();
    t.jsonb('changes').notNullable().defaultTo('{}');
    t.text('ip').nullable();
    t.text('prev_hash').notNullable();
    t.text('hash').notNullable();
    t.index(['company_id', 'id'], 'audit_log_company_idx');
    t.index(['actor_id', 'id'], 'audit_log_actor_idx');
    t.index(['record_type', 'record_id'], 'audit_log_record_idx');
    t.index(['at'], 'audit_log_at_idx');
  });
  await knex.raw(AUDIT_LOG_APPEND_ONLY);
  await knex.raw('create trigger audit_log_no_update before update or delete on audit_log for each row execute function audit_log_append_only()');
  await knex.raw('create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('audit_log');
  await knex.raw('drop function audit_log_append_only()');
}
