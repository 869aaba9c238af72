/**
 * Questions and answers of a tender: until the project's questions_until,
 * by the server's clock, a contractor (never the project's owner) asks; the owner answers
 * each, and the answer is published to everyone who may read the project, with a
 * notification to every contractor who bid or asked on it. Who asked is withheld from all
 * but the owner and the asking company: questionQuery presents `mine` and `asker_name`
 * per reader, and the REST list, the sync push's answers and the OCDS enquiries
 * (ocds/releases.ts, which never reads the asker) all read through it.
 *
 * One function per write, called by the REST route and by its sync mutation (mutations.ts).
 */
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user';
import type { MutationDeps } from '../sync/contracts';
import { idTaken, insertWithClientId, rowWithId, type Saved } from '../../db/client-ids';
import { assertRole } from '../../auth/guards';
import { notFound, questionAnswered, questionsClosed } from '../../../shared/errors';
import { isBiddingClosed } from '../../../shared/tender';
import type { QuestionAnswerArgs, QuestionAskArgs, TenderQuestion } from '../../../shared/schemas/tender-question';
import { notify } from '../notifications/notify';
import { partyNameSql } from '../../db/party-name';
import { lockProject } from './queries';
import { canSeeProject, refuseProject } from './policy';
import { bidderIds } from './tender-opening';

/**
 * Questions as `reader` may see them, each presented to that reader. Aliases: q
 * (tender_questions), p (projects). The owner sees all; the asking company its own; any
 * other reader the answered ones, without who asked.
 */
function questionQuery(db: Knex, reader: Pick<SessionUser, 'account_id'>) {
  const knowsAsker = db.raw('(p.government_id = ?::uuid or q.company_id = ?::uuid)', [reader.account_id, reader.account_id]);
  return db('tender_questions as q')
    .join('projects as p', 'p.id', 'q.project_id')
    .join('users as au', 'au.id', 'q.company_id')
    .leftJoin('profiles as ap', 'ap.user_id', 'q.company_id')
    .whereNull('p.deleted_at')
    .where((w) => w.whereNotNull('q.answered_at').orWhereRaw('?', [knowsAsker]))
    .select(
      'q.id',
      'q.project_id',
      'q.text',
      'q.asked_at',
      'q.answer',
      'q.answered_at',
      db.raw('(q.company_id = ?::uuid) as mine', [reader.account_id]),
      db.raw(`case when ? then ${partyNameSql('ap', 'au')} end as asker_name`, [knowsAsker]),
    );
}

async function presentQuestion(db: Knex, user: SessionUser, id: string): Promise<TenderQuestion> {
  const row = await questionQuery(db, user).where('q.id', id).first();
  if (!row) throw notFound('Question');
  return row;
}

/** GET /api/projects/{id}/questions: oldest first, as the reader may see them (404 unless they may see the project). */
export async function listQuestions(db: Knex, user: SessionUser, projectId: string): Promise<TenderQuestion[]> {
  if (!(await canSeeProject(db, user, projectId))) throw notFound('Project');
  return questionQuery(db, user).where('q.project_id', projectId).orderBy([
    { column: 'q.asked_at', order: 'asc' },
    { column: 'q.id', order: 'asc' },
  ]);
}

/**
 * Whether a tender takes questions at `now`: an open project whose owner set
 * questions_until, before that moment and before the bidding closed.
 */
function takesQuestions(p: { status: string; questions_until: Date | string | null; opens_at: Date | null; opened_at: Date | null }, now: Date): boolean {
  return p.status === 'open' && !!p.questions_until && new Date(p.questions_until).getTime() > now.getTime() && !isBiddingClosed(p, now);
}

/**
 * POST /api/projects/{id}/questions: a contractor who may see the project asks, until its
 * questions_until (409 questions_closed after it, by the server's clock). The owner cannot
 * ask on its own tender (a government is no contractor). The same client id sent again by
 * the same company on the same project returns the question; by anyone else 409.
 */
export async function askQuestion(trx: Knex.Transaction, user: SessionUser, args: QuestionAskArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<Saved<TenderQuestion>> {
  assertRole(user, 'contractor');
  const replay = await rowWithId<{ company_id: string; project_id: string }>(trx, 'tender_questions', args.id, ['company_id', 'project_id']);
  if (replay) {
    if (replay.company_id !== user.account_id || replay.project_id !== args.project_id) throw idTaken();
    return { row: await presentQuestion(trx, user, replay.id), created: false };
  }
  const project = await lockProject(trx, args.project_id, 'share');
  if (!project || !(await canSeeProject(trx, user, project.id))) throw notFound('Project');
  const { questions_until } = await trx('projects').where({ id: project.id }).first('questions_until');
  const now = clock.now();
  if (!takesQuestions({ ...project, questions_until }, now)) throw questionsClosed();
  const [{ id }] = await insertWithClientId('tender_questions', () =>
    trx('tender_questions')
      .insert({ id: args.id, project_id: project.id, company_id: user.account_id, asked_by: user.id, text: args.text, asked_at: now })
      .returning('id'),
  );
  await notify(trx, {
    to: [project.government_id],
    kind: 'tender.question_asked',
    params: { project_title: project.title, project_id: project.id, question_id: id },
  });
  return { row: await presentQuestion(trx, user, id), created: true };
}

/**
 * POST /api/projects/{id}/questions/{qid}/answer: the project's owner answers a question
 * once (the same text again returns it, so a resend is harmless; another text 409
 * question_answered). Anyone else: 403 when they may see the project, else 404. The
 * answer is published: every contractor who bid (not withdrawn) or asked is told.
 */
export async function answerQuestion(trx: Knex.Transaction, user: SessionUser, args: QuestionAnswerArgs, { clock }: Pick<MutationDeps, 'clock'>): Promise<TenderQuestion> {
  const project = await lockProject(trx, args.project_id, 'share');
  if (!project) throw notFound('Project');
  if (project.government_id !== user.account_id) throw await refuseProject(trx, user, project.id);
  const question = await trx('tender_questions').where({ id: args.id, project_id: project.id }).forUpdate().first('id', 'answer');
  if (!question) throw notFound('Question');
  if (question.answer !== null) {
    if (question.answer === args.text) return presentQuestion(trx, user, question.id);
    throw questionAnswered();
  }
  await trx('tender_questions').where({ id: question.id }).update({ answer: args.text, answered_at: clock.now(), answered_by: user.id });
  const askers: Array<{ company_id: string }> = await trx('tender_questions').where({ project_id: project.id }).distinct('company_id');
  const told = [...new Set([...(await bidderIds(trx, project.id)), ...askers.map((a) => a.company_id)])];
  await notify(trx, {
    to: told,
    kind: 'tender.question_answered',
    params: { project_title: project.title, project_id: project.id, question_id: question.id },
  });
  return presentQuestion(trx, user, question.id);
}
