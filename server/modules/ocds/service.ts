/**
 * The open data's reads: the facts of a project's tender from the database, turned into
 * OCDS releases by releases.ts. Public: every live project of a live owner is published,
 * whoever asks, with only what releases.ts allows at each stage (nothing sealed before
 * the opening). A read writes nothing: the stage is the one the app's clock says
 * (projects/tender-sweep.ts). A document's url is its download route (a signed-in reader's).
 */
import type { Knex } from 'knex';
import { notFound, validationFailed } from '../../../shared/errors';
import { openedAt, openingMoment } from '../../../shared/tender';
import type { Config } from '../../config';
import { projectReleases, releasePackage, type AwardFacts, type EnquiryFacts, type Release, type TenderFacts } from './releases';
import { partyNameSql } from '../../db/party-name';
import { openDataDocumentUrl } from '../../../shared/schemas/project-document';
import type { DocumentFacts } from './documents';

export interface ReleasesPageQuery {
  limit: number;
  /** the id of the last project of the previous page */
  after?: string;
}

interface ProjectRow {
  id: string;
  title: string;
  description: string;
  location: string;
  requirements: string | null;
  budget: number | null;
  deadline_date: string | null;
  status: TenderFacts['status'];
  created_at: Date;
  updated_at: Date;
  government_id: string;
  government_name: string | null;
  opens_at: Date | null;
  opened_at: Date | null;
  awarded_bid_id: string | null;
  awarded_at: Date | null;
  standstill_ends_at: Date | null;
  award_final_at: Date | null;
  record_opened_at: Date | null;
  record_bid_count: number | null;
  questions_until: Date | null;
  envelopes: 1 | 2;
  technical_evaluated_at: Date | null;
}

/** Live projects of live owners, with what their tender's releases are made of; newest first. */
function projectsQuery(db: Knex) {
  return db('projects as p')
    .join('users as gu', 'gu.id', 'p.government_id')
    .leftJoin('profiles as gp', 'gp.user_id', 'p.government_id')
    .leftJoin('tender_openings as o', 'o.project_id', 'p.id')
    .whereNull('p.deleted_at')
    .whereNull('gu.deleted_at')
    .orderBy([
      { column: 'p.created_at', order: 'desc' },
      { column: 'p.id', order: 'desc' },
    ])
    .select(
      'p.id',
      'p.title',
      'p.description',
      'p.location',
      'p.requirements',
      'p.budget',
      db.raw(`to_char(p.deadline_date, 'YYYY-MM-DD') as deadline_date`),
      'p.status',
      'p.created_at',
      'p.updated_at',
      'p.government_id',
      db.raw(`${partyNameSql('gp', 'gu')} as government_name`),
      'p.opens_at',
      'p.opened_at',
      'p.awarded_bid_id',
      'p.awarded_at',
      'p.standstill_ends_at',
      'p.award_final_at',
      'o.opened_at as record_opened_at',
      'o.bid_count as record_bid_count',
      'p.questions_until',
      'p.envelopes',
      'p.technical_evaluated_at',
    );
}

interface BidRow {
  id: string;
  project_id: string;
  contractor_id: string;
  amount: number;
  estimated_completion_days: number | null;
  supplier_name: string | null;
}

/**
 * The awarded bids' public side: amount, days and the supplier's name (a company's name,
 * else the user's; none for a user who deleted their account). Only ever read for bids
 * that were awarded, so no other bid's content is loaded at all.
 */
function awardedBids(db: Knex, ids: string[]): Promise<BidRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db('bids as b')
    .join('users as cu', 'cu.id', 'b.contractor_id')
    .leftJoin('profiles as cp', 'cp.user_id', 'b.contractor_id')
    .whereIn('b.id', ids)
    .select(
      'b.id',
      'b.project_id',
      'b.contractor_id',
      'b.amount',
      'b.estimated_completion_days',
      db.raw(`case when cu.deleted_at is null then ${partyNameSql('cp', 'cu')} end as supplier_name`),
    );
}

interface WithdrawnRow {
  project_id: string;
  award_bid_id: string;
  awarded_at: Date;
  standstill_ends_at: Date;
  withdrawn_at: Date;
}

/**
 * Awards an upheld objection withdrew: the award objected to, when it was made, when its
 * standstill was to end and when the objection that withdrew it was upheld.
 */
async function withdrawnAwards(db: Knex, projectIds: string[]): Promise<WithdrawnRow[]> {
  if (!projectIds.length) return [];
  return db('award_objections as ao')
    .whereIn('ao.project_id', projectIds)
    .groupBy('ao.project_id', 'ao.award_bid_id', 'ao.award_awarded_at', 'ao.award_standstill_ends_at')
    .havingRaw(`bool_or(ao.status = 'upheld')`)
    .select(
      'ao.project_id',
      'ao.award_bid_id',
      'ao.award_awarded_at as awarded_at',
      'ao.award_standstill_ends_at as standstill_ends_at',
      db.raw(`min(ao.answered_at) filter (where ao.status = 'upheld') as withdrawn_at`),
    );
}

/** The answered questions of `projectIds`, oldest answer first: never who asked or answered. */
function answeredQuestions(db: Knex, projectIds: string[]): Promise<Array<EnquiryFacts & { project_id: string }>> {
  if (!projectIds.length) return Promise.resolve([]);
  return db('tender_questions')
    .whereIn('project_id', projectIds)
    .whereNotNull('answered_at')
    .orderBy([{ column: 'answered_at' }, { column: 'id' }])
    .select('id', 'project_id', 'text', 'asked_at', 'answer', 'answered_at');
}

/** Every version of the documents of `projectIds`, oldest first. */
function publishedDocuments(db: Knex, projectIds: string[]): Promise<Array<DocumentFacts & { project_id: string }>> {
  if (!projectIds.length) return Promise.resolve([]);
  return db('project_documents')
    .whereIn('project_id', projectIds)
    .orderBy([{ column: 'published_at' }, { column: 'id' }])
    .select('id', 'project_id', 'type', 'title', 'format', 'hash', 'published_at', 'replaces_id', 'superseded_at');
}

/** The tender facts of `rows` at the app's time `now`, in their order; a document's file is at `documentUrl`. */
async function factsOf(db: Knex, rows: ProjectRow[], now: Date, documentUrl: (projectId: string, id: string) => string): Promise<TenderFacts[]> {
  const ids = rows.map((r) => r.id);
  const withdrawn = await withdrawnAwards(db, ids);
  const answered = await answeredQuestions(db, ids);
  const documents = await publishedDocuments(db, ids);
  const verdicts = await technicalVerdicts(db, rows.filter((r) => r.technical_evaluated_at).map((r) => r.id));
  const bids = await awardedBids(db, [...new Set([...rows.map((r) => r.awarded_bid_id).filter((x): x is string => !!x), ...withdrawn.map((w) => w.award_bid_id)])]);
  const bidById = new Map(bids.map((b) => [b.id, b]));
  const award = (bidId: string, a: Omit<AwardFacts, 'supplier' | 'amount' | 'estimated_completion_days'>): AwardFacts[] => {
    const b = bidById.get(bidId);
    if (!b) return [];
    return [{ supplier: { id: b.contractor_id, name: b.supplier_name ?? '' }, amount: b.amount, estimated_completion_days: b.estimated_completion_days, ...a }];
  };
  return rows.map((r) => {
    const awards: AwardFacts[] = withdrawn
      .filter((w) => w.project_id === r.id)
      .sort((x, y) => x.withdrawn_at.getTime() - y.withdrawn_at.getTime())
      .flatMap((w) => award(w.award_bid_id, { awarded_at: w.awarded_at, standstill_ends_at: w.standstill_ends_at, final_at: null, withdrawn_at: w.withdrawn_at }));
    if (r.awarded_bid_id && r.awarded_at) {
      awards.push(
        ...award(r.awarded_bid_id, { awarded_at: r.awarded_at, standstill_ends_at: r.standstill_ends_at, final_at: r.award_final_at, withdrawn_at: null }),
      );
    }
    // The opening: the record's time and count; a project decided before sealed tendering
    // has an opening time but no record, and then every bid still standing was opened; so
    // has a project whose opening time has come before the upkeep wrote its record
    // (projects/tender-sweep.ts), and the record will say the same.
    const opened = r.record_opened_at ?? openedAt(r, now);
    return {
      id: r.id,
      title: r.title,
      description: r.description,
      location: r.location,
      requirements: r.requirements,
      budget: r.budget,
      deadline_date: r.deadline_date,
      status: r.status,
      created_at: r.created_at,
      closed_at: r.updated_at,
      buyer: { id: r.government_id, name: r.government_name ?? '' },
      // A deadline's opening moment is the end of its day in Riyadh, stored or not.
      opens_at: r.opens_at ?? (r.deadline_date ? new Date(openingMoment(r.deadline_date)) : null),
      opening: opened ? { opened_at: opened, bid_count: r.record_bid_count ?? 0 } : null,
      awards,
      questions_until: r.questions_until,
      enquiries: answered.filter((q) => q.project_id === r.id).map((q) => ({ id: q.id, text: q.text, asked_at: q.asked_at, answer: q.answer, answered_at: q.answered_at })),
      documents: documents.filter((d) => d.project_id === r.id),
      documentUrl: (id: string) => documentUrl(r.id, id),
      envelopes: r.envelopes,
      technical: r.technical_evaluated_at
        ? { evaluated_at: r.technical_evaluated_at, bids: verdicts.filter((v) => v.project_id === r.id).map((v) => ({ id: v.id, pass: v.technical_pass })) }
        : null,
    };
  });
}

/** Each evaluated bid's verdict (the bid's id and pass, nothing of its content), in the order received. */
function technicalVerdicts(db: Knex, projectIds: string[]): Promise<Array<{ id: string; project_id: string; technical_pass: boolean }>> {
  if (!projectIds.length) return Promise.resolve([]);
  return db('bids')
    .whereIn('project_id', projectIds)
    .whereNotNull('technical_pass')
    .orderBy([
      { column: 'received_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .select('id', 'project_id', 'technical_pass');
}

/** The bid count of an opening with no record (see factsOf): the bids still standing. */
async function legacyCounts(db: Knex, rows: ProjectRow[], facts: TenderFacts[]) {
  const missing = rows.filter((r, i) => r.record_bid_count == null && facts[i].opening).map((r) => r.id);
  if (!missing.length) return;
  const counts: Array<{ project_id: string; n: number }> = await db('bids')
    .whereIn('project_id', missing)
    .whereNot('status', 'withdrawn')
    .groupBy('project_id')
    .select('project_id', db.raw('count(*)::int as n'));
  for (const f of facts) {
    if (!missing.includes(f.id) || !f.opening) continue;
    f.opening.bid_count = counts.find((c) => c.project_id === f.id)?.n ?? 0;
  }
}

async function releasesOf(db: Knex, config: Config, rows: ProjectRow[], now: Date): Promise<Release[]> {
  const facts = await factsOf(db, rows, now, (projectId, id) => `${config.publicUrl}${openDataDocumentUrl(projectId, id)}`);
  await legacyCounts(db, rows, facts);
  return facts.flatMap((f) => projectReleases(config.ocdsPrefix, f));
}

/** GET /api/projects/{id}/ocds: the project's releases in one package. */
export async function projectPackage(db: Knex, config: Config, id: string, now: Date) {
  const row: ProjectRow | undefined = await projectsQuery(db).where('p.id', id).first();
  if (!row) throw notFound('Project');
  const releases = await releasesOf(db, config, [row], now);
  return releasePackage({ uri: `${config.publicUrl}/api/projects/${id}/ocds`, publicUrl: config.publicUrl, releases });
}

/**
 * GET /api/ocds/releases: every project's releases, a page of projects at a time, newest
 * project first. The page after is keyed by the last project's id (not an offset), so
 * projects published while a consumer pages through are neither skipped nor repeated.
 */
export async function releasesPage(db: Knex, config: Config, query: ReleasesPageQuery, now: Date) {
  const q = projectsQuery(db).limit(query.limit + 1);
  if (query.after) {
    // The anchor is compared in SQL: its created_at keeps the database's microseconds.
    const anchor = db('projects').where({ id: query.after }).select('created_at', 'id');
    if (!(await anchor.clone().first())) {
      throw validationFailed('Invalid input: after', [{ path: 'after', message: 'No project has this id', code: 'unknown_project' }]);
    }
    q.whereRaw('(p.created_at, p.id) < (?)', [anchor]);
  }
  const rows: ProjectRow[] = await q;
  const page = rows.slice(0, query.limit);
  const releases = await releasesOf(db, config, page, now);
  const self = new URL(`${config.publicUrl}/api/ocds/releases`);
  self.searchParams.set('limit', String(query.limit));
  if (query.after) self.searchParams.set('after', query.after);
  let next: string | undefined;
  if (rows.length > query.limit) {
    const n = new URL(`${config.publicUrl}/api/ocds/releases`);
    n.searchParams.set('limit', String(query.limit));
    n.searchParams.set('after', page[page.length - 1].id);
    next = n.toString();
  }
  return releasePackage({ uri: self.toString(), publicUrl: config.publicUrl, releases, next });
}
