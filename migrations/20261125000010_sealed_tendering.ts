/**
 * Sealed tendering: bids stay sealed until the project's opening, each accepted bid or
 * amendment gets a receipt (a SHA-256 digest of its canonical form), the opening is
 * recorded once with every bid's digest, and an award runs a standstill period in which
 * losing bidders may object before it becomes final.
 *
 * projects: opens_at (the end of the deadline day in Riyadh, or the moment the owner
 * closed the bidding of a project without a deadline), opened_at (when the opening record
 * was made), awarded_at / standstill_ends_at / award_final_at (the award and its
 * standstill). bids: received_at (server time of the current version) and digest.
 * bid_receipts: every accepted submission, amendment and withdrawal. tender_openings: the
 * opening record, one per project. award_objections: one per bidder and award.
 *
 * Existing rows: a project with a deadline opens at the end of its day; a project already
 * awarded counts as opened and its award as final at its last update, so nothing that
 * was decided before sealed tendering reopens. Existing bids get received_at = their last
 * update and their digest, computed here with the same canonical form as
 * shared/tender.ts (repeated on purpose: a migration is a frozen record).
 */
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { money, timestamps, uuidPrimaryKey } from './helpers';

function canonical(b: { project_id: string; contractor_id: string; amount: string | number; estimated_completion_days: number | null; proposal: string; received_at: Date }) {
  return JSON.stringify({
    project_id: b.project_id,
    contractor_id: b.contractor_id,
    amount: Number(b.amount).toFixed(2),
    estimated_completion_days: b.estimated_completion_days ?? null,
    proposal: b.proposal.normalize('NFC'),
    received_at: new Date(b.received_at).toISOString(),
  });
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('projects', (t) => {
    t.timestamp('opens_at', { useTz: true }).nullable();
    t.timestamp('opened_at', { useTz: true }).nullable();
    t.timestamp('awarded_at', { useTz: true }).nullable();
    t.timestamp('standstill_ends_at', { useTz: true }).nullable();
    t.timestamp('award_final_at', { useTz: true }).nullable();
  });
  // The opening sweep looks for open projects whose opening time has come and that have no record yet.
  await knex.raw(`create index projects_due_opening_idx on projects (opens_at) where opened_at is null and status = 'open'`);
  // The finalisation sweep looks for awards whose standstill is running.
  await knex.raw(`create index projects_standstill_idx on projects (standstill_ends_at) where award_final_at is null and awarded_at is not null`);
  // Riyadh is UTC+3 all year: the next day's midnight there is 21:00 UTC of the deadline day.
  await knex.raw(`update projects set opens_at = ((deadline_date + 1)::timestamp - interval '3 hours') at time zone 'UTC' where deadline_date is not null`);
  await knex.raw(`
    update projects set opened_at = coalesce(opens_at, updated_at), opens_at = coalesce(opens_at, updated_at),
      awarded_at = updated_at, standstill_ends_at = updated_at, award_final_at = updated_at
     where awarded_bid_id is not null`);
  await knex.raw(`update projects set opened_at = coalesce(opens_at, updated_at), opens_at = coalesce(opens_at, updated_at)
     where status in ('completed', 'cancelled') and opened_at is null`);

  await knex.schema.alterTable('bids', (t) => {
    t.timestamp('received_at', { useTz: true }).nullable();
    t.text('digest').nullable();
  });
  const bids: Array<{ id: string; project_id: string; contractor_id: string; amount: string; estimated_completion_days: number | null; proposal: string; updated_at: Date }> =
    await knex('bids').select('id', 'project_id', 'contractor_id', 'amount', 'estimated_completion_days', 'proposal', 'updated_at');
  for (const b of bids) {
    const digest = crypto.createHash('sha256').update(canonical({ ...b, received_at: b.updated_at })).digest('hex');
    await knex('bids').where({ id: b.id }).update({ received_at: b.updated_at, digest });
  }
  // Every bid has its receipt from now on.
  await knex.raw('alter table bids alter column received_at set default now(), alter column received_at set not null, alter column digest set not null');
  await knex.raw(`alter table bids add constraint bids_digest_check check (digest ~ '^[0-9a-f]{64}$')`);

  await knex.schema.createTable('bid_receipts', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('bid_id').notNullable().references('id').inTable('bids');
    t.uuid('project_id').notNullable().references('id').inTable('projects');
    t.uuid('contractor_id').notNullable().references('id').inTable('users');
    t.text('kind').notNullable().checkIn(['submitted', 'amended', 'withdrawn']);
    money(t, 'amount').notNullable();
    t.integer('estimated_completion_days').nullable();
    t.text('proposal').notNullable();
    t.timestamp('received_at', { useTz: true }).notNullable();
    t.text('digest').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['bid_id', 'received_at'], 'bid_receipts_bid_idx');
  });

  await knex.schema.createTable('tender_openings', (t) => {
    t.uuid('project_id').primary().references('id').inTable('projects');
    t.timestamp('opened_at', { useTz: true }).notNullable();
    t.integer('bid_count').notNullable();
    t.jsonb('record').notNullable();
    timestamps(knex, t);
  });

  await knex.schema.createTable('award_objections', (t) => {
    uuidPrimaryKey(knex, t);
    t.uuid('project_id').notNullable().references('id').inTable('projects');
    t.uuid('award_bid_id').notNullable().references('id').inTable('bids');
    // when the award objected to was made and its standstill was to end: a withdrawn
    // award's own times, which the open data keeps publishing unchanged
    t.timestamp('award_awarded_at', { useTz: true }).notNullable();
    t.timestamp('award_standstill_ends_at', { useTz: true }).notNullable();
    t.uuid('bid_id').notNullable().references('id').inTable('bids');
    t.uuid('contractor_id').notNullable().references('id').inTable('users');
    t.text('reason').notNullable();
    t.text('status').notNullable().defaultTo('open').checkIn(['open', 'upheld', 'rejected']);
    t.text('answer').nullable();
    t.timestamp('answered_at', { useTz: true }).nullable();
    timestamps(knex, t);
    t.unique(['award_bid_id', 'contractor_id'], { indexName: 'award_objections_one_per_award' });
    t.index(['project_id', 'created_at'], 'award_objections_project_idx');
  });
  await knex.raw('create trigger award_objections_touch_updated_at before update on award_objections for each row execute function set_updated_at()');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('award_objections');
  await knex.schema.dropTable('tender_openings');
  await knex.schema.dropTable('bid_receipts');
  await knex.schema.alterTable('bids', (t) => {
    t.dropColumn('received_at');
    t.dropColumn('digest');
  });
  await knex.raw('drop index if exists projects_due_opening_idx');
  await knex.raw('drop index if exists projects_standstill_idx');
  await knex.schema.alterTable('projects', (t) => {
    for (const c of ['opens_at', 'opened_at', 'awarded_at', 'standstill_ends_at', 'award_final_at']) t.dropColumn(c);
  });
}
