import { describe, expect, it } from 'vitest';
import { projectReleases, releasePackage, type TenderFacts } from './releases';
import { releasePackageErrors } from './schema';
import type { DocumentFacts } from './documents';

const t = (iso: string) => new Date(iso);
const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);
const D1 = '55555555-5555-4555-8555-555555555555';
const D2 = '66666666-6666-4666-8666-666666666666';

const docs: DocumentFacts[] = [
  { id: D1, type: 'bill_of_quantities', title: 'جدول الكميات', format: 'xlsx', hash: H1, published_at: t('2026-11-21T08:00:00.000Z'), replaces_id: null, superseded_at: t('2026-11-25T08:00:00.000Z') },
  { id: D2, type: 'bill_of_quantities', title: 'جدول الكميات - ملحق 1', format: 'xlsx', hash: H2, published_at: t('2026-11-25T08:00:00.000Z'), replaces_id: D1, superseded_at: null },
];

const facts: TenderFacts = {
  id: '44444444-4444-4444-8444-444444444444',
  title: 'توسعة مدرسة',
  description: 'أعمال إنشائية',
  location: 'الرياض',
  requirements: null,
  budget: null,
  deadline_date: '2026-12-01',
  status: 'open',
  created_at: t('2026-11-20T08:00:00.000Z'),
  closed_at: t('2026-11-20T08:00:00.000Z'),
  buyer: { id: '11111111-1111-4111-8111-111111111111', name: 'أمانة' },
  opens_at: t('2026-12-01T21:00:00.000Z'),
  opening: null,
  awards: [],
  questions_until: null,
  enquiries: [],
  documents: docs,
  documentUrl: (id) => `https://binaa.example/api/projects/44444444-4444-4444-8444-444444444444/documents/${id}`,
};

const pkg = (releases: ReturnType<typeof projectReleases>) => releasePackage({ uri: 'https://binaa.example/x', publicUrl: 'https://binaa.example', releases });

describe('tender documents in the open data', () => {
  it('lists each version from its publication with its codelist type, format and hash; an addendum is a tenderAmendment that supersedes the old version', () => {
    const releases = projectReleases('ocds-test01', facts);
    expect(releases.map((r) => r.tag[0])).toEqual(['tender', 'tenderUpdate', 'tenderAmendment']);
    expect((releases[0].tender as Record<string, unknown>).documents).toBeUndefined();
    const first = (releases[1].tender as { documents: Array<Record<string, unknown>> }).documents;
    expect(first).toEqual([
      expect.objectContaining({
        id: D1,
        documentType: 'billOfQuantity',
        format: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        hash: `sha256:${H1}`,
        datePublished: '2026-11-21T08:00:00.000Z',
        dateModified: '2026-11-21T08:00:00.000Z',
        url: `https://binaa.example/api/projects/44444444-4444-4444-8444-444444444444/documents/${D1}`,
      }),
    ]);
    const last = releases[2].tender as { documents: Array<Record<string, unknown>>; amendments: unknown[] };
    expect(last.documents.map((d) => [d.id, d.dateModified])).toEqual([
      [D1, '2026-11-25T08:00:00.000Z'],
      [D2, '2026-11-25T08:00:00.000Z'],
    ]);
    expect(last.documents[0].description).toContain('Superseded');
    expect(last.amendments).toHaveLength(1);
    expect(releasePackageErrors(pkg(releases))).toEqual([]);
  });

  it('refuses a hash that is not sha256:<hex> (the schema checks the field)', () => {
    const releases = projectReleases('ocds-test01', facts);
    (releases[1].tender as { documents: Array<Record<string, unknown>> }).documents[0].hash = 'md5:xyz';
    expect(releasePackageErrors(pkg(releases)).join('\n')).toMatch(/hash/);
  });
});
