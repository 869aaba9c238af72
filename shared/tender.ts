/**
 * Sealed tendering, the parts both sides compute: a bid's canonical form and its SHA-256
 * digest (the bidder's receipt, and what the opening record lists, so every bidder can
 * check that what was opened is what they sent), the opening moment of a deadline, and
 * the phase of a project's tender.
 *
 * The canonical form is JSON with the keys in a fixed order: project_id, contractor_id,
 * amount (a string with 2 decimals), estimated_completion_days (a number or null),
 * proposal (Unicode NFC), received_at (ISO-8601 UTC with milliseconds). The digest is the
 * lowercase hex SHA-256 of its UTF-8 bytes, computed with WebCrypto so the browser and
 * the server get the same answer.
 */
import type { ProjectStatus } from './lifecycles/projects';
import { riyadhDay, riyadhDayEnd } from './riyadh';

export interface CanonicalBidInput {
  project_id: string;
  contractor_id: string;
  amount: number | string;
  estimated_completion_days: number | null | undefined;
  proposal: string;
  /** the server time the version was received (a Date or any string Date parses) */
  received_at: string | Date;
  /** a two-envelope tender's technical envelope: its text and the ids of the files it names, in order (a bid document's file never changes) */
  technical?: { text?: string | null; document_ids: string[] } | null;
  /** the bid bond, when one was given */
  bid_bond?: { document_id: string; number: string; bank: string; expires_on: string } | null;
}

/**
 * The canonical string of one version of a bid. A technical envelope and a bid bond are
 * appended (keys technical, then bid_bond) only when present, so a one-envelope bid
 * without a bond has the same form, and digest, as before either existed.
 */
export function canonicalBid(b: CanonicalBidInput): string {
  const form: Record<string, unknown> = {
    project_id: b.project_id,
    contractor_id: b.contractor_id,
    amount: Number(b.amount).toFixed(2),
    estimated_completion_days: b.estimated_completion_days ?? null,
    proposal: b.proposal.normalize('NFC'),
    received_at: new Date(b.received_at).toISOString(),
  };
  if (b.technical) form.technical = { text: b.technical.text?.normalize('NFC') ?? null, document_ids: b.technical.document_ids };
  if (b.bid_bond) {
    form.bid_bond = {
      document_id: b.bid_bond.document_id,
      number: b.bid_bond.number.normalize('NFC'),
      bank: b.bid_bond.bank.normalize('NFC'),
      expires_on: b.bid_bond.expires_on,
    };
  }
  return JSON.stringify(form);
}

/** Lowercase hex SHA-256 of the bid's canonical form. */
export async function bidDigest(b: CanonicalBidInput): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalBid(b));
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(hash), (x) => x.toString(16).padStart(2, '0')).join('');
}

/**
 * The opening moment of a project whose deadline is `deadline_date` (YYYY-MM-DD, a day in
 * Riyadh): the end of that day, i.e. the next day at 00:00 in Riyadh, as an ISO string in
 * UTC. Bids are taken until then; from then on they are opened.
 */
export function openingMoment(deadline_date: string): string {
  return riyadhDayEnd(deadline_date).toISOString();
}

const MINUTE_MS = 60_000;

/**
 * A tender's deadline from what its owner set: `deadline_at`, the last moment bids are
 * taken, to the minute (seconds and less are dropped), or a date-only `deadline_date`,
 * which means the end of that day in Riyadh. `at` is the instant (ISO, UTC) and `day` the
 * Riyadh day it closes (the end of a day closes that day, not the next). Null without either.
 */
export function tenderDeadline(input: { deadline_at?: string | null; deadline_date?: string | null }): { at: string; day: string } | null {
  const at = input.deadline_at
    ? new Date(Math.floor(Date.parse(input.deadline_at) / MINUTE_MS) * MINUTE_MS)
    : input.deadline_date
      ? riyadhDayEnd(input.deadline_date)
      : null;
  return at ? { at: at.toISOString(), day: riyadhDay(at.getTime() - 1) } : null;
}

/**
 * How long a bid binds its bidder after the deadline: a bid bond must stay valid that
 * long (bidBondCompliant), so the owner may still call it when the winner walks away.
 */
export const BID_VALIDITY_DAYS = 90;

const DAY_MS = 86_400_000;

/**
 * Whether a bid bond covers the bid validity: present, and expiring no earlier than the
 * Riyadh day the bidding closed (`closes_at`: the deadline, or the moment the owner
 * closed the bidding) plus BID_VALIDITY_DAYS. A bond expiring on that day still covers it.
 */
export function bidBondCompliant(bond: { expires_on: string } | null | undefined, closes_at: string | Date): boolean {
  if (!bond) return false;
  const closingDay = riyadhDay(new Date(closes_at).getTime() - 1);
  const until = new Date(Date.parse(`${closingDay}T00:00:00.000Z`) + BID_VALIDITY_DAYS * DAY_MS).toISOString().slice(0, 10);
  return bond.expires_on >= until;
}

/**
 * The phases of an open tender: bidding until the opening; a two-envelope tender then
 * spends technical_evaluation (the technical envelopes are open, the financial ones
 * sealed) until its financial opening; then evaluation until an award, and standstill
 * until the award is final.
 */
export const TENDER_PHASES = ['bidding', 'technical_evaluation', 'evaluation', 'standstill'] as const;
export type TenderPhase = (typeof TENDER_PHASES)[number];

export interface TenderState {
  status: string;
  opens_at: string | Date | null;
  opened_at: string | Date | null;
  awarded_at: string | Date | null;
  standstill_ends_at?: string | Date | null;
  award_final_at: string | Date | null;
  /** 2: a two-envelope tender; absent or 1: one envelope */
  envelopes?: number;
  financial_opened_at?: string | Date | null;
}

type Moment = string | Date | number;
const ms = (t: Moment) => new Date(t).getTime();

/*
 * The tender's rules at `now`, each in one predicate; every TypeScript check of a phase
 * uses these, and server/modules/projects/queries.ts tenderPhaseSql writes phaseOf in SQL
 * (queries.test.ts holds the two to the same answer at every boundary). A moment is
 * reached at its exact instant: opens_at <= now closes the bidding, standstill_ends_at
 * <= now ends the standstill.
 */

/** Bidding has closed: the opening record is made, or the opening time has come. No bid is taken, amended or withdrawn from then on. */
export function isBiddingClosed(p: Pick<TenderState, 'opens_at' | 'opened_at'>, now: Moment): boolean {
  return !!p.opened_at || (!!p.opens_at && ms(p.opens_at) <= ms(now));
}

/** The opening record is due: an open project whose opening time has come and that has no record yet. */
export function isOpeningDue(p: Pick<TenderState, 'status' | 'opens_at' | 'opened_at'>, now: Moment): boolean {
  return p.status === 'open' && !p.opened_at && !!p.opens_at && ms(p.opens_at) <= ms(now);
}

/**
 * When the project was opened, as every reader sees it at `now`: its opening record's
 * time, or its opening time once that has come (the record, written later, is dated at
 * it); null before. server/modules/projects/queries.ts openedAtSql writes it in SQL.
 */
export function openedAt(p: Pick<TenderState, 'status' | 'opens_at' | 'opened_at'>, now: Moment): Date | null {
  if (p.opened_at) return new Date(p.opened_at);
  return isOpeningDue(p, now) ? new Date(p.opens_at!) : null;
}

/** An award is made and not final yet (the phase is standstill until it is final, even with an objection open past its end). */
function isAwardPending(p: Pick<TenderState, 'status' | 'awarded_at' | 'award_final_at'>): boolean {
  return p.status === 'open' && !!p.awarded_at && !p.award_final_at;
}

/** The standstill of a pending award is running: losing bidders may still object. */
export function isInStandstill(p: Pick<TenderState, 'status' | 'awarded_at' | 'award_final_at' | 'standstill_ends_at'>, now: Moment): boolean {
  return isAwardPending(p) && !!p.standstill_ends_at && ms(p.standstill_ends_at) > ms(now);
}

/** The standstill of a pending award has ended: it becomes final once no objection to it is open. */
export function isStandstillOver(p: Pick<TenderState, 'status' | 'awarded_at' | 'award_final_at' | 'standstill_ends_at'>, now: Moment): boolean {
  return isAwardPending(p) && !!p.standstill_ends_at && ms(p.standstill_ends_at) <= ms(now);
}

/** A two-envelope tender whose financial envelopes are still sealed. */
export function isFinancialSealed(p: Pick<TenderState, 'envelopes' | 'financial_opened_at'>): boolean {
  return p.envelopes === 2 && !p.financial_opened_at;
}

/**
 * Where an open project's tender stands at `now`: bidding until the opening; for a
 * two-envelope tender technical_evaluation from the opening until its financial opening;
 * evaluation from then (a one-envelope tender: from the opening) until an award,
 * standstill from the award until it is final. Null for a project that is not open
 * (in_progress after the final award, completed, cancelled).
 */
export function phaseOf(p: TenderState, now: Moment = Date.now()): TenderPhase | null {
  if (p.status !== 'open') return null;
  if (isAwardPending(p)) return 'standstill';
  if (isBiddingClosed(p, now)) return isFinancialSealed(p) ? 'technical_evaluation' : 'evaluation';
  return 'bidding';
}

/**
 * How a project's status reads to people: an open project in its standstill reads
 * 'awarded'. Its row stays open until the award is final, since a losing bidder may still
 * object and an upheld objection withdraws the award, but the bidding is over and a
 * winner is named, so "open" would tell a reader it still takes bids.
 */
export type ShownProjectStatus = ProjectStatus | 'awarded';

export function shownProjectStatus(status: ProjectStatus, phase: TenderPhase | null): ShownProjectStatus {
  return status === 'open' && phase === 'standstill' ? 'awarded' : status;
}
