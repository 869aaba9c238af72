/**
 * Questions and answers of a tender (server/modules/projects/tender-questions.ts): until
 * a project's `questions_until` (set by its owner, before its opening) contractors ask;
 * the owner answers each, and the answer is published to every signed-in reader with the
 * asker withheld. `id` is the asker's client-chosen id, so a replay is the same question.
 * `company_id` is the asking company (the account), `asked_by` the person who typed it.
 */
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projects', (t) => {
    t.timestamp('questions_until', { useTz: true }).nullable();
  });
  await knex.schema.createTable('tender_questions', (t) => {
    t.uuid('id').primary();
    t.uuid('project_id').notNullable().references('id').inTable('projects').onDelete('CASCADE');
    t.uuid('company_id').notNullable().references('id').inTable('users');
    t.uuid('asked_by').notNullable().references('id').inTable('users');
    t.text('text').notNullable();
    t.timestamp('asked_at', { useTz: true }).notNullable();
    t.text('answer').nullable();
    t.timestamp('answered_at', { useTz: true }).nullable();
    t.uuid('answered_by').nullable().references('id').inTable('users');
  });
  await knex.raw(`alter table tender_questions add constraint tender_questions_answer_check
    check ((answer is null) = (answered_at is null) and (answer is null) = (answered_by is null))`);
  await knex.raw('create index tender_questions_project_idx on tender_questions (project_id, asked_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('tender_questions');
  await knex.schema.alterTable('projects', (t) => {
    t.dropColumn('questions_until');
  });
}
