/**
 * Two envelopes and bid bonds. A project takes `envelopes` 1 (the bid opened whole at the
 * opening, as before) or 2: each bid carries a technical envelope (`bids.technical`: a
 * text and bid documents) opened at the opening, and its financial envelope (amount,
 * days, proposal) stays sealed until the owner has evaluated every technical envelope
 * (`technical_pass`, `technical_reason`; projects.technical_evaluated_at) and opened the
 * financial ones (projects.financial_opened_at, tender_openings.financial_opened_at);
 * a bid that failed is never opened. `bid_bond_percent` asks each bidder for a bank's bid
 * bond (`bids.bid_bond`: the guarantee's document, number, bank, expiry), marked at the
 * opening as compliant or not (`bids.bid_bond_compliant`, null when none is asked).
 *
 * bid_documents: the files of technical envelopes and bonds, a contractor's own for one
 * project, stored under documents/<hash> like tender documents. document_uploads gains
 * `kind` (tender_document or bid_document), so each attach takes only its own kind, and
 * unfinished_uploads the kind bid_document.
 *
 * Existing opening records' entries gain bid_bond_compliant and technical_pass (null: no
 * bond was asked, one envelope).
 */
import type { Knex } from 'knex';

const KINDS_BEFORE = ['product_photo', 'delivery_file', 'payment_receipt', 'order_photo', 'tender_document'];
const FORMATS = ['pdf', 'xlsx', 'dwg', 'png', 'jpeg'];

async function setUploadKinds(knex: Knex, kinds: string[]): Promise<void> {
  const { rows } = await knex.raw(
    `select conname from pg_constraint where conrelid = 'unfinished_uploads'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`,
  );
  for (const { conname } of rows as Array<{ conname: string }>) await knex.raw('alter table unfinished_uploads drop constraint ??', [conname]);
  // DDL takes no bind parameters: the kinds are this file's constants.
  await knex.raw(`alter table unfinished_uploads add constraint unfinished_uploads_kind_check check (kind in (${kinds.map((k) => `'${k}'`).join(', ')}))`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projects', (t) => {
    t.smallint('envelopes').notNullable().defaultTo(1);
    t.decimal('bid_bond_percent', 4, 2).nullable();
    t.timestamp('technical_evaluated_at', { useTz: true }).nullable();
    t.timestamp('financial_opened_at', { useTz: true }).nullable();
  });
  await knex.raw(`alter table projects add constraint projects_envelopes_check check (envelopes in (1, 2))`);
  await knex.raw(`alter table projects add constraint projects_bid_bond_percent_check check (bid_bond_percent is null or (bid_bond_percent > 0 and bid_bond_percent <= 10))`);
  // The financial opening follows the evaluation, and both only a two-envelope tender's.
  await knex.raw(
    `alter table projects add constraint projects_envelope_steps_check check (
       (financial_opened_at is null or technical_evaluated_at is not null) and (envelopes = 2 or technical_evaluated_at is null))`,
  );
  await knex.schema.alterTable('bids', (t) => {
    t.jsonb('technical').nullable();
    t.jsonb('bid_bond').nullable();
    t.boolean('bid_bond_compliant').nullable();
    t.boolean('technical_pass').nullable();
    t.text('technical_reason').nullable();
  });
  await knex.raw(`alter table bids add constraint bids_technical_reason_check check (technical_pass is not false or technical_reason is not null)`);
  await knex.schema.alterTable('tender_openings', (t) => {
    t.timestamp('financial_opened_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `update tender_openings set record = coalesce(
       (select jsonb_agg(e || '{"bid_bond_compliant": null, "technical_pass": null}'::jsonb order by n)
          from jsonb_array_elements(record) with ordinality as x(e, n)), '[]'::jsonb)`,
  );

  await knex.schema.alterTable('document_uploads', (t) => {
    t.text('kind').notNullable().defaultTo('tender_document').checkIn(['tender_document', 'bid_document']);
  });
  await knex.schema.createTable('bid_documents', (t) => {
    t.uuid('id').primary();
    t.uuid('project_id').notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.uuid('contractor_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('title').notNullable();
    t.text('filename').notNullable();
    t.text('format').notNullable().checkIn(FORMATS);
    t.bigInteger('bytes').notNullable().checkPositive();
    t.text('hash').notNullable();
    t.uuid('created_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['project_id', 'contractor_id'], 'bid_documents_owner_idx');
  });
  await knex.raw(`alter table bid_documents add constraint bid_documents_hash_check check (hash ~ '^[0-9a-f]{64}$')`);
  await setUploadKinds(knex, [...KINDS_BEFORE, 'bid_document']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('unfinished_uploads').where({ kind: 'bid_document' }).delete();
  await setUploadKinds(knex, KINDS_BEFORE);
  await knex.schema.dropTable('bid_documents');
  await knex('document_uploads').where({ kind: 'bid_document' }).delete();
  await knex.schema.alterTable('document_uploads', (t) => {
    t.dropColumn('kind');
  });
  await knex.raw(
    `update tender_openings set record = coalesce(
       (select jsonb_agg(e - 'bid_bond_compliant' - 'technical_pass' order by n) from jsonb_array_elements(record) with ordinality as x(e, n)), '[]'::jsonb)`,
  );
  await knex.schema.alterTable('tender_openings', (t) => {
    t.dropColumn('financial_opened_at');
  });
  await knex.raw('alter table bids drop constraint if exists bids_technical_reason_check');
  await knex.schema.alterTable('bids', (t) => {
    t.dropColumn('technical');
    t.dropColumn('bid_bond');
    t.dropColumn('bid_bond_compliant');
    t.dropColumn('technical_pass');
    t.dropColumn('technical_reason');
  });
  await knex.raw('alter table projects drop constraint if exists projects_envelope_steps_check');
  await knex.raw('alter table projects drop constraint if exists projects_bid_bond_percent_check');
  await knex.raw('alter table projects drop constraint if exists projects_envelopes_check');
  await knex.schema.alterTable('projects', (t) => {
    t.dropColumn('envelopes');
    t.dropColumn('bid_bond_percent');
    t.dropColumn('technical_evaluated_at');
    t.dropColumn('financial_opened_at');
  });
}
