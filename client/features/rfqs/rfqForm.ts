/**
 * The RFQ builder's values as typed (the draft, draft.ts): the mutation input they make, and their errors from the shared schema (the server
 * parses the same one) plus the builder's own rules: the closing time is in the future and
 * a needed-by date is not before it.
 */
import { rfqCreateSchema, type RfqCreateInput } from '../../../shared/schemas/rfq';
import type { RfqDraft } from './draft';
import type { KeysUnder } from '../../i18n/keys';
import { localToIso, parseNumber, type SharedFieldError } from '../../ui/formInput';

const HEAD_FIELDS = ['title', 'location', 'needed_by', 'closes_at', 'supplier_ids', 'lines'] as const;
type HeadField = (typeof HEAD_FIELDS)[number];
const LINE_FIELDS = ['description', 'quantity', 'unit'] as const;
type LineField = (typeof LINE_FIELDS)[number];

/** Message keys: rfqs:form.errors, and the shared ones of common:validation. */
export type RfqFormError = KeysUnder<'rfqs', 'form.errors'> | SharedFieldError;

export interface DraftErrors {
  head: Partial<Record<HeadField, RfqFormError>>;
  lines: Record<string, Partial<Record<LineField, RfqFormError>>>;
}

export type RfqInput = Omit<RfqCreateInput, 'id'>;

function toInput(d: RfqDraft): RfqInput {
  const siteId = d.site_id || null;
  return {
    title: d.title,
    location: d.location,
    needed_by: d.needed_by || null,
    closes_at: localToIso(d.closes_at) ?? '',
    audience: d.audience,
    supplier_ids: d.audience === 'invited' ? d.supplier_ids : undefined,
    site_id: siteId,
    lines: d.lines.map((l) => ({
      id: l.id,
      description: l.description,
      quantity: parseNumber(l.quantity) ?? Number.NaN,
      unit: l.unit,
      category_id: l.category_id,
      product_id: l.product_id,
      // A budget line is of the site: without one the line spends none.
      budget_line_id: siteId ? (l.budget_line_id ?? null) : null,
    })),
  };
}

const SCHEMA_MESSAGES: Record<string, RfqFormError> = { suppliers_required: 'suppliers', duplicate_line: 'invalid' };

/** Errors per field and per line, and the input when there are none. */
export function validateDraft(d: RfqDraft, now = Date.now()): { errors: DraftErrors; input?: RfqInput } {
  const input = toInput(d);
  const errors: DraftErrors = { head: {}, lines: {} };
  const result = rfqCreateSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const [first, index, field] = issue.path;
      if (first === 'lines' && typeof index === 'number' && LINE_FIELDS.includes(field as LineField)) {
        const line = d.lines[index];
        const f = field as LineField;
        const slot = (errors.lines[line.id] ??= {});
        slot[f] ??= line[f].trim() === '' ? 'required' : f === 'quantity' ? 'quantity' : 'invalid';
        continue;
      }
      const head = HEAD_FIELDS.find((h) => h === first);
      if (!head || errors.head[head]) continue;
      const value = d[head];
      const blank = typeof value === 'string' && value.trim() === '';
      errors.head[head] = SCHEMA_MESSAGES[issue.message] ?? (head === 'lines' ? 'noLines' : blank ? 'required' : head === 'closes_at' || head === 'needed_by' ? 'date' : 'invalid');
    }
  }
  const closes = Date.parse(input.closes_at);
  if (!errors.head.closes_at && closes <= now) errors.head.closes_at = 'closesPast';
  if (!errors.head.needed_by && input.needed_by && Date.parse(`${input.needed_by}T23:59:59`) < closes) errors.head.needed_by = 'neededBeforeClose';
  const ok = !Object.keys(errors.head).length && !Object.keys(errors.lines).length;
  return ok ? { errors, input } : { errors };
}
