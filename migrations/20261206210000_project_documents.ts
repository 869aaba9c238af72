/**
 * A tender's documents (server/modules/projects/documents.ts): the files its owner attaches
 * (specification, bill of quantities, drawings, contract terms, other), each a version; an
 * addendum is a new version that replaces one until the deadline, the replaced version
 * kept and marked superseded (superseded_by, superseded_at) so every reader sees what
 * changed. The bytes are in the object store under documents/<hash> (the SHA-256 of the
 * file, which the open data publishes), never under the public /media path.
 *
 * document_uploads: a finished tus upload of kind tender_document, checked (format, size)
 * and stored, waiting for its uploader to attach it with POST /api/projects/{id}/documents.
 * The id is the tus upload's; attaching deletes the row. Rows left unattached for a day are
 * deleted with the unfinished uploads (the same upkeep).
 *
 * unfinished_uploads gains the kind tender_document (its target: the project).
 */
import type { Knex } from 'knex';

const KINDS_BEFORE = ['product_photo', 'delivery_file', 'payment_receipt', 'order_photo'];
const TYPES = ['specification', 'bill_of_quantities', 'drawing', 'contract_terms', 'other'];
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
  await knex.schema.createTable('document_uploads', (t) => {
    t.text('id').primary().checkRegex('^[0-9a-f]{32}$');
    t.uuid('account_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.uuid('project_id').notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.text('hash').notNullable();
    t.bigInteger('bytes').notNullable().checkPositive();
    t.text('format').notNullable().checkIn(FORMATS);
    t.text('filename').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('project_documents', (t) => {
    t.uuid('id').primary();
    t.uuid('project_id').notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.text('type').notNullable().checkIn(TYPES);
    t.text('title').notNullable();
    t.text('filename').notNullable();
    t.text('format').notNullable().checkIn(FORMATS);
    t.bigInteger('bytes').notNullable().checkPositive();
    t.text('hash').notNullable();
    t.uuid('replaces_id').nullable().references('id').inTable('project_documents');
    t.uuid('superseded_by').nullable().references('id').inTable('project_documents');
    t.timestamp('superseded_at', { useTz: true }).nullable();
    t.uuid('published_by').nullable().references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('published_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.index(['project_id', 'published_at'], 'project_documents_project_idx');
  });
  await knex.raw(`alter table project_documents add constraint project_documents_hash_check check (hash ~ '^[0-9a-f]{64}$')`);
  await knex.raw(`alter table document_uploads add constraint document_uploads_hash_check check (hash ~ '^[0-9a-f]{64}$')`);
  await knex.raw(`alter table project_documents add constraint project_documents_superseded_check check ((superseded_by is null) = (superseded_at is null))`);
  // A version is replaced at most once: two addenda of the same version cannot both stand.
  await knex.raw('create unique index project_documents_replaces_idx on project_documents (replaces_id) where replaces_id is not null');
  await setUploadKinds(knex, [...KINDS_BEFORE, 'tender_document']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('unfinished_uploads').where({ kind: 'tender_document' }).delete();
  await setUploadKinds(knex, KINDS_BEFORE);
  await knex.schema.dropTable('project_documents');
  await knex.schema.dropTable('document_uploads');
}
