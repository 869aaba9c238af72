import { describe, expect, it } from 'vitest';
import { projectReleases, releasePackage, type AwardFacts, type Release, type TenderFacts } from './releases';
import { releasePackageErrors } from './schema';

const PREFIX = 'ocds-test01';
const t = (iso: string) => new Date(iso);
const gov = { id: '11111111-1111-4111-8111-111111111111', name: 'أمانة منطقة الرياض' };
const winner = { id: '22222222-2222-4222-8222-222222222222', name: 'شركة البناء المتقدم' };
const second = { id: '33333333-3333-4333-8333-333333333333', name: 'مؤسسة الإعمار' };

function facts(over: Partial<TenderFacts> = {}): TenderFacts {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    title: 'توسعة مدرسة',
    description: 'أعمال إنشائية',
    location: 'الرياض',
    requirements: 'تصنيف الدرجة الأولى',
    budget: 2_500_000,
    deadline_date: '2026-12-01',
    status: 'open',
    created_at: t('2026-11-20T08:00:00.000Z'),
    closed_at: t('2026-11-20T08:00:00.000Z'),
    buyer: gov,
    opens_at: t('2026-12-01T21:00:00.000Z'),
    opening: null,
    awards: [],
    questions_until: null,
    enquiries: [],
    documents: [],
    documentUrl: (id) => `https://binaa.example/api/projects/44444444-4444-4444-8444-444444444444/documents/${id}`,
    ...over,
  };
}

const opened = { opening: { opened_at: t('2026-12-01T21:00:05.000Z'), bid_count: 3 } };
const award = (over: Partial<AwardFacts> = {}): AwardFacts => ({
  supplier: winner,
  amount: 1_950_000.5,
  estimated_completion_days: 270,
  awarded_at: t('2026-12-03T09:00:00.000Z'),
  standstill_ends_at: t('2026-12-08T09:00:00.000Z'),
  final_at: null,
  withdrawn_at: null,
  ...over,
});

/** Each phase's facts: what every release of it must say, checked against the schema. */
const PHASES: Record<string, TenderFacts> = {
  bidding: facts(),
  'bidding, no deadline': facts({ deadline_date: null, opens_at: null }),
  'opened, no deadline': facts({ deadline_date: null, opens_at: t('2026-11-25T10:00:00.000Z'), opening: { opened_at: t('2026-11-25T10:00:00.000Z'), bid_count: 2 } }),
  evaluation: facts(opened),
  standstill: facts({ ...opened, awards: [award()] }),
  final: facts({ ...opened, status: 'in_progress', awards: [award({ final_at: t('2026-12-08T09:00:00.000Z') })] }),
  'final at once': facts({ ...opened, status: 'in_progress', awards: [award({ standstill_ends_at: t('2026-12-03T09:00:00.000Z'), final_at: t('2026-12-03T09:00:00.000Z') })] }),
  completed: facts({ ...opened, status: 'completed', closed_at: t('2027-09-01T12:00:00.000Z'), awards: [award({ final_at: t('2026-12-08T09:00:00.000Z') })] }),
  'withdrawn and awarded again': facts({
    ...opened,
    awards: [
      award({ standstill_ends_at: null, withdrawn_at: t('2026-12-05T10:00:00.000Z') }),
      award({ supplier: second, amount: 2_010_000, awarded_at: t('2026-12-06T09:00:00.000Z'), standstill_ends_at: t('2026-12-11T09:00:00.000Z') }),
    ],
  }),
  'answered questions, one after the opening': facts({
    ...opened,
    questions_until: t('2026-11-27T21:00:00.000Z'),
    enquiries: [
      { id: '55555555-5555-4555-8555-555555555555', text: 'هل الأثاث ضمن العقد؟', asked_at: t('2026-11-21T10:00:00.000Z'), answer: 'لا', answered_at: t('2026-11-22T10:00:00.000Z') },
      { id: '66666666-6666-4666-8666-666666666666', text: 'ما مدة الضمان؟', asked_at: t('2026-11-26T10:00:00.000Z'), answer: 'سنتان', answered_at: t('2026-12-02T10:00:00.000Z') },
    ],
  }),
  'cancelled while bidding': facts({ status: 'cancelled', closed_at: t('2026-11-22T08:00:00.000Z') }),
  'cancelled in the standstill': facts({ ...opened, status: 'cancelled', closed_at: t('2026-12-04T08:00:00.000Z'), awards: [award()] }),
  'cancelled under contract': facts({ ...opened, status: 'cancelled', closed_at: t('2027-01-04T08:00:00.000Z'), awards: [award({ final_at: t('2026-12-08T09:00:00.000Z') })] }),
};

const last = (rs: Release[]) => rs[rs.length - 1] as Release & { tender: any; awards?: any[]; contracts?: any[]; parties: any[] };

describe('OCDS releases of a project', () => {
  it.each(Object.entries(PHASES))('%s: every release validates against the OCDS 1.1.5 release package schema', (_, f) => {
    const releases = projectReleases(PREFIX, f);
    const pkg = releasePackage({ uri: 'https://binaa.example/api/x', publicUrl: 'https://binaa.example', releases });
    expect(releasePackageErrors(pkg)).toEqual([]);
    // One release per event, each id unique within the process and built on the ocid.
    expect(new Set(releases.map((r) => r.id)).size).toBe(releases.length);
    for (const r of releases) {
      expect(r.ocid).toBe(`${PREFIX}-${f.id}`);
      expect(r.id.startsWith(`${r.ocid}-`)).toBe(true);
    }
    // Oldest first, and the package is as new as its newest release.
    expect(releases.map((r) => r.date)).toEqual(releases.map((r) => r.date).sort());
    expect(pkg.publishedDate).toBe(releases[releases.length - 1].date);
  });

  it('the schema check itself refuses what the standard refuses', () => {
    const releases = projectReleases(PREFIX, PHASES.standstill);
    const bad = structuredClone(releases) as any[];
    bad[bad.length - 1].awards[0].status = 'awarded';
    bad[0].date = '2026-11-20 08:00';
    const errors = releasePackageErrors(releasePackage({ uri: 'https://binaa.example/x', publicUrl: 'https://binaa.example', releases: bad }));
    expect(errors.join('\n')).toMatch(/awards\/0\/status/);
    expect(errors.join('\n')).toMatch(/releases\/0\/date must match format "date-time"/);
  });

  it('publishes each answer with its question as a release of its own, never who asked, and earlier releases keep what they said', () => {
    const rs = projectReleases(PREFIX, PHASES['answered questions, one after the opening']);
    expect(rs.map((r) => r.id.slice(r.ocid.length + 1))).toEqual(['tender', 'answer-1', 'opening', 'answer-2']);
    expect((rs[0] as any).tender.enquiries).toBeUndefined();
    expect((rs[0] as any).tender.enquiryPeriod).toEqual({ startDate: '2026-11-20T08:00:00.000Z', endDate: '2026-11-27T21:00:00.000Z' });
    expect((rs[2] as any).tender.enquiries.map((q: any) => q.answer)).toEqual(['لا']);
    expect(last(rs).tender).toMatchObject({ hasEnquiries: true });
    expect(last(rs).tender.enquiries).toEqual([
      { id: '55555555-5555-4555-8555-555555555555', date: '2026-11-21T10:00:00.000Z', description: 'هل الأثاث ضمن العقد؟', answer: 'لا', dateAnswered: '2026-11-22T10:00:00.000Z' },
      { id: '66666666-6666-4666-8666-666666666666', date: '2026-11-26T10:00:00.000Z', description: 'ما مدة الضمان؟', answer: 'سنتان', dateAnswered: '2026-12-02T10:00:00.000Z' },
    ]);
    // The enquiries are checked by the Enquiries extension's schema, not passed unchecked.
    const bad = structuredClone(rs) as any[];
    bad[3].tender.enquiries[0].dateAnswered = 'yesterday';
    const errors = releasePackageErrors(releasePackage({ uri: 'https://binaa.example/x', publicUrl: 'https://binaa.example', releases: bad }));
    expect(errors.join('\n')).toMatch(/enquiries\/0\/dateAnswered must match format "date-time"/);
  });

  it('before the opening: the tender only, with its period ending at the opening, and nothing of any bid', () => {
    const rs = projectReleases(PREFIX, PHASES.bidding);
    expect(rs.map((r) => r.tag)).toEqual([['tender']]);
    const r = last(rs);
    expect(r.tender).toMatchObject({ status: 'active', value: { amount: 2_500_000, currency: 'SAR' }, tenderPeriod: { startDate: '2026-11-20T08:00:00.000Z', endDate: '2026-12-01T21:00:00.000Z' } });
    expect(r.tender.numberOfTenderers).toBeUndefined();
    expect(r.awards).toBeUndefined();
    expect(r.parties.map((p: any) => p.roles)).toEqual([['buyer', 'procuringEntity']]);
    // A project without a deadline has no known end until the owner closes the bidding.
    expect(last(projectReleases(PREFIX, PHASES['bidding, no deadline'])).tender.tenderPeriod).toEqual({ startDate: '2026-11-20T08:00:00.000Z' });
  });

  it('from the opening: the number of tenderers, and the award period starts', () => {
    const rs = projectReleases(PREFIX, PHASES.evaluation);
    expect(rs.map((r) => r.id.slice(r.ocid.length + 1))).toEqual(['tender', 'opening']);
    expect(rs[0]).not.toHaveProperty('tender.numberOfTenderers');
    expect(last(rs).tender).toMatchObject({ status: 'active', numberOfTenderers: 3, awardPeriod: { startDate: '2026-12-01T21:00:05.000Z' } });
    expect(last(rs).awards).toBeUndefined();
    // Closing the bidding of a project without a deadline is its opening: the period ends then.
    const closed = projectReleases(PREFIX, PHASES['opened, no deadline']);
    expect(closed[0].tender).toEqual(expect.objectContaining({ tenderPeriod: { startDate: '2026-11-20T08:00:00.000Z' } }));
    expect(last(closed).tender.tenderPeriod).toEqual({ startDate: '2026-11-20T08:00:00.000Z', endDate: '2026-11-25T10:00:00.000Z' });
  });

  it('the award: pending with its value and supplier during the standstill, then active with the contract', () => {
    const standstill = last(projectReleases(PREFIX, PHASES.standstill));
    expect(standstill.tag).toEqual(['award']);
    expect(standstill.awards).toEqual([
      { id: 'award-1', status: 'pending', date: '2026-12-03T09:00:00.000Z', value: { amount: 1_950_000.5, currency: 'SAR' }, suppliers: [winner] },
    ]);
    expect(standstill.tender.standstillPeriod).toEqual({ startDate: '2026-12-03T09:00:00.000Z', endDate: '2026-12-08T09:00:00.000Z' });
    expect(standstill.contracts).toBeUndefined();
    expect(standstill.parties).toContainEqual({ ...winner, roles: ['tenderer', 'supplier'] });

    const rs = projectReleases(PREFIX, PHASES.final);
    expect(rs.map((r) => r.tag)).toEqual([['tender'], ['tenderUpdate'], ['award'], ['awardUpdate', 'contract']]);
    const final = last(rs);
    expect(final.tender.status).toBe('complete');
    expect(final.tender.awardPeriod).toEqual({ startDate: '2026-12-01T21:00:05.000Z', endDate: '2026-12-08T09:00:00.000Z' });
    expect(final.awards![0].status).toBe('active');
    expect(final.contracts).toEqual([
      {
        id: 'contract-1',
        awardID: 'award-1',
        title: 'توسعة مدرسة',
        status: 'active',
        value: { amount: 1_950_000.5, currency: 'SAR' },
        dateSigned: '2026-12-08T09:00:00.000Z',
        period: { startDate: '2026-12-08T09:00:00.000Z', durationInDays: 270 },
      },
    ]);
    // The releases already published are unchanged by the later events.
    expect(rs.slice(0, 3)).toEqual(projectReleases(PREFIX, PHASES.standstill));
  });

  it('with no standstill the award and the contract are one release', () => {
    const rs = projectReleases(PREFIX, PHASES['final at once']);
    expect(rs.map((r) => r.tag)).toEqual([['tender'], ['tenderUpdate'], ['award', 'contract']]);
    expect(last(rs).awards![0].status).toBe('active');
    expect(last(rs).tender).not.toHaveProperty('standstillPeriod');
  });

  it('an award withdrawn by an upheld objection stays published as cancelled beside the new one', () => {
    const rs = projectReleases(PREFIX, PHASES['withdrawn and awarded again']);
    expect(rs.map((r) => r.id.slice(r.ocid.length + 1))).toEqual(['tender', 'opening', 'award-1', 'award-1-withdrawn', 'award-2']);
    const withdrawn = rs[3] as any;
    expect(withdrawn.awards.map((a: any) => a.status)).toEqual(['cancelled']);
    expect(withdrawn.tender.status).toBe('active');
    const now = last(rs);
    expect(now.awards!.map((a) => [a.id, a.status, a.suppliers[0].id])).toEqual([
      ['award-1', 'cancelled', winner.id],
      ['award-2', 'pending', second.id],
    ]);
    expect(now.tender.standstillPeriod).toEqual({ startDate: '2026-12-06T09:00:00.000Z', endDate: '2026-12-11T09:00:00.000Z' });
  });

  it('completed: the contract ends; cancelled: the tender, a pending award or the running contract ends', () => {
    const done = last(projectReleases(PREFIX, PHASES.completed));
    expect(done).toMatchObject({ tag: ['contractTermination'], date: '2027-09-01T12:00:00.000Z', tender: { status: 'complete' } });
    expect(done.contracts![0].status).toBe('terminated');

    const early = projectReleases(PREFIX, PHASES['cancelled while bidding']);
    expect(early.map((r) => r.tag)).toEqual([['tender'], ['tenderCancellation']]);
    expect(last(early).tender.status).toBe('cancelled');
    expect(last(early).tender.numberOfTenderers).toBeUndefined();

    const standstill = last(projectReleases(PREFIX, PHASES['cancelled in the standstill']));
    expect(standstill).toMatchObject({ tag: ['tenderCancellation'], tender: { status: 'cancelled' } });
    expect(standstill.awards![0].status).toBe('cancelled');

    const contract = last(projectReleases(PREFIX, PHASES['cancelled under contract']));
    expect(contract).toMatchObject({ tag: ['contractTermination'], tender: { status: 'complete' } });
    expect(contract.contracts![0].status).toBe('terminated');
  });
});
