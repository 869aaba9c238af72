/**
 * The tender phase and the opening's time as readers see them are computed twice:
 * shared/tender.ts phaseOf and openedAt in TypeScript, tenderPhaseSql and openedAtSql in
 * the projects query. Each row of the table is a project at a boundary of its tender
 * (just before, at and after each moment, at the exact instant); both are asked about
 * the same row at the same `now` and must give the same answers, which are also the ones
 * written in the table.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/harness';
import { openedAt, phaseOf, type TenderPhase } from '../../../shared/tender';
import { openedAtSql, tenderPhaseSql } from './queries';

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());

const T = (iso: string) => new Date(iso);
const at = (t: Date, deltaMs: number) => new Date(t.getTime() + deltaMs);
const OPENS = T('2027-01-01T21:00:00.000Z');
const OPENED = at(OPENS, 60_000);
const AWARDED = T('2027-01-03T09:00:00.000Z');
const ENDS = T('2027-01-08T09:00:00.000Z');
const FINAL = at(ENDS, 60_000);

interface Case {
  name: string;
  status?: string;
  opens_at?: Date | null;
  opened_at?: Date | null;
  awarded_at?: Date | null;
  standstill_ends_at?: Date | null;
  award_final_at?: Date | null;
  envelopes?: 1 | 2;
  technical_evaluated_at?: Date | null;
  financial_opened_at?: Date | null;
  now: Date;
  phase: TenderPhase | null;
  /** when readers see it opened */
  seen: Date | null;
}

const sealed = { opens_at: OPENS };
const opened = { opens_at: OPENS, opened_at: OPENED };
const awarded = { ...opened, awarded_at: AWARDED, standstill_ends_at: ENDS };

const CASES: Case[] = [
  { name: 'no deadline, never closed', opens_at: null, now: T('2030-01-01T00:00:00Z'), phase: 'bidding', seen: null },
  { name: 'just before opens_at', ...sealed, now: at(OPENS, -1), phase: 'bidding', seen: null },
  { name: 'at opens_at', ...sealed, now: OPENS, phase: 'evaluation', seen: OPENS },
  { name: 'just after opens_at, not swept yet', ...sealed, now: at(OPENS, 1), phase: 'evaluation', seen: OPENS },
  { name: 'opened', ...opened, now: OPENED, phase: 'evaluation', seen: OPENED },
  { name: 'opened before its opens_at (record made early)', ...opened, opens_at: at(OPENED, 3_600_000), now: OPENED, phase: 'evaluation', seen: OPENED },
  { name: 'at the award', ...awarded, now: AWARDED, phase: 'standstill', seen: OPENED },
  { name: 'within the standstill', ...awarded, now: at(ENDS, -1), phase: 'standstill', seen: OPENED },
  { name: 'at the end of the standstill', ...awarded, now: ENDS, phase: 'standstill', seen: OPENED },
  { name: 'after the standstill, not final (an objection open)', ...awarded, now: at(ENDS, 1), phase: 'standstill', seen: OPENED },
  { name: 'final', ...awarded, status: 'in_progress', award_final_at: FINAL, now: FINAL, phase: null, seen: OPENED },
  { name: 'final at once (no standstill)', ...opened, status: 'in_progress', awarded_at: AWARDED, standstill_ends_at: AWARDED, award_final_at: AWARDED, now: AWARDED, phase: null, seen: OPENED },
  { name: 'award withdrawn by an upheld objection', ...opened, now: at(ENDS, -1), phase: 'evaluation', seen: OPENED },
  { name: 'completed', ...awarded, status: 'completed', award_final_at: FINAL, now: at(FINAL, 1), phase: null, seen: OPENED },
  { name: 'cancelled while bidding', ...sealed, status: 'cancelled', now: at(OPENS, -1), phase: null, seen: null },
  { name: 'cancelled at opens_at', ...sealed, status: 'cancelled', now: OPENS, phase: null, seen: null },
  // Two envelopes: the technical envelopes from the opening until the financial opening.
  { name: 'two envelopes, bidding', ...sealed, envelopes: 2, now: at(OPENS, -1), phase: 'bidding', seen: null },
  { name: 'two envelopes, at opens_at', ...sealed, envelopes: 2, now: OPENS, phase: 'technical_evaluation', seen: OPENS },
  { name: 'two envelopes, opened', ...opened, envelopes: 2, now: OPENED, phase: 'technical_evaluation', seen: OPENED },
  { name: 'two envelopes, evaluated', ...opened, envelopes: 2, technical_evaluated_at: AWARDED, now: AWARDED, phase: 'technical_evaluation', seen: OPENED },
  { name: 'two envelopes, financial opened', ...opened, envelopes: 2, technical_evaluated_at: AWARDED, financial_opened_at: AWARDED, now: AWARDED, phase: 'evaluation', seen: OPENED },
  { name: 'two envelopes, awarded', ...awarded, envelopes: 2, technical_evaluated_at: AWARDED, financial_opened_at: AWARDED, now: at(ENDS, -1), phase: 'standstill', seen: OPENED },
];

it('the SQL and shared/tender.ts agree on the phase and the opening time at every boundary of a tender', async () => {
  const [owner] = await db.knex('users').insert({ email: `owner-${crypto.randomUUID()}@example.sa` }).returning('id');
  const seen: Array<{ name: string; sql: unknown; ts: unknown; table: unknown }> = [];
  const iso = (t: Date | null) => t?.toISOString() ?? null;
  for (const c of CASES) {
    const [{ id }] = await db
      .knex('projects')
      .insert({
        government_id: owner.id,
        title: c.name,
        description: '-',
        location: '-',
        status: c.status ?? 'open',
        opens_at: c.opens_at ?? null,
        opened_at: c.opened_at ?? null,
        awarded_at: c.awarded_at ?? null,
        standstill_ends_at: c.standstill_ends_at ?? null,
        award_final_at: c.award_final_at ?? null,
        envelopes: c.envelopes ?? 1,
        technical_evaluated_at: c.technical_evaluated_at ?? null,
        financial_opened_at: c.financial_opened_at ?? null,
      })
      .returning('id');
    const row = await db
      .knex('projects as p')
      .where('p.id', id)
      .first('p.status', 'p.opens_at', 'p.opened_at', 'p.awarded_at', 'p.standstill_ends_at', 'p.award_final_at', 'p.envelopes', 'p.financial_opened_at', db.knex.raw('? as phase', [tenderPhaseSql(db.knex, c.now)]), db.knex.raw('? as seen', [openedAtSql(db.knex, c.now)]));
    seen.push({
      name: c.name,
      sql: [row.phase, iso(row.seen)],
      ts: [phaseOf(row, c.now), iso(openedAt(row, c.now))],
      table: [c.phase, iso(c.seen)],
    });
  }
  expect(seen.map((s) => [s.name, s.sql])).toEqual(seen.map((s) => [s.name, s.ts]));
  expect(seen.map((s) => [s.name, s.ts])).toEqual(seen.map((s) => [s.name, s.table]));
});
