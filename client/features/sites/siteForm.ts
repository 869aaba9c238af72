/**
 * The new-site form and the approval rules' editor as typed: the inputs they make, and
 * their errors from the shared schemas (shared/schemas/site.ts, which the server parses
 * too), one message per field and per line or level, so the form says under each field
 * what the server would refuse.
 */
import { siteApprovalRulesSchema, siteCreateSchema, type SiteApprovalRulesInput, type SiteCreateInput } from '../../../shared/schemas/site';
import { parseNumber } from '../../ui/formInput';

export interface DraftBudgetLine {
  id: string;
  code: string;
  description: string;
  quantity: string;
  unit: string;
  category_id: string | null;
  budget_amount: string;
}

export interface SiteDraft {
  name: string;
  location: string;
  starts_on: string;
  ends_on: string;
  /** '' for none */
  manager_id: string;
  lines: DraftBudgetLine[];
}

export const emptySite = (): SiteDraft => ({ name: '', location: '', starts_on: '', ends_on: '', manager_id: '', lines: [] });

export const newBudgetLine = (patch: Partial<Omit<DraftBudgetLine, 'id'>> = {}): DraftBudgetLine => ({
  id: crypto.randomUUID(),
  code: '',
  description: '',
  quantity: '',
  unit: '',
  category_id: null,
  budget_amount: '',
  ...patch,
});

const HEAD_FIELDS = ['name', 'location', 'starts_on', 'ends_on', 'manager_id'] as const;
type HeadField = (typeof HEAD_FIELDS)[number];
const LINE_FIELDS = ['code', 'description', 'quantity', 'unit', 'budget_amount'] as const;
type LineField = (typeof LINE_FIELDS)[number];

/** Message keys under sites:form.errors. */
export type SiteFormError = 'required' | 'invalid' | 'date' | 'endsBeforeStart' | 'quantity' | 'amount';

export interface SiteErrors {
  head: Partial<Record<HeadField, SiteFormError>>;
  lines: Record<string, Partial<Record<LineField, SiteFormError>>>;
}

/** A number field as the schema reads it: absent when empty (the schema says it is required), NaN when it is no number. */
const numberOf = (text: string): number => parseNumber(text) ?? Number.NaN;

export type SiteInput = Omit<SiteCreateInput, 'id'>;

function toInput(d: SiteDraft): SiteInput {
  return {
    name: d.name,
    location: d.location,
    starts_on: d.starts_on || null,
    ends_on: d.ends_on || null,
    manager_id: d.manager_id || null,
    budget_lines: d.lines.map((l) => ({
      id: l.id,
      code: l.code.trim() || null,
      description: l.description,
      quantity: numberOf(l.quantity),
      unit: l.unit,
      category_id: l.category_id,
      budget_amount: numberOf(l.budget_amount),
    })),
  };
}

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Errors per field and per line, and the input when there are none. */
export function validateSite(d: SiteDraft): { errors: SiteErrors; input?: SiteInput } {
  const input = toInput(d);
  const errors: SiteErrors = { head: {}, lines: {} };
  const result = siteCreateSchema.safeParse({ id: '00000000-0000-4000-8000-000000000000', ...input });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'budget_lines' && typeof index === 'number' && LINE_FIELDS.includes(field as LineField)) {
        const line = d.lines[index];
        const f = field as LineField;
        const slot = (errors.lines[line.id] ??= {});
        slot[f] ??= isBlank(line[f]) ? 'required' : f === 'quantity' ? 'quantity' : f === 'budget_amount' ? 'amount' : 'invalid';
        continue;
      }
      const head = HEAD_FIELDS.find((h) => h === first);
      if (!head || errors.head[head]) continue;
      errors.head[head] = isBlank(d[head]) && head !== 'ends_on' ? 'required' : head === 'ends_on' && d.starts_on && d.ends_on ? 'endsBeforeStart' : head.endsWith('_on') ? 'date' : 'invalid';
    }
  }
  // The schema's own rule too, said under the end date even when the schema names the site as a whole.
  if (!errors.head.ends_on && !errors.head.starts_on && d.starts_on && d.ends_on && d.ends_on < d.starts_on) errors.head.ends_on = 'endsBeforeStart';
  const ok = result.success && !Object.keys(errors.head).length && !Object.keys(errors.lines).length;
  return ok ? { errors, input } : { errors };
}

// --- approval rules ----------------------------------------------------------------------

export interface DraftLevel {
  key: string;
  /** '' on the top level, which has no limit */
  up_to_amount: string;
  approver_ids: string[];
}

/** The rules as the editor starts them: the site's levels, the last one the top. */
export const draftLevels = (levels: ReadonlyArray<{ up_to_amount: number | null; approver_ids: readonly string[] }>): DraftLevel[] =>
  levels.map((l) => ({ key: crypto.randomUUID(), up_to_amount: l.up_to_amount === null ? '' : String(l.up_to_amount), approver_ids: [...l.approver_ids] }));

/** A level added before the top one: its limit still to type, nobody approving yet. */
export function addLevel(levels: readonly DraftLevel[]): DraftLevel[] {
  const fresh: DraftLevel = { key: crypto.randomUUID(), up_to_amount: '', approver_ids: [] };
  return levels.length ? [...levels.slice(0, -1), fresh, levels[levels.length - 1]] : [{ ...fresh }];
}

/** A level removed; the top one stays the top (removing it makes the one before it the top). */
export const removeLevel = (levels: readonly DraftLevel[], key: string): DraftLevel[] => levels.filter((l) => l.key !== key);

/** Message keys under sites:rules.errors. */
export type RulesError = 'required' | 'invalid' | 'amount' | 'ascending' | 'noLevels' | 'tooMany' | 'approver';

export interface RulesErrors {
  /** about the levels as a whole */
  levels?: RulesError;
  byLevel: Record<string, { up_to_amount?: RulesError; approver_ids?: RulesError }>;
}

function toLevels(levels: readonly DraftLevel[]): SiteApprovalRulesInput['levels'] {
  return levels.map((l, i) => ({ up_to_amount: i === levels.length - 1 ? null : numberOf(l.up_to_amount), approver_ids: l.approver_ids }));
}

/**
 * Errors per level and the input when there are none. `members`: the company's people an
 * approver may be (when known), so a level naming someone who left says so here first.
 */
export function validateRules(levels: readonly DraftLevel[], members?: ReadonlySet<string>): { errors: RulesErrors; input?: SiteApprovalRulesInput } {
  const input: SiteApprovalRulesInput = { levels: toLevels(levels) };
  const errors: RulesErrors = { byLevel: {} };
  const result = siteApprovalRulesSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, index, field] = issue.path;
      if (first !== 'levels') continue;
      if (typeof index !== 'number') {
        errors.levels ??= levels.length ? 'tooMany' : 'noLevels';
        continue;
      }
      const level = levels[index];
      if (!level) continue;
      const slot = (errors.byLevel[level.key] ??= {});
      if (field === 'approver_ids') slot.approver_ids ??= 'approver';
      else if (isBlank(level.up_to_amount) && index < levels.length - 1) slot.up_to_amount ??= 'required';
      else if (Number.isFinite(input.levels[index].up_to_amount) && index > 0) slot.up_to_amount ??= 'ascending';
      else slot.up_to_amount ??= 'amount';
    }
  }
  if (members) {
    for (const l of levels) if (l.approver_ids.some((id) => !members.has(id))) (errors.byLevel[l.key] ??= {}).approver_ids ??= 'approver';
  }
  const ok = result.success && !errors.levels && !Object.keys(errors.byLevel).length;
  return ok ? { errors, input } : { errors };
}

/** The owner's tolerance as typed: a percentage from 0 to 100 in hundredths, or null when it is not one. */
export function parseTolerance(raw: string): number | null {
  const n = parseNumber(raw);
  if (n === null || n < 0 || n > 100 || Math.round(n * 100) !== n * 100) return null;
  return n;
}
