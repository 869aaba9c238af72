/**
 * A project as Open Contracting Data Standard releases: one release per event of its
 * tender (published, opened, awarded, award final or withdrawn, completed, cancelled),
 * each a full snapshot of the process after that event. A release describes a moment
 * that has passed, so its id (`<ocid>-<event>`) and content never change once it exists:
 * a consumer that stored it keeps a true copy, and a later event is a new release.
 *
 * What is published when, so nothing sealed leaks:
 * - before the opening: the tender as the project page shows it (title, description,
 *   location, requirements, budget, the tender period), nothing about any bid, not even
 *   how many there are;
 * - from the opening: the number of tenderers (the bids the opening record counted);
 *   amounts and bidders stay unpublished, as the losing bids stay with the owner and the
 *   bidders;
 * - from an award: the award's value and its supplier (status pending during the
 *   standstill, active once final, cancelled when an upheld objection or a cancellation
 *   withdraws it), and the standstill period;
 * - from the final award: the contract (value, signature date, the winning bid's days),
 *   terminated when the project is completed or cancelled.
 * Questions (the Enquiries extension): the enquiry period from the start; each answer,
 * when published, with its question, never who asked (projects/tender-questions.ts).
 * Documents: each version from its publication, an addendum as a tenderAmendment (documents.ts).
 * A two-envelope tender says so (submissionMethodDetails); from its technical evaluation
 * each bid is listed as valid or disqualified, never with a value (bid-extension.ts).
 * Amounts are in SAR, the currency every price on the marketplace is in.
 */
import { ENQUIRY_EXTENSION_URL } from './enquiry-extension';
import { amendmentsAt, documentsAt, type DocumentFacts } from './documents';
import { BID_EXTENSION_URL, TWO_ENVELOPES, bidDetail } from './bid-extension';

const OCDS_VERSION = '1.1';
const CURRENCY = 'SAR';
const PUBLISHER_NAME = 'Binaa Market';

interface Organization {
  id: string;
  name: string;
}

/** One award the owner made, in the order they were made. */
export interface AwardFacts {
  supplier: Organization;
  amount: number;
  estimated_completion_days: number | null;
  awarded_at: Date;
  /** the end of its standstill (equal to awarded_at when there was none) */
  standstill_ends_at: Date | null;
  /** when it became final, null while pending or when it was withdrawn */
  final_at: Date | null;
  /** when an upheld objection withdrew it */
  withdrawn_at: Date | null;
}

/** An answered question: what was asked and answered, and when; never who asked. */
export interface EnquiryFacts {
  id: string;
  text: string;
  asked_at: Date;
  answer: string;
  answered_at: Date;
}

/** What the open data is made of: the project's public fields and its tender's events. */
export interface TenderFacts {
  id: string;
  title: string;
  description: string;
  location: string;
  requirements: string | null;
  budget: number | null;
  /** the deadline day; with one, the opening moment is known from the start */
  deadline_date: string | null;
  status: 'open' | 'in_progress' | 'completed' | 'cancelled';
  created_at: Date;
  /** when a completed or cancelled project was closed */
  closed_at: Date;
  buyer: Organization;
  /** the opening moment once it is known (from the deadline, or when the owner closed the bidding) */
  opens_at: Date | null;
  /** the opening record: when it was made and how many bids it opened */
  opening: { opened_at: Date; bid_count: number } | null;
  awards: AwardFacts[];
  /** until when questions were taken, if they were */
  questions_until: Date | null;
  /** the answered questions, oldest answer first */
  enquiries: EnquiryFacts[];
  /** every version of its documents, oldest first, and where each one's file is */
  documents: DocumentFacts[];
  documentUrl: (id: string) => string;
  /** 2: a two-envelope tender; absent: one envelope */
  envelopes?: 1 | 2;
  /** a two-envelope tender's technical evaluation once recorded: when, and each bid's verdict */
  technical?: { evaluated_at: Date; bids: Array<{ id: string; pass: boolean }> } | null;
}

type Json = Record<string, unknown>;

export interface Release extends Json {
  ocid: string;
  id: string;
  date: string;
  tag: string[];
}

const iso = (d: Date) => d.toISOString();
const money = (amount: number) => ({ amount, currency: CURRENCY });

interface Event {
  key: string;
  date: Date;
  tag: string[];
  /** applies the event to the snapshot */
  apply(s: State): void;
}

interface AwardState {
  n: number;
  facts: AwardFacts;
  status: 'pending' | 'active' | 'cancelled';
  contract: 'active' | 'terminated' | null;
}

interface State {
  tenderStatus: 'active' | 'complete' | 'cancelled';
  tenderEnd: Date | null;
  opening: TenderFacts['opening'];
  awards: AwardState[];
  enquiries: EnquiryFacts[];
  technical: TenderFacts['technical'];
}

const ocidOf = (prefix: string, projectId: string) => `${prefix}-${projectId}`;

/** The project's releases, oldest first. */
export function projectReleases(prefix: string, f: TenderFacts): Release[] {
  const ocid = ocidOf(prefix, f.id);
  const events: Event[] = [];
  events.push({
    key: 'tender',
    date: f.created_at,
    tag: ['tender'],
    apply: (s) => {
      // With a deadline the opening moment is public from the start; without one it is
      // known when the owner closes the bidding, which is also the opening.
      if (f.deadline_date && f.opens_at) s.tenderEnd = f.opens_at;
    },
  });
  if (f.opening) {
    const opening = f.opening;
    events.push({
      key: 'opening',
      date: opening.opened_at,
      tag: ['tenderUpdate'],
      apply: (s) => {
        s.tenderEnd = f.opens_at ?? opening.opened_at;
        s.opening = opening;
      },
    });
  }
  if (f.technical) {
    const technical = f.technical;
    events.push({ key: 'technical-evaluation', date: technical.evaluated_at, tag: ['tenderUpdate'], apply: (s) => void (s.technical = technical) });
  }
  f.awards.forEach((a, i) => {
    const n = i + 1;
    const finalAtOnce = !!a.final_at && a.final_at.getTime() <= a.awarded_at.getTime();
    events.push({
      key: `award-${n}`,
      date: a.awarded_at,
      tag: finalAtOnce ? ['award', 'contract'] : ['award'],
      apply: (s) => {
        s.awards.push({ n, facts: a, status: finalAtOnce ? 'active' : 'pending', contract: finalAtOnce ? 'active' : null });
        if (finalAtOnce) s.tenderStatus = 'complete';
      },
    });
    if (a.final_at && !finalAtOnce) {
      events.push({
        key: `award-${n}-final`,
        date: a.final_at,
        tag: ['awardUpdate', 'contract'],
        apply: (s) => {
          const w = s.awards.find((x) => x.n === n)!;
          w.status = 'active';
          w.contract = 'active';
          s.tenderStatus = 'complete';
        },
      });
    }
    if (a.withdrawn_at) {
      events.push({
        key: `award-${n}-withdrawn`,
        date: a.withdrawn_at,
        tag: ['awardUpdate'],
        apply: (s) => {
          s.awards.find((x) => x.n === n)!.status = 'cancelled';
        },
      });
    }
  });
  if (f.status === 'completed' || f.status === 'cancelled') {
    const contracted = f.awards.some((a) => a.final_at);
    events.push({
      key: f.status,
      date: f.closed_at,
      tag: contracted ? ['contractTermination'] : ['tenderCancellation'],
      apply: (s) => {
        for (const w of s.awards) {
          if (w.contract === 'active') w.contract = 'terminated';
          if (w.status === 'pending') w.status = 'cancelled';
        }
        if (!contracted) s.tenderStatus = 'cancelled';
      },
    });
  }
  // An answer may come at any time: each goes in before the first event after it.
  f.enquiries.forEach((q, i) => {
    const at = events.findIndex((e) => e.date.getTime() > q.answered_at.getTime());
    const answer: Event = { key: `answer-${i + 1}`, date: q.answered_at, tag: ['tenderUpdate'], apply: (s) => void s.enquiries.push(q) };
    events.splice(at < 0 ? events.length : at, 0, answer);
  });
  // So is a document, and an addendum is an amendment of the tender.
  for (const d of f.documents) {
    const at = events.findIndex((e) => e.date.getTime() > d.published_at.getTime());
    const published: Event = { key: `document-${d.id}`, date: d.published_at, tag: [d.replaces_id ? 'tenderAmendment' : 'tenderUpdate'], apply: () => undefined };
    events.splice(at < 0 ? events.length : at, 0, published);
  }
  // In the order they happened: each event can only follow the ones before it in this
  // list (an award follows the opening, its finalisation or withdrawal follows it, the
  // next award follows a withdrawal, the close comes last).
  const state: State = { tenderStatus: 'active', tenderEnd: null, opening: null, awards: [], enquiries: [], technical: null };
  return events.map((e) => {
    e.apply(state);
    return snapshot(ocid, f, e, state);
  });
}

function snapshot(ocid: string, f: TenderFacts, e: Event, s: State): Release {
  const buyer = { id: f.buyer.id, name: f.buyer.name };
  const parties: Json[] = [{ ...buyer, roles: ['buyer', 'procuringEntity'] }];
  for (const w of s.awards) {
    const sup = w.facts.supplier;
    const known = parties.find((p) => p.id === sup.id);
    if (known) continue;
    parties.push({ id: sup.id, name: sup.name, roles: ['tenderer', 'supplier'] });
  }

  const tenderPeriod: Json = { startDate: iso(f.created_at) };
  if (s.tenderEnd) tenderPeriod.endDate = iso(s.tenderEnd);
  const tender: Json = {
    id: f.id,
    title: f.title,
    description: f.description,
    status: s.tenderStatus,
    procuringEntity: buyer,
    procurementMethod: 'open',
    mainProcurementCategory: 'works',
    submissionMethod: ['electronicSubmission'],
    ...(f.envelopes === 2 ? { submissionMethodDetails: TWO_ENVELOPES } : {}),
    deliveryLocations: [{ description: f.location }],
    tenderPeriod,
  };
  if (f.budget != null) tender.value = money(f.budget);
  if (f.requirements) tender.eligibilityCriteria = f.requirements;
  if (f.questions_until) tender.enquiryPeriod = { startDate: iso(f.created_at), endDate: iso(f.questions_until) };
  if (s.enquiries.length) {
    tender.hasEnquiries = true;
    tender.enquiries = s.enquiries.map((q) => ({ id: q.id, date: iso(q.asked_at), description: q.text, answer: q.answer, dateAnswered: iso(q.answered_at) }));
  }
  const documents = documentsAt(f.documents, e.date, f.documentUrl);
  if (documents.length) tender.documents = documents;
  const amendments = amendmentsAt(f.documents, e.date);
  if (amendments.length) tender.amendments = amendments;
  if (s.opening) {
    tender.numberOfTenderers = s.opening.bid_count;
    const awardPeriod: Json = { startDate: iso(s.opening.opened_at) };
    const final = s.awards.find((w) => w.status === 'active');
    if (final?.facts.final_at) awardPeriod.endDate = iso(final.facts.final_at);
    tender.awardPeriod = awardPeriod;
  }
  const latest = s.awards.at(-1);
  if (latest?.facts.standstill_ends_at && latest.facts.standstill_ends_at.getTime() > latest.facts.awarded_at.getTime()) {
    tender.standstillPeriod = { startDate: iso(latest.facts.awarded_at), endDate: iso(latest.facts.standstill_ends_at) };
  }

  const release: Release = {
    ocid,
    id: `${ocid}-${e.key}`,
    date: iso(e.date),
    tag: e.tag,
    initiationType: 'tender',
    parties,
    buyer,
    tender,
  };
  if (s.technical) release.bids = { details: s.technical.bids.map(bidDetail) };
  if (s.awards.length) {
    release.awards = s.awards.map((w) => ({
      id: awardId(w.n),
      status: w.status,
      date: iso(w.facts.awarded_at),
      value: money(w.facts.amount),
      suppliers: [{ id: w.facts.supplier.id, name: w.facts.supplier.name }],
    }));
  }
  const contracts = s.awards.filter((w) => w.contract);
  if (contracts.length) {
    release.contracts = contracts.map((w) => {
      const signed = w.facts.final_at!;
      const period: Json = { startDate: iso(signed) };
      if (w.facts.estimated_completion_days) period.durationInDays = w.facts.estimated_completion_days;
      return {
        id: `contract-${w.n}`,
        awardID: awardId(w.n),
        title: f.title,
        status: w.contract,
        value: money(w.facts.amount),
        dateSigned: iso(signed),
        period,
      };
    });
  }
  return release;
}

const awardId = (n: number) => `award-${n}`;

/** The release package around `releases`; publishedDate is the newest release's date (the last change of its contents). */
export function releasePackage(opts: { uri: string; publicUrl: string; releases: Release[]; next?: string }): Json {
  const newest = opts.releases.reduce<string | undefined>((m, r) => (!m || r.date > m ? r.date : m), undefined);
  const pkg: Json = {
    uri: opts.uri,
    version: OCDS_VERSION,
    publishedDate: newest ?? new Date().toISOString(),
    publisher: { name: PUBLISHER_NAME, uri: opts.publicUrl },
    extensions: [ENQUIRY_EXTENSION_URL, BID_EXTENSION_URL],
    releases: opts.releases,
  };
  if (opts.next) pkg.links = { next: opts.next };
  return pkg;
}
