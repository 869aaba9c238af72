/**
 * The new purchase request as typed: its lines (a budget line of the site, or a free
 * description), quantities, units and estimated prices as text, and what it makes: the
 * create input, checked by the shared schema the server parses too (one message per field
 * and per line), and, while it is typed, its amount with VAT and the levels that amount
 * will need under the site's rules (shared/approval-levels.ts, the server's own rule).
 */
import { requestAmount, requiredLevels, type ApprovalLevel } from '../../../shared/approval-levels';
import { purchaseRequestCreateSchema } from '../../../shared/schemas/purchase-request';
import { parseNumber } from '../../ui/formInput';

export interface DraftRequestLine {
  id: string;
  /** null: typed freely */
  budget_line_id: string | null;
  description: string;
  quantity: string;
  unit: string;
  estimated_unit_price: string;
  /** the market median the price was prefilled from, when it was */
  market_median: number | null;
}

export interface RequestDraft {
  site_id: string;
  needed_by: string;
  note: string;
  lines: DraftRequestLine[];
}

export const newRequestLine = (patch: Partial<Omit<DraftRequestLine, 'id'>> = {}): DraftRequestLine => ({
  id: crypto.randomUUID(),
  budget_line_id: null,
  description: '',
  quantity: '',
  unit: '',
  estimated_unit_price: '',
  market_median: null,
  ...patch,
});

export const emptyRequest = (siteId = ''): RequestDraft => ({ site_id: siteId, needed_by: '', note: '', lines: [newRequestLine()] });

/** A budget line as the form offers it. */
export interface BudgetLineChoice {
  id: string;
  description: string;
  unit: string;
  category_id: string | null;
}

/**
 * A line taken from a budget line: its description and unit, and the market median of its
 * category and unit as the estimated price when the device knows one (else left to type).
 */
export function lineFromBudget(line: DraftRequestLine, budget: BudgetLineChoice, median: (categoryId: string | null, unit: string) => number | null): DraftRequestLine {
  const price = median(budget.category_id, budget.unit);
  return {
    ...line,
    budget_line_id: budget.id,
    description: budget.description,
    unit: budget.unit,
    market_median: price,
    estimated_unit_price: price === null ? line.estimated_unit_price : String(price),
  };
}

const HEAD_FIELDS = ['site_id', 'needed_by', 'note'] as const;
type HeadField = (typeof HEAD_FIELDS)[number];
const LINE_FIELDS = ['description', 'quantity', 'unit', 'estimated_unit_price'] as const;
type LineField = (typeof LINE_FIELDS)[number];

/** Message keys under purchase-requests:form.errors. */
export type RequestFormError = 'required' | 'invalid' | 'date' | 'quantity' | 'price' | 'noLines';

export interface RequestErrors {
  head: Partial<Record<HeadField | 'lines', RequestFormError>>;
  lines: Record<string, Partial<Record<LineField, RequestFormError>>>;
}

const numberOf = (text: string): number => parseNumber(text) ?? Number.NaN;
/** An optional number: absent when empty, NaN (refused) when it is no number. */
const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : numberOf(text));

export interface RequestInput {
  site_id: string;
  needed_by: string | null;
  note: string | null;
  lines: Array<{ id: string; budget_line_id: string | null; description: string; quantity: number; unit: string; estimated_unit_price: number | null }>;
}

function toInput(d: RequestDraft): RequestInput {
  return {
    site_id: d.site_id,
    needed_by: d.needed_by || null,
    note: d.note.trim() || null,
    lines: d.lines.map((l) => ({
      id: l.id,
      budget_line_id: l.budget_line_id,
      description: l.description,
      quantity: numberOf(l.quantity),
      unit: l.unit,
      estimated_unit_price: optionalNumber(l.estimated_unit_price),
    })),
  };
}

const isBlank = (v: string) => v.trim() === '';

/** Errors per field and per line, and the input when there are none. */
export function validateRequest(d: RequestDraft): { errors: RequestErrors; input?: RequestInput } {
  const input = toInput(d);
  const errors: RequestErrors = { head: {}, lines: {} };
  const result = purchaseRequestCreateSchema.safeParse({ id: '00000000-0000-4000-8000-000000000000', ...input });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'lines' && typeof index === 'number' && LINE_FIELDS.includes(field as LineField)) {
        const line = d.lines[index];
        const f = field as LineField;
        const slot = (errors.lines[line.id] ??= {});
        slot[f] ??= f !== 'estimated_unit_price' && isBlank(line[f]) ? 'required' : f === 'quantity' ? 'quantity' : f === 'estimated_unit_price' ? 'price' : 'invalid';
        continue;
      }
      if (first === 'lines' && typeof index !== 'number') {
        errors.head.lines ??= 'noLines';
        continue;
      }
      const head = HEAD_FIELDS.find((h) => h === first);
      if (!head || errors.head[head]) continue;
      errors.head[head] = head === 'site_id' ? 'required' : head === 'needed_by' ? 'date' : 'invalid';
    }
  }
  const ok = result.success && !Object.keys(errors.head).length && !Object.keys(errors.lines).length;
  return ok ? { errors, input } : { errors };
}

/**
 * What the request comes to as typed: its amount with VAT (null while a line has no price,
 * or a quantity or price is not yet a number) and the levels it will need under the site's
 * levels now (every level for an unknown amount, as the server decides).
 */
export function requestSummary(d: RequestDraft, levels: readonly ApprovalLevel[]): { amount: number | null; levels: number[]; complete: boolean } {
  const lines = d.lines.map((l) => ({ quantity: parseNumber(l.quantity), estimated_unit_price: optionalNumber(l.estimated_unit_price) }));
  const complete = lines.every((l) => l.quantity !== null && Number.isFinite(l.quantity) && (l.estimated_unit_price === null || Number.isFinite(l.estimated_unit_price)));
  const amount = complete ? requestAmount(lines.map((l) => ({ quantity: l.quantity ?? 0, estimated_unit_price: l.estimated_unit_price }))) : null;
  return { amount, levels: requiredLevels(levels, amount), complete };
}
