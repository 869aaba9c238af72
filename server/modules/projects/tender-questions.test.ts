/**
 * A tender's questions and answers through REST and the sync push: contractors ask until
 * questions_until by the server's clock, the owner cannot ask, only the owner answers, an
 * answer is published to every reader with the asker withheld (REST and the sync feed),
 * the client id makes a resend the same question, and the bidders and askers are told.
 */
import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { as, notificationsOf, postBid, postProject, type Client } from '../../test/factories';
import { tenderQuestionSchema } from '../../../shared/schemas/tender-question';
import { releasePackageErrors } from '../ocds/schema';

/** The calendar day `n` days after `day` (YYYY-MM-DD). */
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('tender questions and answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TEST_CLOCK: '1' } });
  });
  afterAll(() => server.close());
  let clockUser: Client | undefined;
  const moveClock = async (days: number) => {
    clockUser ??= await as(server, 'government');
    expect((await clockUser.post('/api/test/clock', { days })).status).toBe(200);
  };
  afterEach(async () => {
    if (clockUser) await clockUser.post('/api/test/clock', { days: 0 });
  });
  const knex = () => server.db.knex;

  /** A tender taking questions for 12 hours, its bids opening in 3 days. */
  const tender = async (gov: Client) =>
    postProject(gov, {
      deadline_date: addDays(server.clock.today(), 3),
      questions_until: new Date(server.clock.now().getTime() + 12 * 3600_000).toISOString(),
    });
  const ask = (c: Client, projectId: string, text = 'هل يشمل العقد توريد الأثاث المدرسي؟', id: string = crypto.randomUUID()) =>
    c.post(`/api/projects/${projectId}/questions`, { id, text });
  const push = (client: Client, name: string, args: Record<string, unknown>) =>
    client.post('/api/sync/push', { client_id: crypto.randomUUID(), mutations: [{ id: 1, name, args }] });
  const pullRaw = async (client: Client) => {
    const res = await client.get('/api/sync/pull?limit=5000');
    expect(res.status).toBe(200);
    return JSON.stringify(res.body);
  };

  it('publishes an answer to every reader with the asker withheld, and shows an unanswered question only to its asker and the owner', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const asker = await as(server, 'contractor', { company_name: 'مؤسسة السائل للمقاولات' });
    const bidder = await as(server, 'contractor');
    const reader = await as(server, 'contractor');
    await postBid(bidder, project.id);

    const asked = await ask(asker, project.id);
    expect(asked.status, asked.text).toBe(201);
    expect(tenderQuestionSchema.parse(asked.body)).toMatchObject({ mine: true, asker_name: 'مؤسسة السائل للمقاولات', answer: null });
    expect((await reader.get(`/api/projects/${project.id}/questions`)).body).toEqual([]);
    expect((await gov.get(`/api/projects/${project.id}/questions`)).body).toEqual([
      expect.objectContaining({ id: asked.body.id, mine: false, asker_name: 'مؤسسة السائل للمقاولات' }),
    ]);
    expect((await notificationsOf(knex(), gov.user.id, 'tender.question_asked'))[0].params).toMatchObject({ question_id: asked.body.id });

    const answered = await gov.post(`/api/projects/${project.id}/questions/${asked.body.id}/answer`, { text: 'لا، الأثاث في منافسة أخرى' });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toMatchObject({ answer: 'لا، الأثاث في منافسة أخرى', asker_name: 'مؤسسة السائل للمقاولات' });
    for (const other of [reader, bidder, await as(server, 'government')]) {
      const seen = await other.get(`/api/projects/${project.id}/questions`);
      expect(seen.body).toEqual([expect.objectContaining({ id: asked.body.id, answer: 'لا، الأثاث في منافسة أخرى', mine: false, asker_name: null })]);
      expect(seen.text).not.toContain('السائل');
      expect(seen.text).not.toContain(asker.user.id);
      // The sync feed carries no question, nor anything naming who asked.
      const raw = await pullRaw(other);
      expect(raw).not.toContain('السائل');
      expect(raw).not.toContain('هل يشمل العقد');
    }
    expect((await asker.get(`/api/projects/${project.id}/questions`)).body[0]).toMatchObject({ mine: true, asker_name: 'مؤسسة السائل للمقاولات' });

    // The open data: the answer with its question, valid OCDS, and nothing of who asked; a question not answered yet stays out.
    await ask(asker, project.id, 'سؤال لم يُجب بعد');
    const ocds = await reader.get(`/api/projects/${project.id}/ocds`);
    expect(releasePackageErrors(ocds.body), ocds.text).toEqual([]);
    expect(ocds.body.releases.at(-1).tender.enquiries).toEqual([
      { id: asked.body.id, date: asked.body.asked_at, description: 'هل يشمل العقد توريد الأثاث المدرسي؟', answer: 'لا، الأثاث في منافسة أخرى', dateAnswered: answered.body.answered_at },
    ]);
    for (const hidden of ['السائل', asker.user.id, 'لم يُجب']) expect(ocds.text).not.toContain(hidden);

    // Every contractor who bid or asked is told; a reader who did neither is not.
    expect(await notificationsOf(knex(), bidder.user.id, 'tender.question_answered')).toHaveLength(1);
    expect(await notificationsOf(knex(), asker.user.id, 'tender.question_answered')).toHaveLength(1);
    expect(await notificationsOf(knex(), reader.user.id, 'tender.question_answered')).toHaveLength(0);
  });

  it('refuses a question after questions_until by the server clock, and on a tender that takes none', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const contractor = await as(server, 'contractor');
    expect((await ask(contractor, project.id)).status).toBe(201);
    await moveClock(1);
    expect((await ask(contractor, project.id)).body).toMatchObject({ code: 'questions_closed' });
    expect((await push(contractor, 'tender_question.ask', { id: crypto.randomUUID(), project_id: project.id, text: 'سؤال من دون اتصال' })).body.results[0]).toMatchObject({
      status: 'rejected',
      code: 'questions_closed',
    });
    const none = await postProject(gov);
    const refused = await ask(contractor, none.id);
    expect([refused.status, refused.body.code]).toEqual([409, 'questions_closed']);
    expect(await knex()('tender_questions').where({ project_id: none.id })).toEqual([]);
  });

  it('takes questions_until only before the deadline and in the future', async () => {
    const gov = await as(server, 'government');
    const base = { title: 'مدرسة', description: 'بناء', location: 'الرياض', deadline_date: addDays(server.clock.today(), 2) };
    const late = await gov.post('/api/projects', { ...base, questions_until: new Date(server.clock.now().getTime() + 5 * 86_400_000).toISOString() });
    expect([late.status, late.body.details?.[0]?.message]).toEqual([400, 'questions_until_after_deadline']);
    const past = await gov.post('/api/projects', { ...base, questions_until: new Date(server.clock.now().getTime() - 60_000).toISOString() });
    expect([past.status, past.body.details?.[0]?.message]).toEqual([400, 'questions_until_past']);
  });

  it('lets neither the owner nor another government ask, and nobody but the owner answer', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const otherGov = await as(server, 'government');
    expect((await ask(gov, project.id)).status).toBe(403);
    expect((await ask(otherGov, project.id)).status).toBe(403);
    expect((await push(gov, 'tender_question.ask', { id: crypto.randomUUID(), project_id: project.id, text: 'سؤال' })).body.results[0]).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
    });
    const contractor = await as(server, 'contractor');
    const q = (await ask(contractor, project.id)).body;
    const answer = { text: 'جواب' };
    expect((await contractor.post(`/api/projects/${project.id}/questions/${q.id}/answer`, answer)).status).toBe(403);
    expect((await otherGov.post(`/api/projects/${project.id}/questions/${q.id}/answer`, answer)).status).toBe(403);
    expect((await push(otherGov, 'tender_question.answer', { id: q.id, project_id: project.id, text: 'جواب' })).body.results[0]).toMatchObject({
      status: 'rejected',
      code: 'forbidden',
    });
    // A question answered through another project's path is not found there.
    const elsewhere = await tender(gov);
    expect((await gov.post(`/api/projects/${elsewhere.id}/questions/${q.id}/answer`, answer)).status).toBe(404);
    expect(await knex()('tender_questions').where({ id: q.id }).first('answer')).toEqual({ answer: null });
    expect((await push(gov, 'tender_question.answer', { id: q.id, project_id: project.id, text: 'جواب المالك' })).body.results[0]).toMatchObject({ status: 'applied' });
    expect((await contractor.get(`/api/projects/${project.id}/questions`)).body[0]).toMatchObject({ answer: 'جواب المالك' });
  });

  it('keeps one question per client id: a resend returns it, another company may not reuse the id, an answer is given once', async () => {
    const gov = await as(server, 'government');
    const project = await tender(gov);
    const contractor = await as(server, 'contractor');
    const id = crypto.randomUUID();
    expect((await ask(contractor, project.id, 'سؤال', id)).status).toBe(201);
    const again = await ask(contractor, project.id, 'سؤال', id);
    expect([again.status, again.body.id]).toEqual([200, id]);
    expect((await push(contractor, 'tender_question.ask', { id, project_id: project.id, text: 'سؤال' })).body.results[0]).toMatchObject({ status: 'applied' });
    expect((await ask(await as(server, 'contractor'), project.id, 'سؤال', id)).status).toBe(409);
    expect(await knex()('tender_questions').where({ id })).toHaveLength(1);
    expect(await notificationsOf(knex(), gov.user.id, 'tender.question_asked')).toHaveLength(1);

    const path = `/api/projects/${project.id}/questions/${id}/answer`;
    expect((await gov.post(path, { text: 'نعم' })).status).toBe(200);
    expect((await gov.post(path, { text: 'نعم' })).status).toBe(200);
    const changed = await gov.post(path, { text: 'لا' });
    expect([changed.status, changed.body.code]).toEqual([409, 'question_answered']);
    expect(await notificationsOf(knex(), contractor.user.id, 'tender.question_answered')).toHaveLength(1);
  });
});
